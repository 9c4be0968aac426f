"""Setting up: the deal, the first lots, the options, and the bound on a game's length."""

from __future__ import annotations

import pytest

from meeple.core import InvalidOptionsError
from meeple.core import build_options
from meeple.testing import random_playout
from meeple.wypas import GAME
from meeple.wypas import Options
from meeple.wypas.state import HIDE


@pytest.mark.rule("wypas:auction.lots")
@pytest.mark.parametrize(("players", "lots"), [(3, 2), (4, 3), (5, 3), (6, 3)])
def test_the_baca_draws_two_lots_with_three_players_else_three(players: int, lots: int) -> None:
    state = GAME.start(players, seed=3)
    assert state.phase == HIDE
    assert state.to_act == frozenset({0})
    assert len(state.drawn) == lots
    assert all(len(h) == 5 for h in state.hands)


def test_options_are_checked() -> None:
    with pytest.raises(InvalidOptionsError, match="bluff"):
        build_options("wypas", Options, {"bluff": "maybe"})
    assert build_options("wypas", Options, {"bluff": True}).bluff


@pytest.mark.parametrize("rounds", [0, 201, -3])
def test_round_limit_is_bounded(rounds: int) -> None:
    with pytest.raises(InvalidOptionsError, match="max_rounds"):
        build_options("wypas", Options, {"max_rounds": rounds})


@pytest.mark.rule("wypas:end.round-limit")
@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_random_games_end_within_max_steps(players: int) -> None:
    final, moves, _ = random_playout(GAME, players, seed=11)
    assert final.is_over
    assert len(moves) < GAME.spec.max_steps(players)

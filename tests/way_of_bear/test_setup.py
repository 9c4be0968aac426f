"""Set-up, options and the step bound."""

from __future__ import annotations

import pytest

from meeple.core import InvalidOptionsError
from meeple.core import build_options
from meeple.way_of_bear import GAME
from meeple.way_of_bear import Options
from meeple.way_of_bear.components import PART_P


@pytest.mark.rule(
    "way_of_bear:setup.table",
    "way_of_bear:setup.steles",
    "way_of_bear:setup.cards",
    "way_of_bear:setup.first-player",
)
@pytest.mark.parametrize("players", [2, 3, 4])
def test_setup(players: int) -> None:
    state = GAME.start(players, seed=3)
    assert state.temples == (1, 1, 1, 1)
    assert sum(1 for cell in state.board if 0 <= cell < 4) == 4  # the bear steles
    assert all(sum(r) == 3 for r in state.reserves)
    assert sum(state.bag) == 84 - 4 - 4 - 3 * players
    assert all(cell == -1 for v, cell in enumerate(state.board) if PART_P[v]) == (players < 4)
    assert len(state.deck) == 16
    assert state.current == 0
    assert state.to_act == {0}
    assert GAME.start(players, seed=3) == state
    assert GAME.start(players, seed=4) != state


@pytest.mark.rule("way_of_bear:end.round-limit")
def test_options_default_to_the_rulebook_game_with_our_round_limit() -> None:
    assert Options().max_rounds == 60
    assert GAME.start(2, seed=1).max_rounds == 60
    assert GAME.spec.max_steps(4) >= 200 * 4 * 20


def test_bad_options_are_refused() -> None:
    with pytest.raises(InvalidOptionsError, match="max_rounds"):
        Options(max_rounds=0)
    with pytest.raises(InvalidOptionsError):
        build_options("way_of_bear", Options, {"max_rounds": "many"})
    with pytest.raises(InvalidOptionsError, match="unknown option"):
        build_options("way_of_bear", Options, {"rounds": 3})


def test_every_game_ends_within_max_steps() -> None:
    for players in (2, 3, 4):
        for seed in range(5):
            state = GAME.start(players, seed=seed)
            steps = 0
            while not state.is_over:
                state = state.apply(
                    state.legal_actions()[(seed * 7 + steps) % 3 % len(state.legal_actions())]
                )
                steps += 1
            assert steps <= GAME.spec.max_steps(players)

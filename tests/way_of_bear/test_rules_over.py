"""The end of the game: a full board finishes the round; our round limit ends a stall."""

from __future__ import annotations

import pytest

from meeple.way_of_bear import GAME
from meeple.way_of_bear import Options
from meeple.way_of_bear.components import CAPACITY
from meeple.way_of_bear.scoring import completed

from .helpers import ALL
from .helpers import CORNER
from .helpers import build
from .helpers import kind
from .helpers import play

# seven tokens taken (one commerce still missing), so seven more steles on the board
SEVEN_MORE = dict.fromkeys(("v05", "v07", "v14", "v16", "v23", "v25", "v27"), "white")


@pytest.mark.rule("way_of_bear:end.round")
def test_completing_the_board_finishes_the_round_then_ends() -> None:
    seven = [k for k in ALL if k != kind("commerce", True)]
    state = build(
        steles={**CORNER, **SEVEN_MORE},
        token_at={"v01": kind("commerce")},
        player_tokens={0: seven},
        reserves={0: {"orange": 1, "black": 1, "blue": 1}},
    )
    done = play(state, "place orange v01", "pay black", "pay blue")
    assert completed(done.tokens[0], CAPACITY[done.players])
    assert not done.is_over
    assert done.current == 1
    done = play(done, "draw")
    assert not done.is_over
    assert done.current == 2
    done = play(done, "draw")
    assert done.is_over
    assert done.to_act == frozenset()
    outcome = done.outcome()
    assert outcome.winners == frozenset({0})
    assert outcome.final
    assert outcome.detail(0)["completed"] is True


@pytest.mark.rule("way_of_bear:end.round-limit", "way_of_bear:victory.ranking")
def test_round_limit_ends_a_game_and_ranks_by_tokens_then_seals() -> None:
    state = GAME.start(3, seed=5, options=Options(max_rounds=1))
    for _ in range(200):
        if state.is_over:
            break
        state = state.apply(state.legal_actions()[-1])
    assert state.is_over
    assert state.round == 1
    outcome = state.outcome()
    keys = [(outcome.detail(p)["tokens"], outcome.detail(p)["dragon_seals"]) for p in range(3)]
    best = max(keys)
    assert outcome.winners == frozenset(p for p in range(3) if keys[p] == best)

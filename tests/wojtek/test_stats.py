"""The statistics capability: Edinburgh, a complete set, or the round limit."""

from __future__ import annotations

import pytest

from meeple.core import ENDED_BY
from meeple.core import STALLED
from meeple.wojtek import GAME
from meeple.wojtek import Options
from meeple.wojtek.board import load_board
from meeple.wojtek.scoring import has_complete_set

from ..shared import finished

FINISH = load_board().finish


def test_the_ending_is_read_from_the_final_position() -> None:
    seen = set()
    for seed in range(12):  # seed 3 is a rare game that a complete set ends
        state = finished(GAME, 2, seed)
        stats = GAME.statistics(state)
        in_edinburgh = sum(1 for pos in state.positions if pos == FINISH)
        complete = any(has_complete_set(c) for c in state.collections)
        expected = {
            (True, False): "edinburgh",
            (False, True): "complete set",
            (True, True): "edinburgh and a complete set",
        }[(in_edinburgh > 0, complete)]
        assert stats[ENDED_BY] == expected, seed
        assert stats[STALLED] is False
        assert stats["pawns in edinburgh"] == in_edinburgh
        assert stats["rounds"] == state.round
        winners = state.outcome().winners
        assert stats["winner in edinburgh"] is any(state.positions[w] == FINISH for w in winners)
        assert stats["winner's largest set"] == max(state.outcome().scores)
        seen.add(expected)
    assert {"edinburgh", "complete set"} <= seen


@pytest.mark.rule("wojtek:end.round-limit")
def test_the_round_limit_is_a_stall_rule() -> None:
    state = finished(GAME, 3, 1, Options(round_limit=3))
    stats = GAME.statistics(state)
    assert not state.ending
    assert stats[ENDED_BY] == "round limit"
    assert stats[STALLED] is True

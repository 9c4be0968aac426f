"""The statistics capability: a completed board or the round limit."""

from __future__ import annotations

import pytest

from meeple.core import ENDED_BY
from meeple.core import STALLED
from meeple.way_of_bear import GAME
from meeple.way_of_bear import Options
from meeple.way_of_bear.components import CAPACITY
from meeple.way_of_bear.scoring import completed

from ..shared import finished


def test_a_completed_board_ends_the_game_naturally() -> None:
    seals_decided = 0
    for seed in range(6):
        state = finished(GAME, 2, seed)
        stats = GAME.statistics(state)
        completers = [p for p in range(2) if completed(state.tokens[p], CAPACITY[2])]
        assert completers
        assert stats[ENDED_BY] == "completed board"
        assert stats[STALLED] is False
        assert stats["completed boards"] == len(completers)
        assert stats["decided by dragon seals"] is (len(completers) > 1)
        assert stats["rounds"] == state.round
        seals_decided += len(completers) > 1
    assert seals_decided  # seed 3: both boards full, the seals decide


@pytest.mark.rule("way_of_bear:end.round-limit")
def test_the_round_limit_is_a_stall_rule() -> None:
    state = finished(GAME, 3, 0, Options(max_rounds=3))
    stats = GAME.statistics(state)
    assert stats[ENDED_BY] == "round limit"
    assert stats[STALLED] is True
    assert stats["completed boards"] == 0
    assert stats["decided by dragon seals"] is False

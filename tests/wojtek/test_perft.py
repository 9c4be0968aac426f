"""Counted legal-move sequences (perft) from seeded positions.

Positions come from a seeded random playout. Chance (card draws) is resolved
inside apply from the state's rng, so each action has one successor. Counts
marked "by hand" are derived in the comment; the others pin the current rules as
regressions (if a rule change alters one, re-derive it before updating).
"""

from __future__ import annotations

import pytest

from meeple.testing import perft
from meeple.testing import random_playout
from meeple.wojtek import GAME

# (players, seed, steps played from the start, depth, expected count).
# Depth 1 by hand: (2, 3, 4) is a turn start on route-1 holding orange, yellow and
# violet trucks and no rainbow, and three of a colour is impossible (3 trucks +
# 3 exchanges = 6); (4, 21, 40) is mid-exchange holding orange, violet and pink
# (3 exchanges + done = 4).
PERFT = [
    (2, 3, 4, 1, 6),
    (2, 3, 4, 2, 35),
    (2, 3, 4, 3, 189),
    (3, 9, 12, 1, 8),
    (3, 9, 12, 2, 62),
    (3, 9, 12, 3, 410),
    (4, 21, 40, 1, 4),
    (4, 21, 40, 3, 161),
]


@pytest.mark.parametrize(("players", "seed", "steps", "depth", "expected"), PERFT)
def test_perft(players: int, seed: int, steps: int, depth: int, expected: int) -> None:
    state = random_playout(GAME, players, seed, limit=steps)[0]
    assert perft(state, depth) == expected


@pytest.mark.rule("wojtek:deport.draw")
def test_the_deportation_round_is_one_draw_per_seat() -> None:
    # By hand: in round 1 each seat's only action is `draw`, and neither of the two
    # travel cards seed 3 turns up is a rainbow card (which would add a choice of
    # seven sites), so both seats' turns give one line.
    state = GAME.start(2, seed=3)
    assert [perft(state, d) for d in (1, 2)] == [1, 1]

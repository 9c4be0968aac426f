"""Perft-style counts of legal move sequences from seeded positions.

The numbers were produced by this implementation and checked by hand for the
first plies (see the comments); they pin the move generator: any change in what
is legal, or in how identical cards are merged into one move, changes them.
"""

from __future__ import annotations

from typing import cast

import pytest

from meeple.testing import perft
from meeple.testing import random_playout
from meeple.wypas import GAME
from meeple.wypas import Options
from meeple.wypas.state import State

from .helpers import hand
from .helpers import play
from .test_rules_reactions import redyk_start


def _after(players: int, seed: int, moves: int) -> State:
    _, _, states = random_playout(GAME, players, seed, limit=moves)
    return cast(State, states[-1])


def test_start_without_specials() -> None:
    # 5 players, no specials: the baca picks which of 3 distinct lots to hide (3), the
    # opener names one of the 3 lots (x3 = 9), then bidding starts.
    state = GAME.start(5, seed=2, options=Options(specials=False))
    assert [perft(state, d) for d in range(1, 7)] == [3, 9, 54, 315, 1593, 7623]


def test_start_with_specials() -> None:
    # 3 players draw 2 lots: the baca hides one (2); the opener names the face-up or
    # the face-down lot (x2 = 4) and bids with pass or one of its four sheep kinds
    # (x5 = 20). Seat 0's Black Sheep and seat 1's Sheepdog have no target (no pen, no
    # wolf), so nobody is offered a special card.
    state = GAME.start(3, seed=1)
    assert [perft(state, d) for d in range(1, 6)] == [2, 4, 20, 124, 904]


@pytest.mark.parametrize(
    ("players", "seed", "moves", "counts"),
    [
        (4, 9, 120, [5, 22, 70, 183]),
        (4, 9, 180, [3, 6, 9, 17]),
        (3, 3, 250, [3, 4, 8, 19]),
    ],
)
def test_midgame(players: int, seed: int, moves: int, counts: list[int]) -> None:
    state = _after(players, seed, moves)
    assert [perft(state, d) for d in range(1, len(counts) + 1)] == counts


def test_start_with_bluff() -> None:
    # 3 lots to hide, 3 to name; the opener then has `pass`, one face-up bid per
    # distinct sheep kind (4 here) and a face-down bid per distinct kind and
    # declared value (4 x 6): 1 + 4 + 24 = 29 moves from each of the 9 positions.
    state = GAME.start(4, seed=6, options=Options(bluff=True, specials=False))
    assert [perft(state, d) for d in range(1, 5)] == [3, 9, 261, 2349]


def test_the_victim_of_a_thief_answers() -> None:
    # Seat 0's Thief robs seat 1 (red 1, Black Sheep); seat 2's pen holds green 3 and 4.
    # Seat 1 passes or answers with its Black Sheep on either sheep (3); everyone else
    # holds nothing and can only pass (3, 3); after the third pass the chain resolves:
    # the Thief takes the red 1 or the Black Sheep from the untouched hand (2), or,
    # when the Black Sheep was played, the red 1 from what is left, after one more
    # pass (1 + 1): 4. Then: the Thief's player goes on with its redyk holding the red
    # 1 (done or either pen: 3) while seat 1 is offered its Black Sheep (wait or
    # either sheep: 3), or holding the Black Sheep (done or either sheep: 3); or the
    # Thief takes the red 1 after the Black Sheep (1 + 1): 6 + 3 + 2 = 11.
    state = play(redyk_start((hand("thief"), hand("red-1", "black"), (), ())), "thief p1")
    assert [perft(state, d) for d in range(1, 6)] == [3, 3, 3, 4, 11]

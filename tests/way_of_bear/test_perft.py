"""Perft-style counts: legal move sequences from seeded positions.

The corner position is worked out by hand at depth 1 (see the comments there). The
counts from seeded starts are regression values computed by this implementation:
any change in set-up, chance or move generation changes them.
"""

from __future__ import annotations

import pytest

from meeple.testing import perft
from meeple.way_of_bear import GAME

from .helpers import CORNER
from .helpers import build
from .helpers import texts


def test_depth_one_of_the_corner_position_by_hand() -> None:
    state = build(steles=CORNER, reserves={0: {"orange": 1, "black": 1, "blue": 1}})
    # Worked out by hand: 6 takes (each temple holds one stele, so any two distinct
    # temples), the draw, then for each village touching a stele every colour in the
    # reserve that has no same-coloured neighbour and leaves enough to pay:
    # v01 (black, blue around): orange; v03 (black, orange): blue; v10 touches all
    # three colours: none; v12, v18, v19, v25 (orange around): black and blue.
    assert texts(state.legal_actions()) == [
        "take orange black",
        "take orange blue",
        "take orange white",
        "take black blue",
        "take black white",
        "take blue white",
        "draw",
        "place orange v01",
        "place blue v03",
        "place black v12",
        "place blue v12",
        "place black v18",
        "place blue v18",
        "place black v19",
        "place blue v19",
        "place black v25",
        "place blue v25",
    ]
    assert perft(state, 1) == 17
    # placing orange on v01 leaves two orders of payment (pay black / pay blue)
    assert perft(state.apply(GAME.parse_action("place orange v01")), 1) == 2
    assert [perft(state, 2), perft(state, 3)] == [31, 105]


@pytest.mark.parametrize(
    ("players", "seed", "counts"),
    [
        (2, 1, [1, 22, 112, 786]),
        (3, 2, [1, 20, 75, 320]),
        (4, 3, [1, 15, 41, 175]),
    ],
)
def test_perft_from_the_start(players: int, seed: int, counts: list[int]) -> None:
    state = GAME.start(players, seed=seed)
    assert [perft(state, d) for d in range(len(counts))] == counts

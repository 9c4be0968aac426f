"""Every built-in game's text picture of a view: the opening of a seeded game shows
the table's landmarks (terminals, logs and ``meeple play`` show nothing else).

One test for the four games; what a game's picture must hide or draw in a given
position stays in its ``tests/<game>/test_views.py``.
"""

from __future__ import annotations

import pytest

import meeple

OPENING_PICTURES = {
    "bear_mountain": (2, 1, 0, ["Mountain (standard)", "face-up: 1:c", "face-down pile: 41"]),
    "way_of_bear": (4, 1, 0, ["temples:", "bag:", "p3"]),
    "wojtek": (3, 5, 1, ["Buzuluk", "Edinburgh", "Display:", "Poland: pawns 0 1 2"]),
    "wypas": (3, 1, 0, ["round 1, baca p0", "drawn lots:", "track:"]),
}
"""Game -> (players, seed, seat, what its picture of the opening must show)."""


@pytest.mark.parametrize("name", sorted(OPENING_PICTURES))
def test_the_opening_picture_shows_the_table(name: str) -> None:
    players, seed, seat, landmarks = OPENING_PICTURES[name]
    game = meeple.get_game(name)
    text = game.render(game.start(players, seed=seed).view(seat))
    missing = [landmark for landmark in landmarks if landmark not in text]
    assert not missing, f"{missing} not in\n{text}"

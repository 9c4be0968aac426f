"""Action notation: canonical text and forgiving parsing.

Text the game cannot read, and the reason it gives, is checked with the other games'
in tests/test_notation_all_games.py.
"""

from __future__ import annotations

import pytest

from meeple.bear_mountain import GAME
from meeple.bear_mountain.actions import Assign
from meeple.bear_mountain.actions import Done
from meeple.bear_mountain.actions import Draw
from meeple.bear_mountain.actions import Pick
from meeple.bear_mountain.actions import Place
from meeple.bear_mountain.actions import SoloPlace
from meeple.bear_mountain.actions import Take
from meeple.bear_mountain.components import SCORE_BY_SLUG


@pytest.mark.parametrize(
    ("text", "action"),
    [
        ("take 3", Take(3)),
        ("pick c17", Pick(17)),
        ("place c17 left", Place(17, "left")),
        ("place c05 right", Place(5, "right")),
        ("draw", Draw()),
        ("solo c05 hike2", SoloPlace(5, 2)),
        ("assign most-deer hike2", Assign(SCORE_BY_SLUG["most-deer"], 2)),
        ("done", Done()),
    ],
)
def test_notation_round_trips(text: str, action: object) -> None:
    assert GAME.parse_action(text) == action
    assert str(action) == text


def test_parsing_is_forgiving_about_case_and_spaces() -> None:
    assert GAME.parse_action("  Take   2 ") == Take(2)
    assert GAME.parse_action("PICK C7") == Pick(7)

"""Action notation: canonical text, parsing and clear errors for bad text."""

from __future__ import annotations

import pytest

from meeple.bear_mountain import GAME
from meeple.bear_mountain.actions import Assign, Done, Draw, Pick, Place, SoloPlace, Take
from meeple.bear_mountain.components import SCORE_BY_SLUG
from meeple.core import MalformedActionError


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


@pytest.mark.parametrize(
    ("text", "why"),
    [
        ("take 5", "slot must be 1, 2, 3 or 4"),
        ("take x", "slot"),
        ("pick c46", "no card c46"),
        ("pick 17", "not a card"),
        ("place c17 up", "left or right"),
        ("solo c05 hike6", "no hike6"),
        ("assign most-moose hike1", "no score card"),
        ("draw now", "takes nothing"),
        ("fly away", "expected one of"),
        ("", "empty"),
    ],
)
def test_bad_text_names_the_problem(text: str, why: str) -> None:
    with pytest.raises(MalformedActionError, match=why):
        GAME.parse_action(text)

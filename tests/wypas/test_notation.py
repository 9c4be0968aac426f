"""Notation: every example parses to the action that prints it; bad text is refused."""

from __future__ import annotations

import pytest

from meeple.core import MalformedActionError
from meeple.wypas import GAME
from meeple.wypas.actions import DOWN, Auction, Bid, Black, Dog, Shear, Thief, Wolf

from .helpers import face, k


@pytest.mark.parametrize(
    "text",
    [
        "hide red-3",
        "auction red-3",
        "auction down",
        "auction thief",
        "bid red-3",
        "bid dolly-red as 5",
        "bid super as 2",
        "done",
        "pass",
        "pen 1 red-3",
        "pen 2 dolly-red as 5",
        "pen 1 super as green-5",
        "shear 2 meee",
        "shear 1",
        "thief p3",
        "take wolf",
        "wolf p2 pen1",
        "dog",
        "dog p0 pen2",
        "black p1 pen2 magenta-4",
    ],
)
def test_round_trip(text: str) -> None:
    assert str(GAME.parse_action(text)) == text


def test_parsed_values() -> None:
    assert GAME.parse_action("auction down") == Auction(DOWN)
    assert GAME.parse_action("bid yellow-6") == Bid(k("yellow-6"), 6)
    assert GAME.parse_action("  Shear 1 MEEE ") == Shear(1, True)
    assert GAME.parse_action("thief p3") == Thief(3)
    assert GAME.parse_action("wolf p2 pen1") == Wolf(2, 1)
    assert GAME.parse_action("dog") == Dog()
    assert GAME.parse_action("black p1 pen2 red-4") == Black(1, 2, face("red-4"))


@pytest.mark.parametrize(
    ("text", "why"),
    [
        ("", "empty"),
        ("bid purple-3", "not a card"),
        ("bid red-3 as 4", "printed value"),
        ("bid dolly-red", "counts for"),
        ("bid dolly-red as 7", "value 1..6"),
        ("bid wolf", "sheep cards only"),
        ("pen 3 red-1", "not a pen"),
        ("pen 1 super as 4", "sheep face"),
        ("pen 1 thief", "not a sheep"),
        ("shear 1 moo", "meee"),
        ("thief 3", "not a seat"),
        ("wolf p2 pen3", "not a pen"),
        ("fly away", "unknown action"),
    ],
)
def test_malformed(text: str, why: str) -> None:
    with pytest.raises(MalformedActionError, match=why):
        GAME.parse_action(text)

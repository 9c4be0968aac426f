"""Every built-in game's action notation: what it prints it reads back, and text it
cannot read is refused with a reason that names the game.

One test per job for all four games; the examples are each game's own. What is
particular to a game's notation (parsed values, forgiving spelling, interned
actions, refusals of readable but illegal moves) stays in its
``tests/<game>/test_notation.py``.
"""

from __future__ import annotations

import pytest

import meeple
from meeple.core import MalformedActionError

ROUND_TRIPS = {
    "way_of_bear": [
        "take black blue",
        "take black",
        "take orange orange white",
        "draw",
        "place orange v17",
        "pay black",
        "waive blue",
        "ritual-take blue",
        "ritual-skip",
        "return orange",
        "seal s07",
        "pass",
    ],
    "wypas": [
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
        "bid thief",
        "bid red-3 as 5",
        "bid dolly-red",
        "bid down red-1",
        "pen 3 red-1",
        "pen 1 dolly-red",
        "pen 1 red-3 as 5",
        "pen 1 dolly-red as green-5",
        "shear",
        "shear meee",
        "thief",
        "wolf p2",
        "dog p2",
        "black p2 pen1",
        "black p2",
    ],
}
"""Canonical text of actions, legal or not somewhere (Bear Went Over the Mountain pairs
its examples with the actions they stand for, in its own test_notation.py)."""

MALFORMED = {
    "bear_mountain": [
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
    "way_of_bear": [
        ("take", "1 to 3 colours"),
        ("take red blue", "'red' is not a stele colour"),
        ("take a b c d", "1 to 3 colours"),
        ("place orange", "a colour and a village"),
        ("place orange v41", "'v41' is not a village"),
        ("place purple v01", "'purple' is not a stele colour"),
        ("pay", "exactly one colour"),
        ("draw 3", "takes no arguments"),
        ("seal s17", "s01..s16"),
        ("jump", "unknown verb 'jump'"),
    ],
    "wojtek": [
        ("", "empty action"),
        ("   ", "empty action"),
        ("draw 2", "takes nothing after it"),
        ("truck", "needs a colour"),
        ("truck rainbow", "needs a colour"),
        ("walk purple", "a colour or edinburgh"),
        ("use edinburgh", "a colour or rainbow"),
        ("box edinburgh", "needs a colour"),
        ("fly blue", "unknown action"),
    ],
    "wypas": [
        ("", "empty"),
        ("bid purple-3", "not a card"),
        ("bid red-3 red-4", "one card per step"),
        ("bid red-3 as 0", "value 1..6"),
        ("pen 1 dolly-red as 7", "value 1..6"),
        ("pen 0 red-1", "not a pen"),
        ("pen 1 thief as 3", "is written"),
        ("shear 1 moo", "meee"),
        ("thief 3", "not a seat"),
        ("wolf p2 pen", "not a pen"),
        ("fly away", "unknown action"),
    ],
}
"""Text each game cannot read, and a fragment of the reason it gives."""


@pytest.mark.parametrize(
    ("name", "text"), [(name, text) for name, texts in ROUND_TRIPS.items() for text in texts]
)
def test_notation_round_trips(name: str, text: str) -> None:
    assert str(meeple.get_game(name).parse_action(text)) == text


@pytest.mark.parametrize(
    ("name", "text", "why"),
    [(name, text, why) for name, cases in MALFORMED.items() for text, why in cases],
)
def test_malformed_text_is_refused_with_a_reason(name: str, text: str, why: str) -> None:
    with pytest.raises(MalformedActionError, match=why) as refused:
        meeple.get_game(name).parse_action(text)
    assert name in str(refused.value)

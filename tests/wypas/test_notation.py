"""Notation: examples parse to the actions that print them; readable but impossible
moves are refused with the rule.

The round-trip examples and the text Wypas cannot read are checked with the other
games' in tests/test_notation_all_games.py.
"""

from __future__ import annotations

import pytest

from meeple.testing import assert_refused
from meeple.wypas import GAME
from meeple.wypas.actions import DOWN
from meeple.wypas.actions import Auction
from meeple.wypas.actions import Bid
from meeple.wypas.actions import Black
from meeple.wypas.actions import Dog
from meeple.wypas.actions import Shear
from meeple.wypas.actions import Thief
from meeple.wypas.actions import Wolf

from .helpers import face
from .helpers import k


def test_parsed_values() -> None:
    assert GAME.parse_action("auction down") == Auction(DOWN)
    assert GAME.parse_action("bid yellow-6") == Bid(k("yellow-6"), 6)
    assert GAME.parse_action("  Shear 1 MEEE ") == Shear(1, True)
    assert GAME.parse_action("thief p3") == Thief(3)
    assert GAME.parse_action("wolf p2 pen1") == Wolf(2, 1)
    assert GAME.parse_action("dog") == Dog()
    assert GAME.parse_action("black p1 pen2 red-4") == Black(1, 2, face("red-4"))


REFUSED = [
    ("bid thief", "special cards are not bid face up"),
    ("bid wolf", "special cards are not bid face up"),
    ("bid red-3 as 4", "counts its printed value, 3"),
    ("bid dolly-red", "Dolly counts for a value from 1 to 6"),
    ("bid dolly-red as 7", "Dolly counts for a value from 1 to 6"),
    ("bid super", "Dolly counts for a value from 1 to 6"),
    ("bid down red-1", "declared a value from 1 to 6"),
    ("bid down red-1 as 9", "declared a value from 1 to 6"),
    ("pen 3 red-1", "two pens, 1 and 2"),
    ("pen 1 thief", "only sheep go into pens"),
    ("pen 1 black", "only by a swap"),
    ("pen 1 dolly-red", "say what the Dolly shows"),
    ("pen 1 super", "say what the Super Dolly shows"),
    ("pen 1 super as 4", "say what the Super Dolly shows"),
    ("pen 1 red-3 as 5", "shows its printed face"),
    ("pen 1 dolly-red as green-5", "keeps its colour"),
    ("shear 3", "two pens, 1 and 2"),
    ("shear", "two pens"),
    ("shear meee", "two pens"),
    ("thief", "name the player"),
    ("thief p7", "no seat p7"),
    ("thief p1", "robs another player, not yourself"),
    ("wolf p2", "name pen1 or pen2"),
    ("wolf p2 pen3", "name pen1 or pen2"),
    ("dog p2", "name pen1 or pen2"),
    ("black p2 pen1", "name the sheep"),
    ("black p9 pen1 red-1", "no seat p9"),
]
"""What a player might type for a real card or action, and the rule that refuses it."""


@pytest.mark.rule("wypas:notation.refusals")
@pytest.mark.parametrize(("text", "why"), REFUSED)
def test_plausible_input_parses_and_is_refused_with_the_rule(text: str, why: str) -> None:
    import meeple

    state = meeple.start("wypas", players=4, seed=3, bluff=True)
    while 1 not in state.to_act:  # seat 1 decides (here: it opens the first lot)
        state = state.apply(state.legal_actions()[0])
    action = GAME.parse_action(text)
    assert GAME.parse_action(str(action)) == action
    assert_refused(GAME, state, action, why, player=1)

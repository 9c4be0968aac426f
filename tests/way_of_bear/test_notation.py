"""Notation: every action prints and reads back; interned actions copy as themselves.

The round-trip examples and the refused text are checked with the other games' in
tests/test_notation_all_games.py.
"""

from __future__ import annotations

import pytest
from hypothesis import given

from meeple import dumps
from meeple import loads
from meeple.way_of_bear import GAME
from meeple.way_of_bear.actions import Pay
from meeple.way_of_bear.actions import Place
from meeple.way_of_bear.actions import Take
from meeple.way_of_bear.state import State

from .strategies import STATES


def test_notation_is_forgiving_about_case_spaces_and_take_order() -> None:
    assert GAME.parse_action("  TAKE  blue black ") is GAME.parse_action("take black blue")
    assert GAME.parse_action("place orange v7") is Place(0, 6)
    assert Take((1, 2)) is GAME.parse_action("take black blue")
    assert Pay(1) == Pay(1)
    assert hash(Pay(1)) == hash(Pay(1))


def test_actions_refuse_bad_values() -> None:
    with pytest.raises(ValueError, match="colour"):
        Pay(7)
    with pytest.raises(ValueError, match="ascending"):
        Take((2, 1))


@given(STATES)
def test_codec_and_notation_round_trip(state: State) -> None:
    assert loads(dumps(state, game=GAME), game=GAME) == state
    for action in state.legal_actions():
        assert GAME.parse_action(str(action)) is action
    for p in (None, *range(state.players)):
        view = state.view(p)
        assert loads(dumps(view, game=GAME), game=GAME) == view

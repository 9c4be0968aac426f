"""Notation: every action prints as words and reads back to the very same object.

Text the game cannot read, and the reason it gives, is checked with the other games'
in tests/test_notation_all_games.py.
"""

from __future__ import annotations

import pytest
from hypothesis import given

from meeple.core import MalformedActionError
from meeple.wojtek import GAME
from meeple.wojtek.actions import ACTION_TYPES
from meeple.wojtek.actions import BOXES
from meeple.wojtek.actions import DONE
from meeple.wojtek.actions import DRAW
from meeple.wojtek.actions import TOS
from meeple.wojtek.actions import WALKS
from meeple.wojtek.actions import parse_action
from meeple.wojtek.state import State

from .strategies import RULEBOOK_STATES as STATES


@given(STATES)
def test_notation_of_legal_actions_round_trips(state: State) -> None:
    for action in state.legal_actions():
        assert GAME.parse_action(str(action)) == action
        assert GAME.parse_action(f"  {str(action).upper()} ") == action


def test_every_action_parses_back_to_its_shared_object() -> None:
    vocab = GAME.action_vocabulary(2)
    assert {type(a) for a in vocab} == set(ACTION_TYPES)
    for action in vocab:
        assert parse_action(str(action)) is action
        assert GAME.parse_action(str(action)) is action


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("draw", DRAW),
        ("  Done ", DONE),
        ("walk edinburgh", WALKS[-1]),
        ("TO   Edinburgh", TOS[-1]),
        ("box pink", BOXES[-1]),
    ],
)
def test_case_and_spacing_are_forgiven(text: str, expected: object) -> None:
    assert GAME.parse_action(text) is expected


def test_only_text_is_parsed() -> None:
    with pytest.raises(MalformedActionError, match="wojtek"):
        GAME.parse_action(5)  # type: ignore[arg-type]  # bad input on purpose

"""Issue 33, item 6: ``apply`` given an action's notation says to parse it, and the
registry's states are typed so that ``mypy --strict`` refuses the text at once.

The ``type: ignore`` comments below are part of the test: mypy runs with
``warn_unused_ignores`` (``--strict``), so if these lines ever type-checked, the
ignores would be unused and the type gate would fail.
"""

from __future__ import annotations

from typing import assert_type

import pytest

import meeple
from meeple.core import Action
from meeple.core import AnyGame
from meeple.core import AnyState


def test_apply_and_check_refuse_notation_and_say_how_to_parse_it() -> None:
    state = meeple.start("wypas", players=3, seed=7)
    with pytest.raises(TypeError, match=r"parse_action\('hide red-1'\)") as raised:
        state.apply("hide red-1", 0)  # type: ignore[arg-type]  # what mypy must refuse
    assert "meeple.Match" in str(raised.value)  # where notation is accepted
    with pytest.raises(TypeError, match="not its notation"):
        state.check("hide red-1", 0)
    parsed = meeple.get_game("wypas").parse_action("hide red-1")
    assert state.check(parsed, 0) is None  # the same move, parsed, is legal
    assert state.apply(parsed, 0) != state


def test_match_play_accepts_the_same_notation() -> None:
    match = meeple.Match("wypas", 3, seed=7)
    match.play("hide red-1", 0)
    assert len(match.history) == 1


def test_the_registry_s_states_and_games_are_typed() -> None:
    state = meeple.start("wypas", players=3, seed=7)
    assert_type(state, AnyState)
    assert_type(state.legal_actions(0)[0], Action)  # not Any: mypy checks what follows
    game = meeple.get_game("wypas")
    assert_type(game, AnyGame)
    assert_type(game.parse_action("hide red-1"), Action)
    assert isinstance(state.legal_actions(0)[0], Action)

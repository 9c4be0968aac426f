"""`meeple.testing.assert_refused`: it passes a refusal both ways in agree on, and fails
a legal move, a reason that does not say what the test expects, and an apply that
does not refuse alike."""

from __future__ import annotations

from typing import Any

import attrs
import pytest

from meeple.core import IllegalActionError
from meeple.testing import assert_refused

from ..toy_game import TOY
from ..toy_game import Pass
from ..toy_game import Play
from ..toy_game import State


def _opening() -> Any:
    return TOY.start(2, seed=1)  # both seats pick a card at once


def test_a_refusal_returns_its_reason() -> None:
    state = _opening()
    reason = assert_refused(TOY, state, "play 99", "card 99", "player 0's hand", player=0)
    assert reason == "card 99 is not in player 0's hand"
    assert assert_refused(TOY, state, Pass(), "pick phase", player=1) == (
        "pass is not possible in the pick phase"
    )


def test_a_legal_move_fails() -> None:
    state = _opening()
    card = state.hands[0][0]
    with pytest.raises(AssertionError, match=rf"toy: play {card} is legal here"):
        assert_refused(TOY, state, Play(card), player=0)


def test_a_reason_that_does_not_say_why_fails() -> None:
    with pytest.raises(AssertionError, match=r"lacks \['not your turn'\]"):
        assert_refused(TOY, _opening(), "play 99", "card 99", "not your turn", player=0)


class ForgivingState(State):
    """Refuses in `check` what `apply` then takes (a planted bug)."""

    def apply(self, action: Any, player: int | None = None) -> Any:
        try:
            return super().apply(action, player)
        except IllegalActionError:
            return self


class OtherReasonState(State):
    """Gives `apply` another reason than `check` (a planted bug)."""

    def apply(self, action: Any, player: int | None = None) -> Any:
        try:
            return super().apply(action, player)
        except IllegalActionError as err:
            raise IllegalActionError("no reason at all", game="toy") from err


class NamelessState(State):
    """Refuses in `apply` without naming the game (a planted bug)."""

    def apply(self, action: Any, player: int | None = None) -> Any:
        try:
            return super().apply(action, player)
        except IllegalActionError as err:
            raise IllegalActionError(err.reason) from err


@pytest.mark.parametrize(
    ("state_type", "complaint"),
    [
        (ForgivingState, "but apply accepts it"),
        (OtherReasonState, "but apply with 'no reason"),
        (NamelessState, "names game ''"),
    ],
)
def test_check_and_apply_must_agree(state_type: type[State], complaint: str) -> None:
    game = attrs.evolve(TOY, state_type=state_type)
    state = game.start(2, seed=1)
    assert isinstance(state, state_type)
    with pytest.raises(AssertionError, match=complaint):
        assert_refused(game, state, "play 99", player=0)

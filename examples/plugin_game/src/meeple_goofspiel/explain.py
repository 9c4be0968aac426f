"""Sentences for people: why a bid is refused, and what a player decides now.

Each is shown to one seat, so each says only what that seat may know: `prompt` is
given the seat's view (never the state), and `refusal`, which needs the state to name
the rule, speaks of the seat's own hand only. The conformance kit proves both.
"""

from __future__ import annotations

from typing import TYPE_CHECKING
from typing import Any

if TYPE_CHECKING:
    from .state import State
    from .view import View

__all__ = ["prompt", "refusal"]


def refusal(s: State, action: Any, player: int) -> str:
    """The rule that refuses `action`."""
    return f"player {player} does not hold a {getattr(action, 'card', action)}"


def prompt(v: View) -> str:
    """What every bidder decides, from a seat's view."""
    if v.prize is None:
        return "the game is over"
    return f"bid a card for the prize {v.prize}"

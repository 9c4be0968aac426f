"""Sentences for people: why a bid is refused, and what a player decides now."""

from __future__ import annotations

from typing import TYPE_CHECKING
from typing import Any

if TYPE_CHECKING:
    from .state import State

__all__ = ["prompt", "refusal"]


def refusal(s: State, action: Any, player: int) -> str:
    """The rule that refuses `action`."""
    return f"player {player} does not hold a {getattr(action, 'card', action)}"


def prompt(s: State, player: int | None) -> str:
    """What every bidder decides."""
    if not s.prizes:
        return "the game is over"
    return f"bid a card for the prize {s.prizes[0]}"

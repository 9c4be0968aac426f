"""What may be done now: a pure function of the state."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .actions import Bid

if TYPE_CHECKING:
    from .state import State

__all__ = ["legal_actions"]


def legal_actions(s: State, player: int) -> tuple[Bid, ...]:
    """Any card in hand (`player` is one of those still to bid)."""
    return tuple(Bid(c) for c in s.hands[player])

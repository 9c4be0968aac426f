"""What each seat sees of each move (the ``public`` capability).

Only the travel hands and the decks' order are secret, and no move names a card
that stays hidden: travel cards are played or discarded face up, pawns and bear
cards lie on the board, and a card drawn (``draw``, ``done``) is dealt by the rules,
not named by the move. One detail is seen but not kept: when a move empties the
travel deck, the hand refill shuffles the discard pile, the card just played with
it, back into a new deck, so the next view no longer shows whether the pawn went by
truck or on foot. A move's reading may tell a seat nothing its views do not show,
so the others read a truck or a walk to a colour alike: ``travel yellow`` (the
discard pile in their view shows which card it was whenever it is still there).
"""

from __future__ import annotations

from .actions import TARGET_NAMES
from .actions import Action
from .actions import Truck
from .actions import Walk

__all__ = ["public_notation"]


def public_notation(action: Action, player: int, viewer: int | None) -> str | None:
    """What `viewer` (None: a spectator) saw of `player` taking `action`."""
    if viewer != player:
        if isinstance(action, Truck):
            return f"travel {TARGET_NAMES[action.colour]}"
        if isinstance(action, Walk):
            return f"travel {TARGET_NAMES[action.target]}"
    return str(action)

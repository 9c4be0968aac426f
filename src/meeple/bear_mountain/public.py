"""What each seat sees of each move (the ``public`` capability).

Everything is played face up except the drafting pick: a player lays a card from
their hand face down, so the others see that a card was picked, not which
(``pick ?``). Taking from the face-up row, placing on a hike (face up) and every
solo step happen in the open.
"""

from __future__ import annotations

from .actions import Action
from .actions import Pick

__all__ = ["public_notation"]


def public_notation(action: Action, player: int, viewer: int | None) -> str | None:
    """What `viewer` (None: a spectator) saw of `player` taking `action`."""
    if isinstance(action, Pick) and viewer != player:
        return "pick ?"
    return str(action)

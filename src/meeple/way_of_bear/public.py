"""What each seat sees of each move (the ``public`` capability): all of it.

Only the Seal cards in hand are secret, and no move names one while it stays
hidden: a Seal card named by ``seal`` is being played face up (it joins the
played cards), and a card drawn for a completed column is dealt by the rules,
not named by the move. Steles, temples, the bag's counts and reserves are open.
"""

from __future__ import annotations

from .actions import Action

__all__ = ["public_notation"]


def public_notation(action: Action, player: int, viewer: int | None) -> str | None:
    """What `viewer` (None: a spectator) saw of `player` taking `action`: the move itself."""
    return str(action)

"""What each seat sees of each move (the ``public`` capability).

Three moves name a card the others do not see, and show them ``?`` in its place:
the baca's face-down lot (``hide ?``), a face-down bid card under the bluff rule
(``bid down ? as 4``: its declared value is announced) and the card a Thief takes
from the hand it looked at (``take ?``; the robbed player sees it leave their hand
in their own view). One move is not seen at all: ``wait``, a seat declining a
secret offer to play a special card, is `UNSEEN` by everyone else (nobody learns it
was asked). Everything else (passes, bids with face-up sheep, placements, shears
and their bleats, special cards played) happens in front of the table.
"""

from __future__ import annotations

from meeple.core.public import UNSEEN

from .actions import Action
from .actions import BidDown
from .actions import Hide
from .actions import Take
from .actions import Wait

__all__ = ["public_notation"]


def public_notation(action: Action, player: int, viewer: int | None) -> str | None:
    """What `viewer` (None: a spectator) saw of `player` taking `action`."""
    if viewer == player:
        return str(action)
    if isinstance(action, Wait):
        return UNSEEN
    if isinstance(action, Hide):
        return "hide ?"
    if isinstance(action, BidDown):
        return f"bid down ? as {action.value}"
    if isinstance(action, Take):
        return "take ?"
    return str(action)

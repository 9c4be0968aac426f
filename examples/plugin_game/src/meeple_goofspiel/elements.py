"""The table elements a bid touches (the ``elements`` capability): the card in hand.

One function makes each id, and both the HTML picture (`html`) and `elements` use
it, so a card is always drawn under the id its bid names. The ids come from the
view alone: a seat's own cards are drawn as elements, nobody else's. The cards you
bid already lie face up before you: touching one says why it cannot be bid again.
"""

from __future__ import annotations

from .actions import Bid
from .view import View

__all__ = ["card_id", "element_actions", "elements", "played_id"]

_CARD = "hand-"
_PLAYED = "played-"


def card_id(card: int) -> str:
    """The id of a card of your hand, as the page draws it (``hand-5``)."""
    return f"{_CARD}{card}"


def played_id(card: int) -> str:
    """The id of a card you bid in an earlier round (``played-5``)."""
    return f"{_PLAYED}{card}"


def elements(view: View, action: Bid) -> tuple[str, ...]:
    """A bid touches the card bid."""
    return (card_id(action.card),)


def element_actions(view: View, element: str) -> tuple[Bid, ...]:
    """A touch on a card means bidding it (for a card already bid, the rules say why
    not)."""
    for prefix in (_CARD, _PLAYED):
        number = element.removeprefix(prefix)
        if element.startswith(prefix) and number.isdigit():
            return (Bid(int(number)),)
    return ()

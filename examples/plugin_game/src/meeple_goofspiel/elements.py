"""The table elements a bid touches (the ``elements`` capability): the card in hand.

One function makes the id, and both the HTML picture (`html`) and `elements` use
it, so a card is always drawn under the id its bid names. The ids come from the
view alone: a seat's own cards are drawn as elements, nobody else's.
"""

from __future__ import annotations

from .actions import Bid
from .view import View

__all__ = ["card_id", "element_actions", "elements"]

_CARD = "hand-"


def card_id(card: int) -> str:
    """The id of a card of your hand, as the page draws it (``hand-5``)."""
    return f"{_CARD}{card}"


def elements(view: View, action: Bid) -> tuple[str, ...]:
    """A bid touches the card bid."""
    return (card_id(action.card),)


def element_actions(view: View, element: str) -> tuple[Bid, ...]:
    """A touch on a card means bidding it (refused, with the reason, when it is not your
    turn to bid)."""
    number = element.removeprefix(_CARD)
    if element.startswith(_CARD) and number.isdigit():
        return (Bid(int(number)),)
    return ()

"""The one decision, its notation, and the parser beside it (``parse_action(str(a)) == a``)."""

from __future__ import annotations

import attrs

from meeple.core import MalformedActionError

from .options import MAX_CARDS

__all__ = ["Bid", "parse_action"]


@attrs.frozen
class Bid:
    """Bid one card from hand, face down."""

    card: int

    def __str__(self) -> str:
        return f"bid {self.card}"


def parse_action(text: str) -> Bid:
    """``bid N``, N a card of some hand (1 to `MAX_CARDS`); MalformedActionError says
    what is wrong. Whether the bidder holds N is for the rules to say.

    The number is checked as text before ``int()`` reads it: ``int()`` would take other
    scripts' digits and raise a plain ValueError for 5,000 of them.
    """
    words = text.split()
    if len(words) != 2 or words[0] != "bid":
        raise MalformedActionError(f"goofspiel: {_quoted(text)} is not 'bid N'")
    number = words[1]
    if not (number.isascii() and number.isdigit() and len(number) <= 2):
        raise MalformedActionError(
            f"goofspiel: {_quoted(number)} is not a card: a card is a number "
            f"from 1 to {MAX_CARDS}, in the digits 0-9"
        )
    card = int(number)
    if not 1 <= card <= MAX_CARDS:
        raise MalformedActionError(
            f"goofspiel: there is no card {card}: cards are numbered 1 to {MAX_CARDS}"
        )
    return Bid(card)


def _quoted(text: str) -> str:
    """`text` in quotes for an error, cut short: a refusal need not repeat a whole page."""
    return repr(text) if len(text) <= 40 else f"{text[:40]!r}... ({len(text)} characters)"

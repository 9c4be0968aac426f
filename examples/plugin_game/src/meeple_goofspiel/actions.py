"""The one decision, its notation, and the parser beside it (``parse_action(str(a)) == a``)."""

from __future__ import annotations

import attrs

from meeple.core import MalformedActionError

__all__ = ["Bid", "parse_action"]


@attrs.frozen
class Bid:
    """Bid one card from hand, face down."""

    card: int

    def __str__(self) -> str:
        return f"bid {self.card}"


def parse_action(text: str) -> Bid:
    """``bid N``; MalformedActionError says what is wrong."""
    words = text.split()
    if len(words) == 2 and words[0] == "bid" and words[1].isdigit():
        return Bid(int(words[1]))
    raise MalformedActionError(f"goofspiel: {text!r} is not 'bid N'")

"""Goofspiel's options: a frozen attrs class whose defaults are the rulebook game."""

from __future__ import annotations

import attrs

__all__ = ["Options"]


@attrs.frozen
class Options:
    """Goofspiel's one option."""

    cards: int = 6
    """Cards per hand and prizes in the deck (3-13)."""

    def __attrs_post_init__(self) -> None:
        if not 3 <= self.cards <= 13:
            raise ValueError(f"cards must be 3-13, not {self.cards}")

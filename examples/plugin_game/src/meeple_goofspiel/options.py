"""Goofspiel's options: a frozen attrs class whose defaults are the rulebook game."""

from __future__ import annotations

from typing import Final

import attrs

__all__ = ["MAX_CARDS", "MIN_CARDS", "Options"]

MIN_CARDS: Final = 3
"""The fewest cards a hand may hold."""
MAX_CARDS: Final = 13
"""The most cards a hand may hold: no bid is ever higher."""


@attrs.frozen
class Options:
    """Goofspiel's one option."""

    cards: int = 6
    """Cards per hand and prizes in the deck (3-13)."""

    def __attrs_post_init__(self) -> None:
        if not MIN_CARDS <= self.cards <= MAX_CARDS:
            raise ValueError(f"cards must be {MIN_CARDS}-{MAX_CARDS}, not {self.cards}")

"""Shared `to_act` values, made once, so successors allocate no sets.

``to_act`` is a frozenset in every state. Most successors hand the turn to one
seat or to everybody; indexing these tables gives the very same frozenset each
time, which is cheaper than building one and makes equal states share objects.
"""

from __future__ import annotations

from typing import Final

__all__ = ["ALL_SEATS", "MAX_SEATS", "NOBODY", "ONE_SEAT", "next_seat"]

MAX_SEATS: Final = 16
"""Seats the tables below cover; a game with more seats builds its own sets."""

NOBODY: Final = frozenset[int]()
"""Nobody may act: the game is over."""

ONE_SEAT: Final = tuple(frozenset({p}) for p in range(MAX_SEATS))
"""``ONE_SEAT[p]``: just seat `p`."""

ALL_SEATS: Final = tuple(frozenset(range(n)) for n in range(MAX_SEATS + 1))
"""``ALL_SEATS[n]``: every seat of an `n`-player game."""


def next_seat(seat: int, players: int) -> int:
    """The seat after `seat` in turn order (seat 0 follows the last)."""
    following = seat + 1
    return following if following < players else 0

"""The frozen state: fields only (the core's StateBase answers the contract).

Goofspiel has a single phase (everyone bids, then the round resolves), so unlike
the built-in games it needs no ``Phase`` enum: the game is over when the prize
deck is empty.
"""

from __future__ import annotations

import attrs

from meeple.core import StateBase

__all__ = ["State"]


@attrs.frozen(slots=False)  # fields in __dict__: successors are `meeple.core.replace` copies
class State(StateBase):
    """A Goofspiel position, including the rng (never shown in a view)."""

    players: int
    to_act: frozenset[int]
    """Who has not bid yet this round (everyone at first: bids are simultaneous)."""
    rng: int
    """meeple.core.rng state; hidden from every view."""
    cards: int
    """Cards per hand (the option)."""
    prizes: tuple[int, ...]
    """The prize deck; prizes[0] is the prize on offer."""
    hands: tuple[tuple[int, ...], ...]
    """Each seat's cards, ascending."""
    bids: tuple[int | None, ...]
    """Each seat's face-down bid this round, or None."""
    scores: tuple[int, ...]
    """Prize points so far."""
    history: tuple[tuple[int, tuple[int, ...]], ...]
    """Each finished round: (prize, every player's bid)."""

"""What every state keeps; the codec checks it whenever a state is loaded from JSON."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .state import State

__all__ = ["validate"]


def validate(s: State) -> None:
    """Cards in hands, bids and history add up; prizes are a subset of 1..N."""
    for p in range(s.players):
        spent = [bids[p] for _, bids in s.history]
        bid = s.bids[p]
        pending = [] if bid is None else [bid]
        if sorted([*s.hands[p], *spent, *pending]) != list(range(1, s.cards + 1)):
            raise ValueError(f"player {p}'s cards do not add up")
    won = [prize for prize, _ in s.history]
    if sorted([*won, *s.prizes]) != list(range(1, s.cards + 1)):
        raise ValueError("prize cards do not add up")

"""Who wins: completed boards first, then Dragon Seals (pure functions)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from meeple.core import Outcome

from .components import CAPACITY
from .components import CARDS
from .components import KIND_SEALS
from .components import TYPES

if TYPE_CHECKING:
    from .state import State

__all__ = ["completed", "dragon_seals", "outcome"]


def completed(tokens: tuple[int, ...], capacity: int) -> bool:
    """Whether a player board with these token counts is full."""
    return sum(tokens) == capacity * len(TYPES)


def dragon_seals(tokens: tuple[int, ...], hand: tuple[int, ...]) -> int:
    """Seals on the tokens, on the backs of unused Seal cards, and on the 3-seal card."""
    on_tokens = sum(n * seals for n, seals in zip(tokens, KIND_SEALS, strict=True))
    return on_tokens + sum(CARDS[c].back_seals + CARDS[c].face_seals for c in hand)


def outcome(s: State) -> Outcome:
    """Rank by tokens placed, then Dragon Seals.

    Only a completed board can win (a full board has more tokens than any other), and
    completers are separated by Dragon Seals, ties sharing the win as the rulebook says.
    Ranking the others the same way is our rule for the round limit (see the docs).
    """
    scores: list[int] = []
    keys: list[tuple[int, int]] = []
    details = []
    capacity = CAPACITY[s.players]
    for p in range(s.players):
        tok = s.tokens[p]
        seals = dragon_seals(tok, s.hands[p])
        done = completed(tok, capacity)
        scores.append(sum(tok))
        keys.append((sum(tok), seals))
        details.append(
            {
                "tokens": sum(tok),
                "completed": done,
                "dragon_seals": seals,
                "seal_cards_held": len(s.hands[p]),
            }
        )
    return Outcome.from_keys(scores, keys, details, final=s.is_over)

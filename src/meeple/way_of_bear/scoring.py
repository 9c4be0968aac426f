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

__all__ = ["completed", "dragon_seals", "outcome", "visible_seals"]


def completed(tokens: tuple[int, ...], capacity: int) -> bool:
    """Whether a player board with these token counts is full."""
    return sum(tokens) == capacity * len(TYPES)


def visible_seals(tokens: tuple[int, ...], hand: tuple[int, ...]) -> int:
    """The Dragon Seals the table sees: on the tokens and on the backs of the held cards
    (a held card's face, the Dragon Hoard's 3 seals, is shown only at the end)."""
    on_tokens = sum(n * seals for n, seals in zip(tokens, KIND_SEALS, strict=True))
    return on_tokens + sum(CARDS[c].back_seals for c in hand)


def dragon_seals(tokens: tuple[int, ...], hand: tuple[int, ...]) -> int:
    """Seals on the tokens, on the backs of unused Seal cards, and on the 3-seal card."""
    return visible_seals(tokens, hand) + sum(CARDS[c].face_seals for c in hand)


def outcome(s: State) -> Outcome:
    """Rank by tokens placed, then Dragon Seals.

    Only a completed board can win (a full board has more tokens than any other), and
    completers are separated by Dragon Seals, ties sharing the win as the rulebook says.
    Ranking the others the same way is our rule for the round limit (see the docs).
    Before the end the outcome is provisional and counts only the seals the table sees
    (`visible_seals`): the cards in hand are shown when the game ends.
    """
    scores: list[int] = []
    keys: list[tuple[int, int]] = []
    details = []
    capacity = CAPACITY[s.players]
    over = s.is_over
    for p in range(s.players):
        tok = s.tokens[p]
        seals = dragon_seals(tok, s.hands[p]) if over else visible_seals(tok, s.hands[p])
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
    return Outcome.from_keys(scores, keys, details, final=over)

"""The outcome of a game or the standing so far, with a breakdown per player."""

from __future__ import annotations

from typing import TYPE_CHECKING

from meeple.core import Outcome

from .components import SCORE_CARDS
from .scoring import score_hikes, sights, solo_rating, solo_total

if TYPE_CHECKING:
    from .state import State

__all__ = ["outcome"]


def outcome(s: State) -> Outcome:
    """Scores and ranks (points, then fewest shared cards); provisional before the end."""
    final = s.phase == "over"
    if s.options.mode == "solo":
        total = solo_total(s.hikes, s.assigned)
        per_hike = tuple(
            tuple((SCORE_CARDS[sid - 1].slug, sights(h)[sid - 1]) for sid in cards)
            for h, cards in zip(s.hikes, s.assigned, strict=True)
        )
        details = {"total": total, "rating": solo_rating(total), "hikes": per_hike}
        return Outcome.from_keys([total], details=[details], final=final)
    points, shared, claimed = score_hikes(s.hikes, s.score_cards)
    keys = [(pt, -sh) for pt, sh in zip(points, shared, strict=True)]
    seen = [sights(h) for h in s.hikes]
    details_list = [
        {
            "points": points[p],
            "shared": shared[p],
            "cards": tuple(SCORE_CARDS[sid - 1].slug for sid in claimed[p]),
            "sights": tuple((SCORE_CARDS[sid - 1].slug, seen[p][sid - 1]) for sid in s.score_cards),
        }
        for p in range(s.players)
    ]
    return Outcome.from_keys(points, keys, details_list, final=final)

"""Who won, by how much, and why: the same shape for every game."""

from __future__ import annotations

from collections.abc import Hashable
from collections.abc import Mapping
from collections.abc import Sequence
from typing import Any

import attrs

from .frozen import freeze

__all__ = ["Breakdown", "Outcome", "Scalar", "competition_ranks"]

Scalar = int | float | str | bool | None
"""A JSON-able leaf of a score breakdown."""

Breakdown = tuple[tuple[str, Any], ...]
"""One player's score breakdown: ``(label, value)`` pairs, in display order.

Values are scalars or tuples of them (nested tuples allowed), so a breakdown stays
hashable and JSON-able.
"""


def competition_ranks(keys: Sequence[Any]) -> tuple[int, ...]:
    """Rank players by key, larger is better; tied keys share a rank ("1, 1, 3")."""
    return tuple(1 + sum(1 for other in keys if other > key) for key in keys)


def _breakdown(detail: Mapping[str, Any] | Breakdown) -> Breakdown:
    """A breakdown's ``(label, value)`` pairs in display order, values frozen."""
    pairs = detail.items() if isinstance(detail, Mapping) else detail
    return tuple([(str(k), freeze(v)) for k, v in pairs])


@attrs.frozen
class Outcome:
    """The result of a game, or the standing so far when `final` is false."""

    scores: tuple[int, ...]
    """Per player, the number the rulebook counts (points, set size, tokens...)."""
    ranks: tuple[int, ...]
    """Per player, 1 is best; tied players share a rank; rulebook tie-breaks applied."""
    winners: frozenset[int]
    """The players ranked 1 (several when the rulebook shares the win)."""
    details: tuple[Breakdown, ...]
    """Per player, a JSON-able breakdown a front end can show."""
    final: bool = True
    """False while the game is still running (the outcome is then provisional)."""

    @classmethod
    def from_keys(
        cls,
        scores: Sequence[int],
        keys: Sequence[Hashable] | None = None,
        details: Sequence[Mapping[str, Any] | Breakdown] | None = None,
        *,
        final: bool = True,
    ) -> Outcome:
        """Build an outcome ranking by `keys` (default: the scores), larger is better."""
        rank_keys: Sequence[Any] = list(scores) if keys is None else keys
        ranks = competition_ranks(rank_keys)
        details_t: tuple[Breakdown, ...]
        if details is None:
            details_t = tuple(() for _ in scores)
        else:
            details_t = tuple([_breakdown(d) for d in details])
        return cls(
            scores=tuple(scores),
            ranks=ranks,
            winners=frozenset(p for p, r in enumerate(ranks) if r == 1),
            details=details_t,
            final=final,
        )

    def validate(self) -> None:
        """Raise ValueError if the fields disagree (used when loading JSON)."""
        n = len(self.scores)
        if not (len(self.ranks) == len(self.details) == n):
            raise ValueError("scores, ranks and details must have one entry per player")
        if any(not 1 <= r <= n for r in self.ranks) or (n and min(self.ranks) != 1):
            raise ValueError(f"ranks {self.ranks} must run from 1 to {n} with 1 taken")
        if self.winners != frozenset(p for p, r in enumerate(self.ranks) if r == 1):
            raise ValueError("winners must be exactly the players ranked 1")
        for rank in set(self.ranks):
            if rank - 1 != sum(1 for r in self.ranks if r < rank):
                raise ValueError(f"ranks {self.ranks} are not competition ranks")

    def detail(self, player: int) -> dict[str, Any]:
        """One player's breakdown as a dict, for display."""
        return dict(self.details[player])

    def win_shares(self) -> tuple[float, ...]:
        """1/len(winners) for each winner, 0 for the rest (a common RL reward)."""
        share = 1.0 / len(self.winners) if self.winners else 0.0
        return tuple(share if p in self.winners else 0.0 for p in range(len(self.scores)))

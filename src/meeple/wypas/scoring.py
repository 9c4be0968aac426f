"""Scoring: what a pen yields as a fleece (the rulebook's table), and the outcome."""

from __future__ import annotations

from typing import TYPE_CHECKING

from meeple.core import Outcome

from .components import WOLF
from .components import face_of
from .components import kind_of
from .state import OVER

if TYPE_CHECKING:
    from .state import State

__all__ = ["fleece_of", "fleece_points", "outcome"]


def outcome(s: State) -> Outcome:
    """Points decide; tied leaders share the win (the rulebook's tie rule)."""
    details = [
        {
            "points": s.points[p],
            "fleeces": len(s.fleeces[p]),
            "fifth_fleece_bonus": s.bonus[p],
            "fleece_points": s.points[p] - s.bonus[p],
        }
        for p in range(s.players)
    ]
    return Outcome.from_keys(s.points, details=details, final=s.phase == OVER)


def fleece_points(values: list[int]) -> int | None:
    """Points of a sheared row with these card values (black sheep count 0).

    None for a single card (it is discarded and is no fleece); two cards score the
    lower value; three the sum; from four cards on the sum plus one per card beyond
    three (the table's +1/+2/+3 for 4/5/6 cards, extended the same way past 6).
    """
    n = len(values)
    if n <= 1:
        return None
    if n == 2:
        return min(values)
    return sum(values) + n - 3


def fleece_of(row: tuple[int, ...], wolf: bool) -> tuple[tuple[int, ...], list[int], int]:
    """Shear `row`: (kinds kept as the fleece, kinds discarded, points).

    A wolf over the pen first eats the highest sheep (the first of equals): both go
    to the discards. A 2-card fleece keeps only its lower card, the higher goes
    to the discards. An empty `kept` means no fleece.
    """
    cards = list(row)
    gone: list[int] = []
    if wolf:
        gone.append(WOLF)
        valued = [c for c in cards if face_of(c) & 7]
        if valued:
            eaten = max(valued, key=lambda c: face_of(c) & 7)
            cards.remove(eaten)
            gone.append(kind_of(eaten))
    values = [face_of(c) & 7 for c in cards]
    points = fleece_points(values)
    if points is None:
        gone += [kind_of(c) for c in cards]
        return (), gone, 0
    if len(cards) == 2:
        low = 0 if values[0] <= values[1] else 1
        gone.append(kind_of(cards[1 - low]))
        return (kind_of(cards[low]),), gone, points
    return tuple(sorted(kind_of(c) for c in cards)), gone, points

"""Figures of a finished game for balance reports (the ``statistics`` capability).

* ``ended by``: ``hikes complete`` (every hike has its ten cards), ``sudden death``
  (the Big Kid tiebreaker added cards and found a winner), ``out of cards`` (the
  tiebreaker ran out of cards and the tied players share the win), or
  ``five hikes closed`` in solo. The game has no stall rule: ``stalled`` is false.
* ``decided by``: ``most points``, ``fewest shared cards`` (the rulebook's tie-break),
  ``sudden death`` or ``shared win``.
* ``card decides: <slug>``, for each score card in play: whether scoring the final
  hikes without that card names other winners. A report turns it into the share of
  games, among those the card is in, that the card decided.
* ``shared cards``, ``unclaimed cards``: score cards claimed by several players, by
  nobody; ``winner points``: the winning total.
* Solo: ``rating``, the rulebook's animal for the total.
"""

from __future__ import annotations

from meeple.core import ENDED_BY
from meeple.core import STALLED
from meeple.core.capabilities import Statistic

from .components import SCORE_CARDS
from .scoring import score_hikes
from .scoring import solo_rating
from .scoring import solo_total
from .scoring import top_group
from .state import State

__all__ = ["HIKE_LENGTH", "statistics"]

HIKE_LENGTH = 10
"""Cards in a complete hike; a longer hike means the tiebreaker's sudden death ran."""


def statistics(state: State) -> dict[str, Statistic]:
    """How the finished game `state` was decided, and which score cards decided it."""
    if state.options.mode == "solo":
        return {
            ENDED_BY: "five hikes closed",
            STALLED: False,
            "rating": solo_rating(solo_total(state.hikes, state.assigned)),
        }
    points, _, claimed = score_hikes(state.hikes, state.score_cards)
    winners = top_group(state.hikes, state.score_cards)
    sudden = any(len(hike) > HIKE_LENGTH for hike in state.hikes)
    if len(winners) > 1:
        decided = "shared win"
    elif sudden:
        decided = "sudden death"
    elif points.count(max(points)) == 1:
        decided = "most points"
    else:
        decided = "fewest shared cards"
    if not sudden:
        ended = "hikes complete"
    else:
        ended = "out of cards" if len(winners) > 1 else "sudden death"
    takers = [sum(1 for cards in claimed if sid in cards) for sid in state.score_cards]
    figures: dict[str, Statistic] = {
        ENDED_BY: ended,
        STALLED: False,
        "decided by": decided,
        "shared cards": sum(1 for n in takers if n > 1),
        "unclaimed cards": sum(1 for n in takers if n == 0),
        "winner points": max(points),
    }
    for sid in state.score_cards:
        rest = tuple(s for s in state.score_cards if s != sid)
        figures[f"card decides: {SCORE_CARDS[sid - 1].slug}"] = (
            top_group(state.hikes, rest) != winners
        )
    return figures

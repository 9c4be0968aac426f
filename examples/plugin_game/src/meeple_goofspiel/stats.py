"""Figures of a finished game for balance reports (the ``statistics`` capability).

``meeple analyze goofspiel`` shows how often each figure occurs; the keys ``ended by``
and ``stalled`` are the ones every report understands (Goofspiel always ends when the
prizes are gone, so it never stalls).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from meeple.core import ENDED_BY
from meeple.core import STALLED

from .scoring import outcome

if TYPE_CHECKING:
    from .state import State

__all__ = ["statistics"]


def statistics(state: State) -> dict[str, int | float | str | bool]:
    """Rounds whose highest bid was tied, and whether a winner took the top prize."""
    winners = outcome(state).winners
    tied = 0
    top_to_winner = False
    top = max(prize for prize, _ in state.history)
    for prize, bids in state.history:
        best = max(bids)
        if bids.count(best) > 1:
            tied += 1
        elif prize == top:
            top_to_winner = bids.index(best) in winners
    return {
        ENDED_BY: "prizes gone",
        STALLED: False,
        "tied rounds": tied,
        "top prize to a winner": top_to_winner,
    }

"""Figures of a finished game for balance reports (the ``statistics`` capability).

* ``ended by``: ``fifth fleece`` (a player sheared a fifth fleece and the others had
  their final shearing turn: the rulebook's end) or ``round limit`` (our stall rule,
  `Options.max_rounds`; then ``stalled`` is true).
* ``winner fleeces``: fleeces the winner sheared (the mean over the winners of a
  shared win); ``fleeces``: fleeces sheared by everyone; ``rounds`` played.
* ``fifth fleece shearer won``: whether the player who sheared the first fifth fleece
  is among the winners (left out when nobody did).
"""

from __future__ import annotations

from meeple.core import ENDED_BY
from meeple.core import STALLED
from meeple.core.capabilities import Statistic

from .scoring import outcome
from .state import State

__all__ = ["statistics"]


def statistics(state: State) -> dict[str, Statistic]:
    """How the finished game `state` ended, and what its winner sheared."""
    winners = sorted(outcome(state).winners)
    natural = state.final_from >= 0
    figures: dict[str, Statistic] = {
        ENDED_BY: "fifth fleece" if natural else "round limit",
        STALLED: not natural,
        "rounds": state.round,
        "winner fleeces": sum(len(state.fleeces[w]) for w in winners) / len(winners),
        "fleeces": sum(len(f) for f in state.fleeces),
    }
    if natural:
        figures["fifth fleece shearer won"] = state.final_from in winners
    return figures

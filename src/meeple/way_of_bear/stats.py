"""Figures of a finished game for balance reports (the ``statistics`` capability).

* ``ended by``: ``completed board`` (somebody filled their board and the round was
  played out: the rulebook's end) or ``round limit`` (our stall rule,
  `Options.max_rounds`; then ``stalled`` is true).
* ``completed boards``: how many players filled their board; ``decided by dragon
  seals``: several did, so Dragon Seals chose among them; ``rounds`` played.
"""

from __future__ import annotations

from ..core.capabilities import ENDED_BY
from ..core.capabilities import STALLED
from ..core.capabilities import Statistic
from .components import CAPACITY
from .scoring import completed
from .state import State

__all__ = ["statistics"]


def statistics(state: State) -> dict[str, Statistic]:
    """How the finished game `state` ended, and whether Dragon Seals decided it."""
    capacity = CAPACITY[state.players]
    completers = sum(1 for tokens in state.tokens if completed(tokens, capacity))
    return {
        ENDED_BY: "completed board" if completers else "round limit",
        STALLED: not completers,
        "rounds": state.round,
        "completed boards": completers,
        "decided by dragon seals": completers > 1,
    }

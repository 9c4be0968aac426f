"""Figures of a finished game for balance reports (the ``statistics`` capability).

* ``ended by``: what began the last round, read from the final position:
  ``edinburgh`` (a pawn reached Edinburgh), ``complete set`` (a player completed a
  set), ``edinburgh and a complete set`` (both are on the table at the end, so the
  final position cannot tell which came first), or ``round limit`` (our stall rule,
  `Options.round_limit`, ended the game: then ``stalled`` is true).
* ``rounds``: the round the game ended in; ``pawns in edinburgh`` at the end;
  ``winner in edinburgh``: a winner's pawn reached Edinburgh; ``winner's largest
  set``: the winning score.
"""

from __future__ import annotations

from meeple.core import ENDED_BY
from meeple.core import STALLED
from meeple.core.capabilities import Statistic

from .board import load_board
from .scoring import has_complete_set
from .scoring import outcome
from .state import State

__all__ = ["statistics"]


def statistics(state: State) -> dict[str, Statistic]:
    """How the finished game `state` ended, and where its winner got to."""
    finish = load_board(state.options.board).finish
    in_edinburgh = sum(1 for pos in state.positions if pos == finish)
    complete = any(has_complete_set(c) for c in state.collections)
    if not state.ending:
        ended = "round limit"
    elif in_edinburgh and complete:
        ended = "edinburgh and a complete set"
    elif in_edinburgh:
        ended = "edinburgh"
    else:
        ended = "complete set"
    result = outcome(state)
    return {
        ENDED_BY: ended,
        STALLED: not state.ending,
        "rounds": state.round,
        "pawns in edinburgh": in_edinburgh,
        "winner in edinburgh": any(state.positions[w] == finish for w in result.winners),
        "winner's largest set": max(result.scores),
    }

"""How one game went, beyond its outcome, measured while it is played: who led when,
how many choices each decision offered, the leader's margin over the game, whether
the eventual winner ever trailed, and the game's own statistics (`Vitals`).

`VitalsWatch` follows one game from outside (it sees the states the runner reaches
and the number of legal actions of each decision), so measuring never changes the
game. The measures follow Ludii's game-evaluation metrics where they mean something
for any game: branching factor, decision moves (decisions with a real choice), score
margin over the game and drama (how often the eventual winner trailed).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any
from typing import Final

import attrs

from ..core.capabilities import HasStatistics
from ..core.capabilities import Statistic
from ..core.protocols import Game

__all__ = ["TENTHS", "Vitals", "VitalsWatch", "lead_summary", "tenth_ends", "tenth_of"]

TENTHS: Final = 10
"""Trajectories are measured per tenth of a game's actions."""


def lead_summary(leaders: Sequence[frozenset[int]], winners: frozenset[int]) -> tuple[int, float]:
    """(lead changes, decision point) from who led before and after each action.

    `leaders` holds the provisional winners (``state.outcome().winners``) of the
    opening position and after every action. A lead change is a sole leader taking
    over from another sole leader (a tie in between is no leader, not a change). The
    decision point is the fraction of the actions played when the leaders were, for
    the rest of the game, only final winners: 0 for a game led by its winners from
    the start, 1 for a game decided by its last action.
    """
    changes = 0
    sole: int | None = None
    unsettled = -1
    for index, group in enumerate(leaders):
        if len(group) == 1:
            (leader,) = group
            if sole is not None and leader != sole:
                changes += 1
            sole = leader
        if not group <= winners:
            unsettled = index
    steps = len(leaders) - 1
    return changes, (unsettled + 1) / steps if steps else 0.0


def tenth_of(decision: int, steps: int) -> int:
    """The tenth of the game (0-9) that decision number `decision` (0-based) falls in."""
    return TENTHS * decision // steps


def tenth_ends(steps: int) -> tuple[int, ...]:
    """For each tenth, the number of actions played when it ends (the last is `steps`)."""
    return tuple(math.ceil((i + 1) * steps / TENTHS) for i in range(TENTHS)) if steps else ()


def _margin(scores: Sequence[int]) -> float:
    """The best provisional score minus the second best (0 with one player)."""
    if len(scores) < 2:
        return 0.0
    top, second = sorted(scores, reverse=True)[:2]
    return float(top - second)


def _means(sums: Sequence[float], counts: Sequence[int]) -> tuple[float | None, ...]:
    return tuple(s / c if c else None for s, c in zip(sums, counts, strict=True))


@attrs.frozen
class Vitals:
    """How one game went, beyond its outcome: what a balance report aggregates."""

    lead_changes: int
    """Times the sole leader changed (see `lead_summary`)."""
    decided_at: float
    """Fraction of the game's actions played when the winners took the lead for good."""
    statistics: tuple[tuple[str, Statistic], ...] = ()
    """The game's ``statistics`` capability at the end, sorted by key (empty without it)."""
    branching: float = 0.0
    """Mean number of legal actions per decision (Ludii's branching factor)."""
    decision_moves: float = 0.0
    """Share of decisions that offered more than one legal action (Ludii's decision moves)."""
    winner_trailed: bool = False
    """Whether an eventual winner was ever behind on provisional points before the last
    action (Ludii's drama, as a yes/no fact)."""
    branching_by_tenth: tuple[float | None, ...] = ()
    """Mean legal actions of the decisions in each tenth of the game (None: no decision
    in that tenth, in games of fewer than ten actions)."""
    decision_moves_by_tenth: tuple[float | None, ...] = ()
    """Share of the decisions in each tenth that offered a real choice."""
    margin_by_tenth: tuple[float, ...] = ()
    """Best provisional score minus the second best when each tenth ends."""

    def to_json(self) -> dict[str, Any]:
        """A JSON-able dict (statistics as an object)."""
        return {
            "lead_changes": self.lead_changes,
            "decided_at": self.decided_at,
            "statistics": dict(self.statistics),
            "branching": self.branching,
            "decision_moves": self.decision_moves,
            "winner_trailed": self.winner_trailed,
            "by_tenth": {
                "branching": list(self.branching_by_tenth),
                "decision_moves": list(self.decision_moves_by_tenth),
                "margin": list(self.margin_by_tenth),
            },
        }


class VitalsWatch:
    """Follows one game: give it each position reached and each decision's legal count."""

    def __init__(self, start: Any) -> None:
        outcome = start.outcome()
        self._leaders: list[frozenset[int]] = [outcome.winners]
        self._scores: list[tuple[int, ...]] = [tuple(outcome.scores)]
        self._legal: list[int] = []

    def moved(self, legal: int, state: Any) -> None:
        """One decision offered `legal` actions and led to `state`."""
        outcome = state.outcome()
        self._legal.append(legal)
        self._leaders.append(outcome.winners)
        self._scores.append(tuple(outcome.scores))

    def finish(self, game: Game, state: Any, winners: frozenset[int]) -> Vitals:
        """The vitals of the finished game `state` won by `winners`."""
        changes, decided = lead_summary(self._leaders, winners)
        figures = game.statistics(state) if isinstance(game, HasStatistics) else {}
        steps = len(self._legal)
        choices = sum(1 for n in self._legal if n > 1)
        return Vitals(
            changes,
            decided,
            tuple(sorted(figures.items())),
            branching=sum(self._legal) / steps if steps else 0.0,
            decision_moves=choices / steps if steps else 0.0,
            winner_trailed=self._trailed(winners),
            branching_by_tenth=self._by_tenth(lambda n: float(n)),
            decision_moves_by_tenth=self._by_tenth(lambda n: float(n > 1)),
            margin_by_tenth=tuple(_margin(self._scores[end]) for end in tenth_ends(steps)),
        )

    def _by_tenth(self, value: Any) -> tuple[float | None, ...]:
        steps = len(self._legal)
        if not steps:
            return ()
        sums = [0.0] * TENTHS
        counts = [0] * TENTHS
        for j, legal in enumerate(self._legal):
            sums[tenth_of(j, steps)] += value(legal)
            counts[tenth_of(j, steps)] += 1
        return _means(sums, counts)

    def _trailed(self, winners: frozenset[int]) -> bool:
        """Whether some winner's provisional score was below the best before the end."""
        return any(
            min(scores[w] for w in winners) < max(scores)
            for scores in self._scores[:-1]
            if len(scores) > 1 and winners
        )

"""What a bot is: a chooser that sees a View and the legal actions, never the state."""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any
from typing import Protocol
from typing import runtime_checkable

from ..core import rng as _rng
from ..core.capabilities import HasHeuristic
from ..core.errors import InvalidOptionsError
from ..core.outcome import Outcome
from ..core.protocols import Game

__all__ = [
    "MAX_DECISION_SECONDS",
    "Bot",
    "BotRng",
    "check_max_seconds",
    "evaluate",
    "outcome_value",
]


@runtime_checkable
class Bot(Protocol):
    """Chooses one of `legal` for the seat whose `view` it is given."""

    name: str
    """Short name for tables and logs, e.g. ``"mcts(1000)"``."""

    def choose(self, view: Any, legal: Sequence[Any]) -> Any:
        """One of `legal`; must not need anything but the view."""
        ...


MAX_DECISION_SECONDS = 3600.0
"""The largest per-decision time cap a bot accepts."""


def check_max_seconds(value: float | None) -> None:
    """Raise InvalidOptionsError unless `value` is None or a finite number in (0, 3600]."""
    if value is None:
        return
    if (
        isinstance(value, bool)
        or not isinstance(value, int | float)
        or not math.isfinite(value)
        or not 0 < value <= MAX_DECISION_SECONDS
    ):
        raise InvalidOptionsError(
            f"a bot's max_seconds must be a finite number above 0 and at most "
            f"{MAX_DECISION_SECONDS:g}, not {value!r}"
        )


class BotRng:
    """A bot's own seeded stream (meeple's SplitMix64), independent of the game's."""

    __slots__ = ("_state",)

    def __init__(self, seed: int) -> None:
        self._state = _rng.seed_rng(seed)

    def below(self, n: int) -> int:
        """A uniform int in [0, n)."""
        value, self._state = _rng.below(self._state, n)
        return value

    def pick(self, items: Sequence[Any]) -> Any:
        """A uniform item."""
        return items[self.below(len(items))]

    def seed(self) -> int:
        """A fresh 63-bit seed, e.g. for `game.determinize`."""
        value, self._state = _rng.next_u64(self._state)
        return value >> 1

    def random(self) -> float:
        """A uniform float in [0, 1)."""
        value, self._state = _rng.next_u64(self._state)
        return (value >> 11) / float(1 << 53)


def evaluate(game: Game, state: Any) -> tuple[float, ...]:
    """A value in [0, 1] per player: the game's heuristic if it has one, else from ranks.

    A finished game is always valued by its outcome, an unfinished one by the game's
    ``heuristic`` capability, or by `outcome_value` without one.
    """
    if isinstance(game, HasHeuristic) and not state.is_over:
        return tuple(float(v) for v in game.heuristic(state))
    return outcome_value(state)


def outcome_value(state: Any) -> tuple[float, ...]:
    """A value in [0, 1] per player from the outcome so far, whatever the game offers.

    A finished game gives each winner ``1 / len(winners)`` and the rest 0 (so
    values are comparable across player counts). An unfinished one is worth at
    most 0.6, so any real win counts more than a lead: 0.45 for the provisional
    rank (best 0.45, worst 0) plus 0.15 for the score's place between the lowest
    and highest score.
    """
    outcome: Outcome = state.outcome()
    n: int = state.players
    if n == 1:  # solo: there is nobody to beat, so more points is simply better
        points = max(0, outcome.scores[0])
        return (points / (points + 10.0),)
    if outcome.final:
        return outcome.win_shares()
    low, high = min(outcome.scores), max(outcome.scores)
    spread = float(high - low) or 1.0
    rank_part = [0.45 * (n - r) / (n - 1) if n > 1 else 0.45 for r in outcome.ranks]
    return tuple(
        rp + 0.15 * (s - low) / spread for rp, s in zip(rank_part, outcome.scores, strict=True)
    )

"""One-step lookahead over sampled worlds consistent with the view."""

from __future__ import annotations

import time
from collections.abc import Sequence
from typing import Any

from ..core.protocols import Game
from .base import BotRng
from .base import check_max_seconds
from .base import evaluate
from .base import outcome_value
from .spec import check_param

__all__ = ["GreedyBot"]


class GreedyBot:
    """Takes the action whose immediate result evaluates best, averaged over worlds.

    Each world is `game.determinize(view, seed)`; the action is applied there and
    the result scored. ``greedy`` (the default) scores it by the outcome so far
    (`outcome_value`: the provisional ranks and scores every game has);
    ``heuristic`` (``use_heuristic=True``) by `evaluate`, the game's ``heuristic``
    capability where it offers one. Ties are broken at random, so a greedy bot is
    not predictable. `max_seconds` stops sampling worlds once that much time has
    passed (at least one world is always scored).
    """

    def __init__(
        self,
        game: Game,
        seed: int = 0,
        *,
        worlds: int = 4,
        use_heuristic: bool = False,
        max_seconds: float | None = None,
    ) -> None:
        kind = "heuristic" if use_heuristic else "greedy"
        check_param(kind, "worlds", worlds)
        check_max_seconds(max_seconds)
        self.name = kind
        self.game = game
        self.worlds = worlds
        """Worlds sampled per decision."""
        self.use_heuristic = use_heuristic
        """Whether positions are valued by the game's heuristic (else the outcome so far)."""
        self.max_seconds = max_seconds
        """Cap on the seconds of one decision, whatever `worlds` says; None for no cap."""
        self._rng = BotRng(seed)

    def _value(self, state: Any) -> tuple[float, ...]:
        return evaluate(self.game, state) if self.use_heuristic else outcome_value(state)

    def choose(self, view: Any, legal: Sequence[Any]) -> Any:
        """The best action by one-step lookahead."""
        if len(legal) == 1:
            return legal[0]
        player = view.player
        totals = [0.0] * len(legal)
        deadline = None if self.max_seconds is None else time.perf_counter() + self.max_seconds
        for index in range(self.worlds):
            if deadline is not None and index > 0 and time.perf_counter() >= deadline:
                break
            world = self.game.determinize(view, self._rng.seed())
            for position, action in enumerate(legal):
                after = world.apply(action, player)
                totals[position] += self._value(after)[player]
        best = max(totals)
        candidates = [a for a, t in zip(legal, totals, strict=True) if t >= best - 1e-12]
        return self._rng.pick(candidates)

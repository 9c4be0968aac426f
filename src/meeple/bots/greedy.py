"""One-step lookahead over sampled worlds consistent with the view."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ..core.protocols import Game
from .base import BotRng, evaluate

__all__ = ["GreedyBot"]


class GreedyBot:
    """Takes the action whose immediate result evaluates best, averaged over worlds.

    Each world is `game.determinize(view, seed)`; the action is applied there and
    the result scored by `evaluate` (the game's heuristic, else the provisional
    ranking). Ties are broken at random, so a greedy bot is not predictable.
    """

    def __init__(self, game: Game, seed: int = 0, *, worlds: int = 4) -> None:
        self.name = "greedy"
        self.game = game
        self.worlds = worlds
        self._rng = BotRng(seed)

    def choose(self, view: Any, legal: Sequence[Any]) -> Any:
        """The best action by one-step lookahead."""
        if len(legal) == 1:
            return legal[0]
        player = view.player
        totals = [0.0] * len(legal)
        for _ in range(self.worlds):
            world = self.game.determinize(view, self._rng.seed())
            for index, action in enumerate(legal):
                after = world.apply(action, player)
                totals[index] += evaluate(self.game, after)[player]
        best = max(totals)
        candidates = [a for a, t in zip(legal, totals, strict=True) if t >= best - 1e-12]
        return self._rng.pick(candidates)

"""Information-set Monte Carlo tree search (single-observer ISMCTS).

Each iteration samples a world consistent with the bot's view
(`game.determinize`), walks one shared tree keyed by ``(player, notation)``,
expands one new edge, plays randomly to the end (or `rollout_depth` steps and
then evaluates), and backs up a value per player. Children are scored with
availability-aware UCB (Cowling, Powley & Whitehouse 2012), so actions that
exist only in some worlds are not unfairly favoured. Values are vectors, not a
zero-sum number, so any player count works.
"""

from __future__ import annotations

import math
import time
from collections.abc import Sequence
from typing import Any

from ..core.protocols import Game
from .base import BotRng
from .base import check_max_seconds
from .base import evaluate
from .spec import check_param

__all__ = ["MCTSBot"]


class _Node:
    __slots__ = ("available", "children", "totals", "visits")

    def __init__(self, players: int) -> None:
        self.children: dict[tuple[int, str], _Node] = {}
        self.visits = 0
        self.available = 0
        self.totals = [0.0] * players


class MCTSBot:
    """ISMCTS with an iteration budget (deterministic) or a time budget.

    Every parameter is checked against its range in `BOT_PARAMS` (finite numbers
    only). `max_seconds` is a safety cap on top of either budget: a decision
    stops once that much time has passed, whatever `iterations` says (at least
    one iteration always runs); a decision that hits it depends on machine speed.
    """

    def __init__(
        self,
        game: Game,
        seed: int = 0,
        *,
        iterations: int = 1000,
        time_limit: float | None = None,
        exploration: float = 0.7,
        rollout_depth: int | None = 40,
        max_seconds: float | None = None,
    ) -> None:
        check_param("mcts", "iterations", iterations)
        if time_limit is not None:
            check_param("mcts", "time_limit", time_limit)
        check_param("mcts", "exploration", exploration)
        if rollout_depth is not None:
            check_param("mcts", "rollout_depth", rollout_depth)
        check_max_seconds(max_seconds)
        self.game = game
        self.iterations = iterations
        """Iterations per decision (the budget unless `time_limit` is set)."""
        self.time_limit = time_limit
        """Seconds per decision; when set, results depend on machine speed."""
        self.exploration = exploration
        """UCB exploration constant (values live in [0, 1])."""
        self.rollout_depth = rollout_depth
        """Random steps after expansion before evaluating; None plays to the end."""
        self.max_seconds = max_seconds
        """Cap on the seconds of one decision, whatever the budget; None for no cap."""
        self.name = f"mcts({iterations})" if time_limit is None else f"mcts({time_limit}s)"
        self._rng = BotRng(seed)
        self.last_iterations = 0
        """How many iterations the last decision ran (for benchmarks)."""

    def choose(self, view: Any, legal: Sequence[Any]) -> Any:
        """The root action visited most often."""
        if len(legal) == 1:
            return legal[0]
        me: int = view.player
        players: int = view.players
        root = _Node(players)
        rng = self._rng
        c = self.exploration
        started = time.perf_counter()
        deadline = None if self.time_limit is None else started + self.time_limit
        if self.max_seconds is not None:
            cap = started + self.max_seconds
            deadline = cap if deadline is None else min(deadline, cap)
        done = 0
        while True:
            if self.time_limit is None and done >= self.iterations:
                break
            if deadline is not None and done > 0 and time.perf_counter() >= deadline:
                break
            done += 1
            state = self.game.determinize(view, rng.seed())
            node = root
            path = [root]
            first = True
            while not state.is_over:
                to_act = state.to_act
                if first:
                    actor = me
                    first = False
                else:
                    actor = min(to_act) if len(to_act) == 1 else rng.pick(sorted(to_act))
                actions = state.legal_actions(actor)
                untried = []
                best_score = -1.0
                best: tuple[Any, _Node] | None = None
                for action in actions:
                    child = node.children.get((actor, str(action)))
                    if child is None:
                        untried.append(action)
                        continue
                    child.available += 1
                    score = child.totals[actor] / child.visits + c * math.sqrt(
                        math.log(child.available) / child.visits
                    )
                    if score > best_score:
                        best_score, best = score, (action, child)
                if untried:
                    action = untried[rng.below(len(untried))]
                    child = _Node(players)
                    child.available = 1
                    node.children[(actor, str(action))] = child
                    state = state.apply(action, actor)
                    path.append(child)
                    break
                assert best is not None
                action, node = best
                state = state.apply(action, actor)
                path.append(node)
            depth = 0
            limit = self.rollout_depth
            while not state.is_over and (limit is None or depth < limit):
                to_act = state.to_act
                actor = min(to_act) if len(to_act) == 1 else rng.pick(sorted(to_act))
                actions = state.legal_actions(actor)
                state = state.apply(actions[rng.below(len(actions))], actor)
                depth += 1
            values = evaluate(self.game, state)
            for visited in path:
                visited.visits += 1
                totals = visited.totals
                for p in range(players):
                    totals[p] += values[p]
        self.last_iterations = done
        by_text = {str(a): a for a in legal}
        ranked = sorted(
            (
                (child.visits, child.totals[me], text)
                for (actor, text), child in root.children.items()
                if actor == me and text in by_text
            ),
            reverse=True,
        )
        return by_text[ranked[0][2]] if ranked else legal[0]

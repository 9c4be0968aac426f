"""Information-set Monte Carlo tree search (single-observer ISMCTS).

Each iteration samples a world consistent with the bot's view
(`game.determinize`), walks one shared tree keyed by ``(player, notation)``,
expands one new edge, plays randomly to the end (or `rollout_depth` steps and
then evaluates), and backs up a value per player. Children are scored with
availability-aware UCB (Cowling, Powley & Whitehouse 2012), so actions that
exist only in some worlds are not unfairly favoured. Values are vectors, not a
zero-sum number, so any player count works.

With a `bias` above 0 the search is guided by the game's evaluation (`evaluate`:
its ``heuristic`` capability): the first time an action is seen at a node, the
position it leads to is evaluated, and that value (the *prior*) counts as `bias`
visits' worth of results for the action before any real one, so the search
tries the most promising actions first and spends little on plainly bad ones.
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
    __slots__ = ("available", "children", "prior", "totals", "visits")

    def __init__(self, players: int, prior: float = 0.0) -> None:
        self.children: dict[tuple[int, str], _Node] = {}
        self.visits = 0
        self.available = 0
        self.totals = [0.0] * players
        self.prior = prior
        """The acting seat's evaluation of the position this edge led to, when first
        seen (only with a bias)."""


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
        bias: float = 0.0,
        max_seconds: float | None = None,
        kind: str = "mcts",
    ) -> None:
        check_param(kind, "iterations", iterations)
        if time_limit is not None:
            check_param(kind, "time_limit", time_limit)
        check_param(kind, "exploration", exploration)
        if rollout_depth is not None:
            check_param(kind, "rollout_depth", rollout_depth)
        check_param(kind, "bias", bias)
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
        self.bias = bias
        """Virtual visits an action's prior (its evaluation when first seen) counts for;
        0 for none (untried actions are then tried in random order)."""
        self.max_seconds = max_seconds
        """Cap on the seconds of one decision, whatever the budget; None for no cap."""
        self.name = f"{kind}({iterations})" if time_limit is None else f"{kind}({time_limit}s)"
        self._rng = BotRng(seed)
        self.last_iterations = 0
        """How many iterations the last decision ran (for benchmarks)."""

    def choose(self, view: Any, legal: Sequence[Any]) -> Any:
        """The root action visited most often."""
        if len(legal) == 1:
            return legal[0]
        me: int = view.player
        root = _Node(view.players)
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
            self._iterate(view, root, me)
        self.last_iterations = done
        return _most_visited(root, me, legal)

    def _iterate(self, view: Any, root: _Node, me: int) -> None:
        """One iteration: a sampled world, a walk down the tree, a playout, the backup."""
        state = self.game.determinize(view, self._rng.seed())
        path = [root]
        node = root
        actor = me
        while not state.is_over:
            if len(path) > 1:
                actor = self._actor(state)
            action, child, new = self._select(node, state, actor)
            state = state.apply(action, actor)
            path.append(child)
            if new:
                break
            node = child
        values = self._playout(state)
        for visited in path:
            visited.visits += 1
            totals = visited.totals
            for p, value in enumerate(values):
                totals[p] += value

    def _actor(self, state: Any) -> int:
        """Who acts in `state` (one of several at random, for simultaneous choices)."""
        to_act = state.to_act
        actor: int = min(to_act) if len(to_act) == 1 else self._rng.pick(sorted(to_act))
        return actor

    def _select(self, node: _Node, state: Any, actor: int) -> tuple[Any, _Node, bool]:
        """The action to follow from `node` in this world, its child, and whether the
        child is new (an expansion ends the walk down the tree)."""
        if self.bias > 0:
            return self._select_guided(node, state, actor)
        c = self.exploration
        untried = []
        best_score = -1.0
        best: tuple[Any, _Node] | None = None
        for action in state.legal_actions(actor):
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
            action = untried[self._rng.below(len(untried))]
            child = _Node(len(node.totals))
            child.available = 1
            node.children[(actor, str(action))] = child
            return action, child, True
        assert best is not None
        return best[0], best[1], False

    def _select_guided(self, node: _Node, state: Any, actor: int) -> tuple[Any, _Node, bool]:
        """`_select` with priors: an action first seen here is evaluated one step ahead,
        and its prior counts as `bias` visits; an unvisited action is followed (and so
        expanded) when its prior beats every other score."""
        c = self.exploration
        weight = self.bias
        players = len(node.totals)
        best_score = -math.inf
        best: list[tuple[Any, _Node]] = []
        for action in state.legal_actions(actor):
            key = (actor, str(action))
            child = node.children.get(key)
            if child is None:
                prior = evaluate(self.game, state.apply(action, actor))[actor]
                child = node.children[key] = _Node(players, prior)
            child.available += 1
            visits = child.visits
            score = (child.totals[actor] + weight * child.prior) / (visits + weight)
            score += c * math.sqrt(math.log(child.available) / (visits + 1))
            if score > best_score + 1e-12:
                best_score, best = score, [(action, child)]
            elif score > best_score - 1e-12:
                best.append((action, child))
        action, child = best[0] if len(best) == 1 else self._rng.pick(best)
        return action, child, child.visits == 0

    def _playout(self, state: Any) -> tuple[float, ...]:
        """Random steps to the end or `rollout_depth`, then the value per player."""
        depth = 0
        limit = self.rollout_depth
        rng = self._rng
        while not state.is_over and (limit is None or depth < limit):
            actor = self._actor(state)
            actions = state.legal_actions(actor)
            state = state.apply(actions[rng.below(len(actions))], actor)
            depth += 1
        return evaluate(self.game, state)


def _most_visited(root: _Node, me: int, legal: Sequence[Any]) -> Any:
    """The legal action whose edge was visited most (then the best total, then text)."""
    by_text = {str(a): a for a in legal}
    ranked = sorted(
        (
            (child.visits, child.totals[me], text)
            for (actor, text), child in root.children.items()
            if actor == me and text in by_text and child.visits > 0
        ),
        reverse=True,
    )
    return by_text[ranked[0][2]] if ranked else legal[0]

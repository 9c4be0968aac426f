"""Bots by name, as the CLI and the simulator spell them: ``mcts:iterations=200``."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any
from typing import Final

from ..core.protocols import Game
from .base import Bot
from .greedy import GreedyBot
from .mcts import MCTSBot
from .random_bot import RandomBot
from .spec import BOT_PARAMS
from .spec import BotSpec
from .spec import parse_bot_spec

__all__ = ["BOT_KINDS", "GUIDED", "make_bot"]

BOT_KINDS = tuple(BOT_PARAMS)
"""The bot names `make_bot` understands."""

GUIDED: Final[Mapping[str, int | float]] = {
    "iterations": 200,
    "exploration": 0.4,
    "rollout_depth": 0,
    "bias": 4.0,
}
"""The ``guided`` preset: `MCTSBot` parameters a ``guided`` spec starts from (any
of them can be given, ``guided:iterations=800``). Every leaf is valued by the
game's heuristic at once (no random playout), and an action's evaluation one step
ahead counts as `bias` visits."""


def make_bot(
    spec: str | BotSpec, game: Game, seed: int, *, max_seconds: float | None = None
) -> Bot:
    """A bot from ``kind`` or ``kind:key=value,key=value`` (e.g. ``mcts:iterations=200``).

    Every parameter is checked (see `parse_bot_spec`); `max_seconds` caps the time
    of each decision whatever the parameters say (``random`` needs no cap).
    """
    parsed = spec if isinstance(spec, BotSpec) else parse_bot_spec(spec)
    kwargs: dict[str, Any] = dict(parsed.params)
    if parsed.kind == "random":
        return RandomBot(seed)
    if parsed.kind in ("greedy", "heuristic"):
        use_heuristic = parsed.kind == "heuristic"
        return GreedyBot(game, seed, max_seconds=max_seconds, use_heuristic=use_heuristic, **kwargs)
    if parsed.kind == "guided":
        kwargs = {**GUIDED, **kwargs}
    return MCTSBot(game, seed, max_seconds=max_seconds, kind=parsed.kind, **kwargs)

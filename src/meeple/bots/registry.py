"""Bots by name, as the CLI and the simulator spell them: ``mcts:iterations=200``."""

from __future__ import annotations

from typing import Any

from ..core.protocols import Game
from .base import Bot
from .greedy import GreedyBot
from .mcts import MCTSBot
from .random_bot import RandomBot
from .spec import BOT_PARAMS
from .spec import BotSpec
from .spec import parse_bot_spec

__all__ = ["BOT_KINDS", "make_bot"]

BOT_KINDS = tuple(BOT_PARAMS)
"""The bot names `make_bot` understands."""


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
    if parsed.kind == "greedy":
        return GreedyBot(game, seed, max_seconds=max_seconds, **kwargs)
    return MCTSBot(game, seed, max_seconds=max_seconds, **kwargs)

"""Bots by name, as the CLI and the simulator spell them: ``mcts:iterations=200``."""

from __future__ import annotations

from typing import Any

from ..core.errors import InvalidOptionsError
from ..core.protocols import Game
from .base import Bot
from .greedy import GreedyBot
from .mcts import MCTSBot
from .random_bot import RandomBot

__all__ = ["BOT_KINDS", "make_bot"]

BOT_KINDS = ("random", "greedy", "mcts")
"""The bot names `make_bot` understands."""

_PARAMS: dict[str, dict[str, type]] = {
    "random": {},
    "greedy": {"worlds": int},
    "mcts": {
        "iterations": int,
        "time_limit": float,
        "exploration": float,
        "rollout_depth": int,
    },
}


def make_bot(spec: str, game: Game, seed: int) -> Bot:
    """A bot from ``kind`` or ``kind:key=value,key=value`` (e.g. ``mcts:iterations=200``)."""
    kind, _, params = spec.partition(":")
    kind = kind.strip().lower()
    if kind not in _PARAMS:
        raise InvalidOptionsError(f"unknown bot {kind!r} (known: {', '.join(BOT_KINDS)})")
    kwargs: dict[str, Any] = {}
    for item in filter(None, (p.strip() for p in params.split(","))):
        key, sep, value = item.partition("=")
        if not sep or key not in _PARAMS[kind]:
            known = ", ".join(_PARAMS[kind]) or "none"
            raise InvalidOptionsError(f"bot {kind!r} does not take {item!r} (parameters: {known})")
        try:
            kwargs[key] = _PARAMS[kind][key](value)
        except ValueError:
            raise InvalidOptionsError(f"bot parameter {key}={value!r} is not a number") from None
    if kind == "random":
        return RandomBot(seed)
    if kind == "greedy":
        return GreedyBot(game, seed, **kwargs)
    return MCTSBot(game, seed, **kwargs)

"""Seat kinds: ``human`` or a bot spec, checked against the server's limits.

A bot spec is parsed by `meeple.bots.parse_bot_spec` with the server's caps, so
a refusal names the parameter and the range this server allows. Bots are built
fresh for every decision with a seed derived from the match seed, the seat and
the move number, so a bot's choices do not depend on when the server last
restarted; every decision is capped at `Limits.max_bot_seconds`.
"""

from __future__ import annotations

from typing import Any

from ..bots import Bot
from ..bots import BotSpec
from ..bots import make_bot
from ..bots import parse_bot_spec
from ..core import rng as _rng
from ..core.errors import InvalidOptionsError
from ..core.protocols import Game
from .limits import Limits

__all__ = ["HUMAN", "SEAT_KINDS", "bot_caps", "bot_for", "normalize_seat"]

HUMAN = "human"
"""The seat kind of a person at a browser."""

SEAT_KINDS = (HUMAN, "random", "greedy", "mcts")
"""What the lobby offers; bots may carry parameters, e.g. ``mcts:iterations=300``."""


def bot_caps(limits: Limits) -> dict[str, float]:
    """The server's upper bound for each bot parameter it caps."""
    return {
        "iterations": limits.max_mcts_iterations,
        "rollout_depth": limits.max_rollout_depth,
        "time_limit": limits.max_bot_seconds,
        "worlds": limits.max_greedy_worlds,
    }


def _with_defaults(spec: BotSpec, limits: Limits) -> BotSpec:
    if spec.kind == "mcts":
        if spec.get("iterations") is None and spec.get("time_limit") is None:
            spec = spec.with_param("iterations", limits.default_mcts_iterations)
        if spec.get("rollout_depth") is None and limits.max_rollout_depth < 40:
            spec = spec.with_param("rollout_depth", limits.max_rollout_depth)
    return spec


def normalize_seat(text: Any, game: Game, limits: Limits, seat: int | None = None) -> str:
    """The canonical seat kind, or InvalidOptionsError naming what is wrong or too costly."""
    where = "a seat" if seat is None else f"seat {seat}"
    if not isinstance(text, str):
        raise InvalidOptionsError(
            f"{where} must be a string such as 'human' or 'mcts', not {text!r:.60}"
        )
    if text.strip().lower() == HUMAN:
        return HUMAN
    try:
        spec = parse_bot_spec(text, caps=bot_caps(limits))
    except InvalidOptionsError as err:
        raise InvalidOptionsError(f"{where}: {err}") from None
    return str(_with_defaults(spec, limits))


def bot_for(
    seat_kind: str,
    game: Game,
    match_seed: int,
    seat: int,
    move_number: int,
    limits: Limits | None = None,
) -> Bot:
    """The bot that makes one decision for a seat, within the server's limits.

    A stored seat from before a limit was lowered is held to the limit now in force.
    """
    limits = limits or Limits()
    spec = parse_bot_spec(seat_kind)
    for name, cap in bot_caps(limits).items():
        value = spec.get(name)
        if value is not None and value > cap:
            spec = spec.with_param(name, type(value)(cap))
    spec = _with_defaults(spec, limits)
    seed = _rng.derive_seed(match_seed, "web-bot", seat, move_number)
    return make_bot(spec, game, seed, max_seconds=limits.max_bot_seconds)

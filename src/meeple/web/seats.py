"""Seat kinds: ``human`` or a bot spec, checked against the server's limits.

Bots are built fresh for every decision with a seed derived from the match seed,
the seat and the move number, so a bot's choices do not depend on when the
server last restarted.
"""

from __future__ import annotations

from typing import Any

from ..bots import Bot, GreedyBot, MCTSBot, make_bot
from ..core import rng as _rng
from ..core.errors import InvalidOptionsError
from ..core.protocols import Game
from .limits import Limits

__all__ = ["HUMAN", "SEAT_KINDS", "bot_for", "normalize_seat"]

HUMAN = "human"
"""The seat kind of a person at a browser."""

SEAT_KINDS = (HUMAN, "random", "greedy", "mcts")
"""What the lobby offers; bots may carry parameters, e.g. ``mcts:iterations=300``."""


def normalize_seat(text: Any, game: Game, limits: Limits) -> str:
    """The canonical seat kind, or InvalidOptionsError naming what is wrong or too costly."""
    if not isinstance(text, str):
        raise InvalidOptionsError(
            f"a seat must be a string such as 'human' or 'mcts', not {text!r}"
        )
    spec = text.strip().lower()
    if spec == HUMAN:
        return HUMAN
    kind, _, params = spec.partition(":")
    if kind.strip() == "mcts" and not params.strip():
        spec = f"mcts:iterations={limits.default_mcts_iterations}"
    bot = make_bot(spec, game, 0)
    if isinstance(bot, MCTSBot):
        if bot.iterations > limits.max_mcts_iterations:
            raise InvalidOptionsError(
                f"seat {text!r}: at most {limits.max_mcts_iterations} MCTS iterations are allowed"
            )
        if bot.time_limit is not None and not 0 < bot.time_limit <= limits.max_bot_seconds:
            raise InvalidOptionsError(
                f"seat {text!r}: an MCTS time limit must be above 0 and at most "
                f"{limits.max_bot_seconds} seconds"
            )
    if isinstance(bot, GreedyBot) and not 1 <= bot.worlds <= limits.max_greedy_worlds:
        raise InvalidOptionsError(
            f"seat {text!r}: greedy worlds must be 1-{limits.max_greedy_worlds}"
        )
    return spec


def bot_for(seat_kind: str, game: Game, match_seed: int, seat: int, move_number: int) -> Bot:
    """The bot that makes one decision for a seat."""
    seed = _rng.derive_seed(match_seed, "web-bot", seat, move_number)
    return make_bot(seat_kind, game, seed)

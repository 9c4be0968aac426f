"""Who sits where: seat-fair designs for comparing seats and bots.

A *lineup* names one bot per seat. A design plays every deal (a game seed) once
per *seating*: the lineup as given, or, with rotation, each of its distinct
rotations, so every bot sits in every seat equally often on the same deals.

Seats can be compared (a first-player advantage means something) exactly when
every seat saw the same mix of bots over the seatings: the same bot everywhere,
or a full rotation. With different bots in fixed seats, seat 0's win rate is its
bot's as much as its seat's, and a report must not call it a seat effect.
"""

from __future__ import annotations

import inspect
from collections import Counter
from collections.abc import Sequence
from typing import Any

from ..bots import GreedyBot
from ..bots import MCTSBot
from ..bots.registry import GUIDED
from ..bots.spec import parse_bot_spec

__all__ = [
    "bot_param",
    "bot_spec",
    "lineup_for",
    "seatings",
    "seats_comparable",
    "skill_seatings",
]


def bot_spec(spec: str) -> str:
    """A bot spec written one way (``MCTS : iterations=5`` -> ``mcts:iterations=5``)."""
    kind, sep, params = spec.partition(":")
    items = [p.strip() for p in params.split(",") if p.strip()]
    return kind.strip().lower() + (":" + ",".join(items) if sep and items else "")


def bot_param(spec: str, name: str) -> Any:
    """Parameter `name` of bot `spec` as the bot plays it: as given, else the bot's
    default (None where the bot has no such parameter)."""
    parsed = parse_bot_spec(spec)
    given = getattr(parsed.settings(), name, None)
    if given is not None:
        return given
    bot = {"mcts": MCTSBot, "guided": MCTSBot, "greedy": GreedyBot, "heuristic": GreedyBot}.get(
        parsed.kind
    )
    if parsed.kind == "guided" and name in GUIDED:
        return GUIDED[name]  # the preset, over MCTSBot's own defaults
    parameter = inspect.signature(bot).parameters.get(name) if bot is not None else None
    return None if parameter is None else parameter.default


def lineup_for(seats: Sequence[str], players: int) -> tuple[str, ...]:
    """One bot per seat from the seats given (a shorter list repeats, as in `simulate`)."""
    if not seats:
        raise ValueError("a lineup needs at least one bot")
    return tuple(bot_spec(seats[p % len(seats)]) for p in range(players))


def seatings(lineup: Sequence[str], rotate: bool) -> tuple[tuple[str, ...], ...]:
    """The seatings each deal is played with: the lineup, or its distinct rotations.

    Rotation r moves the bot of seat p to seat p + r; repeated seatings (a lineup with
    a period, like ``a b a b``) are played once, which keeps every bot in every seat
    equally often.
    """
    base = tuple(lineup)
    if not rotate:
        return (base,)
    found: list[tuple[str, ...]] = []
    n = len(base)
    for r in range(n):
        seating = tuple(base[(p - r) % n] for p in range(n))
        if seating not in found:
            found.append(seating)
    return tuple(found)


def seats_comparable(plan: Sequence[Sequence[str]]) -> bool:
    """Whether every seat saw the same mix of bots over these seatings."""
    if not plan:
        return False
    players = len(plan[0])
    mixes = [Counter(seating[p] for seating in plan) for p in range(players)]
    return all(mix == mixes[0] for mix in mixes)


def skill_seatings(strong: str, weak: str, players: int) -> tuple[tuple[str, ...], ...]:
    """One `strong` bot against `weak` ones, rotated through every seat.

    With one player there is nobody to beat: the seatings are the strong bot alone
    and the weak bot alone, on the same deals, and their scores are compared.
    """
    if players == 1:
        return ((bot_spec(strong),), (bot_spec(weak),))
    lineup = (bot_spec(strong),) + (bot_spec(weak),) * (players - 1)
    return seatings(lineup, rotate=True)

"""Seats and balance: each seat's win share and score, the first player's edge, each
bot's win share, the seat-by-bot table and the test of all seats together.

Seats are compared only when the design makes them comparable (the same bot in
every seat, or a full rotation: `meeple.sim.design.seats_comparable`); with
different bots in fixed seats a seat's figures are its bot's as much as its seat's.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from .design import seats_comparable
from .figures import Figure
from .figures import Unit
from .figures import mean_figure
from .figures import share_figure
from .played import Played
from .played import win
from .significance import SignificanceTest
from .significance import seat_balance_test
from .stats import shifted

__all__ = ["balance_figures", "seat_figures", "seat_test"]


def seat_figures(games: Played, players: int) -> list[Figure]:
    """Each seat's win share, then each seat's mean score."""
    shares = [
        share_figure(
            f"seat {p} win share",
            f"Seat {p} win share",
            "seats",
            tuple((b.unit(r), win(r, p)) for b, r in games),
            f"Share of games seat {p} won (a win shared by k players counts 1/k).",
        )
        for p in range(players)
    ]
    scores = [
        mean_figure(
            f"seat {p} mean score",
            f"Seat {p} mean score",
            "seats",
            tuple((b.unit(r), float(r.scores[p])) for b, r in games),
            f"Seat {p}'s average final score.",
        )
        for p in range(players)
    ]
    return shares + scores


def balance_figures(
    games: Played, players: int, plan: Sequence[Sequence[str]]
) -> tuple[list[Figure], list[str]]:
    """(figures, notes): the first player's share and edge, each bot's share and the
    seat-by-bot table where seats are comparable; a note saying why where not."""
    if players == 1:
        return [], ["First-player advantage: not defined for a one-player game."]
    if not seats_comparable(plan):
        named = ", ".join(f"seat {p}: {bot}" for p, bot in enumerate(plan[0]))
        return [], [
            "First-player advantage withheld, and with it the all-seats test: the seats hold "
            f"different bots ({named}) in a fixed order, so a seat's win share measures "
            "its bot as much as its seat. Rotate the bots (--rotate) or put the same bot "
            "in every seat."
        ]
    figures = _first_player(games, players)
    bots = sorted({bot for seating in plan for bot in seating})
    if len(bots) > 1:
        figures += _bot_figures(games, players, bots)
        figures += _seat_by_bot(games, players, bots)
    return figures, []


def _first_player(games: Played, players: int) -> list[Figure]:
    fair = 1.0 / players
    obs = tuple((b.unit(r), win(r, 0)) for b, r in games)
    first = share_figure(
        "first player win share",
        "First player's win share",
        "balance",
        obs,
        f"Share of games the first player (seat 0) won; {fair:.3f} is a fair share.",
    )
    edge = Figure(
        "first player edge",
        "First-player advantage",
        "balance",
        shifted(first.estimate, -fair),
        f"The first player's win share minus the fair share 1/{players}: above 0, "
        "going first helps.",
    )
    return [first, edge]


def _wins_where(
    games: Played, players: int, bot: str, seats: Sequence[int]
) -> tuple[tuple[Unit, float], ...]:
    """Each seat of `seats` that `bot` held in a game, with its share of that game's win."""
    return tuple((b.unit(r, p), win(r, p)) for b, r in games for p in seats if b.seating[p] == bot)


def _bot_figures(games: Played, players: int, bots: Sequence[str]) -> list[Figure]:
    every = range(players)
    why = "Share of the seats {} played that it won, over every seat equally."
    return [
        share_figure(
            f"bot {bot} win share",
            f"Win share of {bot}",
            "balance",
            _wins_where(games, players, bot, every),
            why.format(bot),
        )
        for bot in bots
    ]


def _seat_by_bot(games: Played, players: int, bots: Sequence[str]) -> list[Figure]:
    """One cell per bot and seat: what the pooled seat and bot figures average over."""
    why = "Share of the games {} played in seat {} that it won."
    return [
        share_figure(
            f"seat-bot {bot} seat {p} win share",
            f"{bot} in seat {p}",
            "seat-bot",
            _wins_where(games, players, bot, (p,)),
            why.format(bot, p),
        )
        for bot in bots
        for p in range(players)
    ]


def seat_test(
    label: str, games: Played, players: int, plan: Sequence[Sequence[str]]
) -> SignificanceTest | None:
    """Are all seats equally likely to win? Only where seats are comparable by design."""
    if players < 2 or not games or not seats_comparable(plan):
        return None
    wins = [math.fsum(win(r, p) for _, r in games) for p in range(players)]
    sole = [sum(1 for _, r in games if r.winners == (p,)) for p in range(players)]
    method, statistic, p_value = seat_balance_test(wins, sole)
    return SignificanceTest(
        f"{label}: all seats",
        f"{label}: all seats equally likely to win",
        method,
        statistic,
        p_value,
    )

"""Summaries of a batch: win rates with 95% intervals, scores, lengths, first-player edge."""

from __future__ import annotations

import math
import statistics
from collections.abc import Sequence

import attrs

from .runner import GameResult

__all__ = ["SeatSummary", "Summary", "summarize", "wilson_interval"]


def wilson_interval(wins: float, n: int, z: float = 1.959964) -> tuple[float, float]:
    """The Wilson score interval for a proportion (95% by default)."""
    if n == 0:
        return (0.0, 1.0)
    p = wins / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return (max(0.0, centre - half), min(1.0, centre + half))


@attrs.frozen
class SeatSummary:
    """One seat's results over a batch."""

    seat: int
    bot: str
    win_rate: float
    """Wins counted as shares (a shared win of k players counts 1/k)."""
    win_low: float
    win_high: float
    mean_score: float
    sd_score: float


@attrs.frozen
class Summary:
    """The whole batch at a glance."""

    games: int
    failed: int
    seats: tuple[SeatSummary, ...]
    length_percentiles: tuple[tuple[int, float], ...]
    """(percentile, steps) for 5, 25, 50, 75 and 95."""
    first_player_edge: float | None
    """Seat 0's win share minus the fair share 1/players; None unless every seat holds
    the same bot (with different bots it would measure the bots, not the seat)."""
    first_player_interval: tuple[float, float] | None = None
    """The edge's 95% interval (seat 0's Wilson interval minus 1/players)."""


def summarize(results: Sequence[GameResult], players: int, seats: Sequence[str]) -> Summary:
    """Win rates (with Wilson 95% intervals), score spread, lengths, first-player edge.

    The first-player edge is computed only when every seat holds the same bot; for
    different bots, rotate them through the seats (``meeple analyze --rotate``).
    """
    good = [r for r in results if r.error is None]
    n = len(good)
    rows = []
    for p in range(players):
        wins = sum(1.0 / len(r.winners) for r in good if p in r.winners)
        scores = [r.scores[p] for r in good]
        low, high = wilson_interval(wins, n)
        rows.append(
            SeatSummary(
                seat=p,
                bot=seats[p % len(seats)],
                win_rate=wins / n if n else 0.0,
                win_low=low,
                win_high=high,
                mean_score=statistics.fmean(scores) if scores else 0.0,
                sd_score=statistics.pstdev(scores) if len(scores) > 1 else 0.0,
            )
        )
    lengths = sorted(r.steps for r in good)
    percentiles: list[tuple[int, float]] = []
    for q in (5, 25, 50, 75, 95):
        if lengths:
            k = (len(lengths) - 1) * q / 100
            lo, hi = math.floor(k), math.ceil(k)
            percentiles.append((q, lengths[lo] + (lengths[hi] - lengths[lo]) * (k - lo)))
    same_bot = len({seats[p % len(seats)] for p in range(players)}) == 1
    edge: float | None = None
    interval: tuple[float, float] | None = None
    if same_bot and players > 1 and n:
        fair = 1.0 / players
        edge = rows[0].win_rate - fair
        interval = (rows[0].win_low - fair, rows[0].win_high - fair)
    return Summary(
        games=len(results),
        failed=len(results) - n,
        seats=tuple(rows),
        length_percentiles=tuple(percentiles),
        first_player_edge=edge,
        first_player_interval=interval,
    )

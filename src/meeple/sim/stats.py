"""Summaries of a batch: win rates with 95% intervals, scores, lengths, first-player edge;
and the estimates a balance report is made of (shares, means, differences, each with its
95% interval)."""

from __future__ import annotations

import math
import statistics
from collections.abc import Sequence
from typing import Any
from typing import Literal

import attrs

from .runner import GameResult

__all__ = [
    "Z95",
    "Estimate",
    "SeatSummary",
    "Summary",
    "difference",
    "mean_of",
    "paired_difference",
    "percentile",
    "share",
    "shifted",
    "summarize",
    "wilson_interval",
]

Z95 = 1.959964
"""The standard normal quantile of a two-sided 95% interval."""


def wilson_interval(wins: float, n: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval for a proportion (95% by default)."""
    if n == 0:
        return (0.0, 1.0)
    p = wins / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    # The interval always holds p; rounding can leave an end a hair past it (at p = 1).
    return (max(0.0, min(p, centre - half)), min(1.0, max(p, centre + half)))


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


EstimateKind = Literal["share", "mean", "difference"]


@attrs.frozen
class Estimate:
    """A figure with its 95% interval and the number of games (or seat-games) behind it.

    ``share``: a proportion with its Wilson score interval (a shared win of k players
    counts 1/k). ``mean``: an average with a normal interval from the sample standard
    deviation (none for fewer than two values). ``difference``: one figure minus
    another or minus a constant; `significant` when its interval leaves out 0.
    Intervals treat games as independent.
    """

    kind: EstimateKind
    value: float
    low: float | None
    """Lower end of the 95% interval (None: too few games for one)."""
    high: float | None
    """Upper end of the 95% interval."""
    n: int
    """Games (or seat-games) it rests on."""
    sd: float | None = None
    """Means only: the sample standard deviation."""

    @property
    def significant(self) -> bool:
        """Whether the interval leaves out 0 (meaningful for differences)."""
        if self.low is None or self.high is None:
            return False
        return self.low > 0 or self.high < 0

    def to_json(self) -> dict[str, Any]:
        """A JSON-able dict (``sd`` only for means)."""
        data: dict[str, Any] = {
            "kind": self.kind,
            "value": self.value,
            "low": self.low,
            "high": self.high,
            "n": self.n,
        }
        if self.kind == "mean":
            data["sd"] = self.sd
        return data


def share(successes: float, n: int) -> Estimate:
    """The proportion successes/n with its Wilson 95% interval."""
    low, high = wilson_interval(successes, n)
    return Estimate("share", successes / n if n else 0.0, low, high, n)


def mean_of(values: Sequence[float]) -> Estimate:
    """The mean of `values` with a normal 95% interval (none below two values)."""
    n = len(values)
    if n == 0:
        return Estimate("mean", 0.0, None, None, 0, None)
    mean = math.fsum(values) / n
    if n < 2:
        return Estimate("mean", mean, None, None, n, None)
    sd = math.sqrt(math.fsum((v - mean) ** 2 for v in values) / (n - 1))
    half = Z95 * sd / math.sqrt(n)
    return Estimate("mean", mean, mean - half, mean + half, n, sd)


def shifted(estimate: Estimate, by: float) -> Estimate:
    """`estimate` plus a constant (a share minus its fair value, say), as a difference."""
    low = None if estimate.low is None else estimate.low + by
    high = None if estimate.high is None else estimate.high + by
    return Estimate("difference", estimate.value + by, low, high, estimate.n)


def difference(a: Estimate, b: Estimate) -> Estimate:
    """b minus a, from two independent samples, with its 95% interval.

    Shares: Newcombe's hybrid score interval (his method 10, from the two Wilson
    intervals). Means: Welch's standard error with the normal quantile.
    """
    if a.kind != b.kind or a.kind == "difference":
        raise ValueError(f"cannot compare a {a.kind} with a {b.kind}")
    n = min(a.n, b.n)
    value = b.value - a.value
    if a.kind == "share":
        a_low, a_high = wilson_interval(a.value * a.n, a.n)
        b_low, b_high = wilson_interval(b.value * b.n, b.n)
        low = value - math.sqrt((b.value - b_low) ** 2 + (a_high - a.value) ** 2)
        high = value + math.sqrt((b_high - b.value) ** 2 + (a.value - a_low) ** 2)
        return Estimate("difference", value, low, high, n)
    if a.sd is None or b.sd is None:
        return Estimate("difference", value, None, None, n)
    half = Z95 * math.sqrt(a.sd**2 / a.n + b.sd**2 / b.n)
    return Estimate("difference", value, value - half, value + half, n)


def paired_difference(a: Sequence[float], b: Sequence[float], kind: EstimateKind) -> Estimate:
    """The mean of b[i] - a[i] over pairs played on the same deal and seating, with its
    95% interval from the spread of the differences (not of each side).

    Shares (values from 0 to 1): Agresti and Min's adjusted interval for matched
    proportions (2005, Statistics in Medicine 24:729): the Wald interval of the paired
    difference after adding half a pair to each cell of the paired table, that is, two
    pairs that differ by 0 and half a pair each differing by +1 and by -1 (with 0/1
    values exactly their formula; a shared win counts its fraction). It never shrinks
    to a point when every pair agrees. Means: the normal interval of the differences'
    mean from their sample standard deviation (none below two pairs).
    """
    if len(a) != len(b):
        raise ValueError(f"paired samples differ in size: {len(a)} and {len(b)}")
    diffs = [y - x for x, y in zip(a, b, strict=True)]
    n = len(diffs)
    value = math.fsum(diffs) / n if n else 0.0
    if kind == "share":
        total = n + 2
        centre = math.fsum(diffs) / total
        variance = ((math.fsum(d * d for d in diffs) + 1) / total - centre**2) / total
        half = Z95 * math.sqrt(max(0.0, variance))
        low = max(-1.0, min(value, centre - half))  # the interval always holds the value
        high = min(1.0, max(value, centre + half))
        return Estimate("difference", value, low, high, n)
    if n < 2:
        return Estimate("difference", value, None, None, n)
    sd = math.sqrt(math.fsum((d - value) ** 2 for d in diffs) / (n - 1))
    half = Z95 * sd / math.sqrt(n)
    return Estimate("difference", value, value - half, value + half, n)


def percentile(values: Sequence[float], q: float) -> float:
    """The q-th percentile (0-100) of sorted `values`, interpolating linearly."""
    k = (len(values) - 1) * q / 100
    lo, hi = math.floor(k), math.ceil(k)
    return values[lo] + (values[hi] - values[lo]) * (k - lo)

"""The balance report's plots (matplotlib, without a "Software" stamp so the bytes
depend only on the figures): win shares by seat, scores and lengths by seat and
variant, when games are decided, the game's own statistics, B - A."""

from __future__ import annotations

import itertools
import math
from collections import Counter
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any, Final

from ..core.errors import InvalidOptionsError
from .analysis import Analysis
from .figures import VariantReport
from .page import options_text
from .stats import Estimate

__all__ = ["plot_lengths", "plot_scores", "write_plots"]

_COLOURS: Final = ("#1f77b4", "#ff7f0e")
"""Variant A, variant B (matplotlib's first two default colours)."""


# -- the pictures ------------------------------------------------------------------------------
def write_plots(out: Path, analysis: Analysis) -> list[Path]:
    """Draw every plot the analysis has data for into `out` as PNG; return the paths."""
    try:
        import matplotlib

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        raise InvalidOptionsError(
            "the report's figures need matplotlib: pip install 'meeple[plot]'"
        ) from None
    made: list[Path] = []
    with plt.rc_context({"font.size": 9, "axes.titlesize": 10, "figure.titlesize": 12}):
        for name, draw in (
            ("win-rates.png", _plot_win_rates),
            ("scores.png", _plot_scores),
            ("lengths.png", _plot_lengths),
            ("decisions.png", _plot_decisions),
            ("statistics.png", _plot_statistics),
            ("comparison.png", _plot_comparison),
        ):
            fig = draw(plt, analysis)
            if fig is None:
                continue
            path = out / name
            fig.savefig(path, format="png", dpi=100, metadata={"Software": None})
            plt.close(fig)
            made.append(path)
    return made


def _labels(analysis: Analysis) -> list[str]:
    return [
        f"{v.label}: {options_text(v.options)}" if len(analysis.variants) > 1 else "all games"
        for v in analysis.variants
    ]


def _offsets(count: int, width: float = 0.8) -> Iterator[tuple[float, float]]:
    """(offset, bar width) for `count` bars side by side around each x."""
    bar = width / count
    for i in range(count):
        yield (i - (count - 1) / 2) * bar, bar


def _error_bars(ests: Sequence[Estimate], scale: float = 1.0) -> list[list[float]]:
    lows = [max(0.0, e.value - e.low) * scale if e.low is not None else 0.0 for e in ests]
    highs = [max(0.0, e.high - e.value) * scale if e.high is not None else 0.0 for e in ests]
    return [lows, highs]


def _plot_win_rates(plt: Any, analysis: Analysis) -> Any:
    players = analysis.players
    panels: list[tuple[str, list[str], list[str]]] = [
        (
            "By seat",
            [
                f"seat {p}" if analysis.seats_comparable else f"seat {p}\n{analysis.lineup[p]}"
                for p in range(players)
            ],
            [f"seat {p} win share" for p in range(players)],
        )
    ]
    bots = [f.key for f in analysis.variants[0].figures if f.key.startswith("bot ")]
    if bots:
        panels.append(("By bot (every bot in every seat)", [k[4:-10] for k in bots], bots))
    if analysis.variants[0].figure("skill win share") is not None:
        panels.append(
            (
                f"Skill: one {analysis.skill} against {analysis.skill_against}",
                ["win share"],
                ["skill win share"],
            )
        )
    fig, axes = plt.subplots(
        1, len(panels), figsize=(4 + 3 * len(panels), 4), squeeze=False, layout="constrained"
    )
    comparable = analysis.seats_comparable
    fair = 1.0 / players
    for ax, (title, names, keys) in zip(axes[0], panels, strict=True):
        for (offset, width), v, label, colour in zip(
            _offsets(len(analysis.variants)),
            analysis.variants,
            _labels(analysis),
            _COLOURS,
            strict=False,
        ):
            ests = [_est(v, k) for k in keys]
            xs = [i + offset for i in range(len(keys))]
            ax.bar(xs, [e.value * 100 for e in ests], width, label=label, color=colour)
            ax.errorbar(
                xs,
                [e.value * 100 for e in ests],
                yerr=_error_bars(ests, 100),
                fmt="none",
                ecolor="black",
                capsize=3,
            )
        if players > 1 and (comparable or not title.startswith("By seat")):
            ax.axhline(
                fair * 100,
                color="grey",
                linestyle="--",
                linewidth=1,
                label=f"fair share {fair:.0%}",
            )
        ax.set_xticks(range(len(keys)), names)
        ax.set_ylabel("win share (%)")
        ax.set_ylim(0, 100)
        ax.set_title(
            title
            if comparable or not title.startswith("By seat")
            else f"{title} (different bots: not a seat comparison)"
        )
        ax.legend(loc="upper right", fontsize=8)
    fig.suptitle(f"{analysis.title}: win share with 95% intervals")
    return fig


def _est(v: VariantReport, key: str) -> Estimate:
    fig = v.figure(key)
    assert fig is not None, key
    return fig.estimate


def _main_results(analysis: Analysis, label: str) -> list[Any]:
    return [r for b in analysis.blocks_of(label, "main") for r in b.results if r.error is None]


def _integer_axis(ax: Any, *, x: bool = True) -> None:
    """Whole-number ticks (counts of games, scores, actions) on y, and on x unless told."""
    from matplotlib.ticker import MaxNLocator

    if x:
        ax.xaxis.set_major_locator(MaxNLocator(integer=True))
    ax.yaxis.set_major_locator(MaxNLocator(integer=True))


def _plot_scores(plt: Any, analysis: Analysis) -> Any:
    series = [
        [[r.scores[p] for r in _main_results(analysis, v.label)] for v in analysis.variants]
        for p in range(analysis.players)
    ]
    fixed = None if analysis.seats_comparable else analysis.lineup
    return plot_scores(plt, analysis.title, series, _labels(analysis), fixed)


def plot_scores(
    plt: Any,
    title: str,
    series: Sequence[Sequence[Sequence[int]]],
    labels: Sequence[str],
    bots: Sequence[str] | None = None,
) -> Any:
    """Final scores, one panel per seat, one bar per whole score (several series side by
    side, never over each other); `series[seat][k]` are the scores of series k, and
    `bots` names the bot in each seat when seats hold different bots."""
    seats = len(series)
    fig, axes = plt.subplots(
        seats, 1, figsize=(8, 1.2 + 1.8 * seats), squeeze=False, sharex=True, layout="constrained"
    )
    everything = [x for per_seat in series for scores in per_seat for x in scores]
    low, high = (min(everything), max(everything)) if everything else (0, 0)
    xs = list(range(low, high + 1))
    for p, per_seat in enumerate(series):
        ax = axes[p][0]
        for (offset, width), scores, label, colour in zip(
            _offsets(len(per_seat)), per_seat, labels, _COLOURS, strict=False
        ):
            counts = Counter(scores)
            ax.bar(
                [x + offset for x in xs],
                [counts.get(x, 0) for x in xs],
                width,
                label=label,
                color=colour,
            )
        name = f"Seat {p}" + (" (first player)" if p == 0 and seats > 1 else "")
        ax.set_title(f"{name}: {bots[p]}" if bots else name)
        ax.set_ylabel("games")
        _integer_axis(ax)
        if p == 0:
            ax.legend(loc="upper right", fontsize=8)
    axes[-1][0].set_xlabel("final score")
    fig.suptitle(f"{title}: final scores by seat")
    return fig


def _plot_lengths(plt: Any, analysis: Analysis) -> Any:
    series = [[r.steps for r in _main_results(analysis, v.label)] for v in analysis.variants]
    medians = [dict(v.length_percentiles).get(50) for v in analysis.variants]
    return plot_lengths(plt, analysis.title, series, _labels(analysis), medians)


def plot_lengths(
    plt: Any,
    title: str,
    series: Sequence[Sequence[int]],
    labels: Sequence[str],
    medians: Sequence[float | None] = (),
) -> Any:
    """Game lengths, one panel per series, bars centred on whole numbers of actions."""
    rows = len(series)
    fig, axes = plt.subplots(
        rows, 1, figsize=(8, 1.4 + 2.2 * rows), squeeze=False, sharex=True, layout="constrained"
    )
    everything = [x for steps in series for x in steps]
    low, high = (min(everything), max(everything)) if everything else (0, 1)
    step = max(1, math.ceil((high - low + 1) / 40))
    bins = [low - 0.5 + step * k for k in range((high - low) // step + 2)]  # whole numbers centred
    for i, (ax, steps, label) in enumerate(zip((a[0] for a in axes), series, labels, strict=True)):
        ax.hist(steps, bins=bins, color=_COLOURS[i % len(_COLOURS)], edgecolor="white")
        median = medians[i] if i < len(medians) else None
        if median is not None:
            ax.axvline(
                median, color="black", linestyle="--", linewidth=1, label=f"median {median:.0f}"
            )
            ax.legend(loc="upper right", fontsize=8)
        ax.set_title(label)
        ax.set_ylabel("games")
        _integer_axis(ax)
    axes[-1][0].set_xlabel("actions per game")
    fig.suptitle(f"{title}: game length")
    return fig


def _plot_decisions(plt: Any, analysis: Analysis) -> Any:
    if analysis.players < 2:
        return None
    fig, (left, right) = plt.subplots(1, 2, figsize=(10, 4), layout="constrained")
    edges = [i / 10 for i in range(11)]
    most = 0
    for (offset, width), v, label, colour in zip(
        _offsets(len(analysis.variants), 0.08),
        analysis.variants,
        _labels(analysis),
        _COLOURS,
        strict=False,
    ):
        results = _main_results(analysis, v.label)
        points = [r.vitals.decided_at for r in results if r.vitals]
        counts = [
            sum(1 for d in points if lo <= d < hi or (hi == 1.0 and d == 1.0))
            for lo, hi in itertools.pairwise(edges)
        ]
        left.bar(
            [lo + 0.05 + offset for lo in edges[:-1]], counts, width, label=label, color=colour
        )
        changes = Counter(r.vitals.lead_changes for r in results if r.vitals)
        most = max([most, *changes])
        right.bar(
            [c + offset * 10 for c in range(most + 1)],
            [changes.get(c, 0) for c in range(most + 1)],
            width * 10,
            label=label,
            color=colour,
        )
    left.set_xlabel("decision point (fraction of the game's actions)")
    left.set_ylabel("games")
    left.set_title("When the winners took the lead for good")
    left.set_xlim(0, 1)
    _integer_axis(left, x=False)
    right.set_xlabel("lead changes in the game")
    right.set_ylabel("games")
    right.set_title("Lead changes per game")
    _integer_axis(right)
    for ax in (left, right):
        ax.legend(loc="upper left", fontsize=8)
    fig.suptitle(f"{analysis.title}: how games are decided")
    return fig


def _plot_statistics(plt: Any, analysis: Analysis) -> Any:
    keys = [
        f.key
        for f in analysis.variants[0].figures
        if f.group == "game" and f.estimate.kind == "share"
    ]
    if not keys:
        return None
    labels = [analysis.variants[0].figure(k).label for k in keys]  # type: ignore[union-attr]  # from the list
    fig, ax = plt.subplots(figsize=(9, 1.5 + 0.35 * len(keys)), layout="constrained")
    for (offset, width), v, label, colour in zip(
        _offsets(len(analysis.variants)),
        analysis.variants,
        _labels(analysis),
        _COLOURS,
        strict=False,
    ):
        ests = [_est(v, k) if v.figure(k) else None for k in keys]
        ys = [i + offset for i in range(len(keys))]
        values = [e.value * 100 if e else 0.0 for e in ests]
        ax.barh(ys, values, width, label=label, color=colour)
        present = [(y, e) for y, e in zip(ys, ests, strict=True) if e is not None]
        ax.errorbar(
            [e.value * 100 for _, e in present],
            [y for y, _ in present],
            xerr=_error_bars([e for _, e in present], 100),
            fmt="none",
            ecolor="black",
            capsize=2,
        )
    ax.set_yticks(range(len(keys)), labels)
    ax.invert_yaxis()
    ax.set_xlim(0, 100)
    ax.set_xlabel("share of games (%)")
    ax.legend(loc="lower right", fontsize=8)
    fig.suptitle(f"{analysis.title}: the game's own statistics (95% intervals)")
    return fig


def _plot_comparison(plt: Any, analysis: Analysis) -> Any:
    rows = [c for c in analysis.comparison if c.a.kind == "share"]
    if not rows:
        return None
    fig, ax = plt.subplots(figsize=(9, 1.5 + 0.32 * len(rows)), layout="constrained")
    for y, c in enumerate(rows):
        d = c.difference
        colour = "#a40000" if d.significant else "#555555"
        low = d.low if d.low is not None else d.value
        high = d.high if d.high is not None else d.value
        ax.plot([low * 100, high * 100], [y, y], color=colour, linewidth=2)
        ax.plot([d.value * 100], [y], "o", color=colour)
    ax.axvline(0, color="black", linewidth=1)
    ax.set_yticks(range(len(rows)), [c.label for c in rows])
    ax.invert_yaxis()
    ax.set_xlabel("B - A (percentage points)")
    a, b = analysis.variants
    ax.set_title(f"A: {options_text(a.options)}   B: {options_text(b.options)}")
    fig.suptitle(f"{analysis.title}: variant B against variant A (95% intervals)")
    return fig

"""The balance report's plots (matplotlib, without a "Software" stamp so the bytes
depend only on the figures): win shares by seat, scores and lengths by seat and
variant, when games are decided, the game's own statistics, B - A.

Each plot is drawn from its data in `meeple.sim.plotdata` (the same data the report
writes as JSON), never from the games directly.
"""

from __future__ import annotations

import math
from collections.abc import Iterator
from collections.abc import Mapping
from collections.abc import Sequence
from pathlib import Path
from typing import Any
from typing import Final

from ..core.errors import InvalidOptionsError
from ..core.extras import install_hint
from .analysis import Analysis
from .plotdata import counts
from .plotdata import plot_data

__all__ = ["draw", "plot_lengths", "plot_scores", "pyplot", "write_plots"]

_COLOURS: Final = ("#1f77b4", "#ff7f0e")
"""Variant A, variant B (matplotlib's first two default colours)."""

Data = Mapping[str, Any]


def pyplot() -> Any:
    """matplotlib's pyplot, drawing to files; without the plot extra, an
    InvalidOptionsError saying what to install."""
    try:
        import matplotlib

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        raise InvalidOptionsError(f"figures need matplotlib: {install_hint('plot')}") from None
    return plt


def write_plots(
    out: Path, analysis: Analysis, data: Mapping[str, Data] | None = None
) -> list[Path]:
    """Draw every plot the analysis has data for into `out` as PNG; return the paths.

    data: `plot_data(analysis)`, if the caller has it already.
    """
    plt = pyplot()
    made: list[Path] = []
    for name, shown in (plot_data(analysis) if data is None else data).items():
        fig = draw(plt, name, shown)
        path = out / name
        fig.savefig(path, format="png", dpi=100, metadata={"Software": None})
        plt.close(fig)
        made.append(path)
    return made


def draw(plt: Any, name: str, data: Data) -> Any:
    """The matplotlib figure of plot `name` (a file name of `PLOTS`) from its data."""
    drawers = {
        "win-rates.png": _draw_win_rates,
        "scores.png": _draw_scores,
        "lengths.png": _draw_lengths,
        "decisions.png": _draw_decisions,
        "statistics.png": _draw_statistics,
        "comparison.png": _draw_comparison,
    }
    with plt.rc_context({"font.size": 9, "axes.titlesize": 10, "figure.titlesize": 12}):
        return drawers[name](plt, data)


def _offsets(count: int, width: float = 0.8) -> Iterator[tuple[float, float]]:
    """(offset, bar width) for `count` bars side by side around each x."""
    bar = width / count
    for i in range(count):
        yield (i - (count - 1) / 2) * bar, bar


def _error_bars(ests: Sequence[Data]) -> list[list[float]]:
    """Percentage-point distances from each share to its interval's ends (never below 0)."""
    lows = [max(0.0, e["value"] - e["low"]) * 100 if e["low"] is not None else 0.0 for e in ests]
    highs = [max(0.0, e["high"] - e["value"]) * 100 if e["high"] is not None else 0.0 for e in ests]
    return [lows, highs]


def _integer_axis(ax: Any, *, x: bool = True) -> None:
    """Whole-number ticks (counts of games, scores, actions) on y, and on x unless told."""
    from matplotlib.ticker import MaxNLocator

    if x:
        ax.xaxis.set_major_locator(MaxNLocator(integer=True))
    ax.yaxis.set_major_locator(MaxNLocator(integer=True))


def _draw_win_rates(plt: Any, data: Data) -> Any:
    panels = data["panels"]
    fig, axes = plt.subplots(
        1, len(panels), figsize=(4 + 3 * len(panels), 4), squeeze=False, layout="constrained"
    )
    fair = data["fair share"]
    for ax, panel in zip(axes[0], panels, strict=True):
        for (offset, width), ests, label, colour in zip(
            _offsets(len(data["series"])), panel["values"], data["series"], _COLOURS, strict=False
        ):
            xs = [i + offset for i in range(len(ests))]
            values = [e["value"] * 100 for e in ests]
            ax.bar(xs, values, width, label=label, color=colour)
            ax.errorbar(xs, values, yerr=_error_bars(ests), fmt="none", ecolor="black", capsize=3)
        if panel["fair share line"]:
            ax.axhline(
                fair * 100,
                color="grey",
                linestyle="--",
                linewidth=1,
                label=f"fair share {fair:.0%}",
            )
        ax.set_xticks(range(len(panel["categories"])), panel["categories"])
        ax.set_ylabel(data["y label"])
        ax.set_ylim(0, 100)
        ax.set_title(panel["title"])
        ax.legend(loc="upper right", fontsize=8)
    fig.suptitle(data["title"])
    return fig


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
    panels = []
    for p, per_seat in enumerate(series):
        name = f"Seat {p}" + (" (first player)" if p == 0 and seats > 1 else "")
        panels.append(
            {
                "title": f"{name}: {bots[p]}" if bots else name,
                "counts": [counts(scores) for scores in per_seat],
            }
        )
    data = {
        "title": f"{title}: final scores by seat",
        "x label": "final score",
        "y label": "games",
        "series": list(labels),
        "panels": panels,
    }
    return draw(plt, "scores.png", data)


def _panel_column(plt: Any, data: Data, top: float, per_panel: float) -> tuple[Any, list[Any]]:
    """A figure with `data`'s panels stacked in one column on a shared x axis, each panel
    titled, its y axis labelled, whole-number ticks; the x label under the last panel
    and the figure's title over them all. (figure, one axes per panel)."""
    panels = data["panels"]
    fig, grid = plt.subplots(
        len(panels),
        1,
        figsize=(8, top + per_panel * len(panels)),
        squeeze=False,
        sharex=True,
        layout="constrained",
    )
    axes = [row[0] for row in grid]
    for ax, panel in zip(axes, panels, strict=True):
        ax.set_title(panel["title"])
        ax.set_ylabel(data["y label"])
        _integer_axis(ax)
    axes[-1].set_xlabel(data["x label"])
    fig.suptitle(data["title"])
    return fig, axes


def _draw_scores(plt: Any, data: Data) -> Any:
    panels = data["panels"]
    fig, axes = _panel_column(plt, data, 1.2, 1.8)
    seen = [x for panel in panels for pairs in panel["counts"] for x, _ in pairs]
    xs = list(range(min(seen), max(seen) + 1)) if seen else [0]
    for p, (ax, panel) in enumerate(zip(axes, panels, strict=True)):
        for (offset, width), pairs, label, colour in zip(
            _offsets(len(panel["counts"])), panel["counts"], data["series"], _COLOURS, strict=False
        ):
            games = dict(pairs)
            ax.bar(
                [x + offset for x in xs],
                [games.get(x, 0) for x in xs],
                width,
                label=label,
                color=colour,
            )
        if p == 0:
            ax.legend(loc="upper right", fontsize=8)
    return fig


def plot_lengths(
    plt: Any,
    title: str,
    series: Sequence[Sequence[int]],
    labels: Sequence[str],
    medians: Sequence[float | None] = (),
) -> Any:
    """Game lengths, one panel per series, bars centred on whole numbers of actions."""
    data = {
        "title": f"{title}: game length",
        "x label": "actions per game",
        "y label": "games",
        "panels": [
            {
                "title": label,
                "counts": counts(steps),
                "median": medians[i] if i < len(medians) else None,
            }
            for i, (steps, label) in enumerate(zip(series, labels, strict=True))
        ],
    }
    return draw(plt, "lengths.png", data)


def _draw_lengths(plt: Any, data: Data) -> Any:
    panels = data["panels"]
    fig, axes = _panel_column(plt, data, 1.4, 2.2)
    seen = [x for panel in panels for x, _ in panel["counts"]]
    low, high = (min(seen), max(seen)) if seen else (0, 1)
    step = max(1, math.ceil((high - low + 1) / 40))
    bins = [low - 0.5 + step * k for k in range((high - low) // step + 2)]  # whole numbers centred
    for i, (ax, panel) in enumerate(zip(axes, panels, strict=True)):
        pairs = panel["counts"]
        ax.hist(
            [x for x, _ in pairs],
            bins=bins,
            weights=[n for _, n in pairs],
            color=_COLOURS[i % len(_COLOURS)],
            edgecolor="white",
        )
        median = panel["median"]
        if median is not None:
            ax.axvline(
                median, color="black", linestyle="--", linewidth=1, label=f"median {median:.0f}"
            )
            ax.legend(loc="upper right", fontsize=8)
    return fig


def _draw_decisions(plt: Any, data: Data) -> Any:
    fig, (left, right) = plt.subplots(1, 2, figsize=(10, 4), layout="constrained")
    point, changes = data["decision point"], data["lead changes"]
    edges = point["bins"]
    most = max([0, *(x for pairs in changes["counts"] for x, _ in pairs)])
    for (offset, width), bins, pairs, label, colour in zip(
        _offsets(len(data["series"]), 0.08),
        point["counts"],
        changes["counts"],
        data["series"],
        _COLOURS,
        strict=False,
    ):
        left.bar([lo + 0.05 + offset for lo in edges[:-1]], bins, width, label=label, color=colour)
        games = dict(pairs)
        right.bar(
            [c + offset * 10 for c in range(most + 1)],
            [games.get(c, 0) for c in range(most + 1)],
            width * 10,
            label=label,
            color=colour,
        )
    for ax, shown in ((left, point), (right, changes)):
        ax.set_xlabel(shown["x label"])
        ax.set_ylabel(shown["y label"])
        ax.set_title(shown["title"])
        ax.legend(loc="upper left", fontsize=8)
    left.set_xlim(0, 1)
    _integer_axis(left, x=False)
    _integer_axis(right)
    fig.suptitle(data["title"])
    return fig


def _draw_statistics(plt: Any, data: Data) -> Any:
    labels = data["categories"]
    fig, ax = plt.subplots(figsize=(9, 1.5 + 0.35 * len(labels)), layout="constrained")
    for (offset, width), ests, label, colour in zip(
        _offsets(len(data["series"])), data["values"], data["series"], _COLOURS, strict=False
    ):
        ys = [i + offset for i in range(len(labels))]
        ax.barh(
            ys, [e["value"] * 100 if e else 0.0 for e in ests], width, label=label, color=colour
        )
        present = [(y, e) for y, e in zip(ys, ests, strict=True) if e is not None]
        ax.errorbar(
            [e["value"] * 100 for _, e in present],
            [y for y, _ in present],
            xerr=_error_bars([e for _, e in present]),
            fmt="none",
            ecolor="black",
            capsize=2,
        )
    ax.set_yticks(range(len(labels)), labels)
    ax.invert_yaxis()
    ax.set_xlim(0, 100)
    ax.set_xlabel(data["x label"])
    ax.legend(loc="lower right", fontsize=8)
    fig.suptitle(data["title"])
    return fig


def _draw_comparison(plt: Any, data: Data) -> Any:
    rows = data["rows"]
    fig, ax = plt.subplots(figsize=(9, 1.5 + 0.32 * len(rows)), layout="constrained")
    for y, row in enumerate(rows):
        colour = "#a40000" if row["significant"] else "#555555"
        low = row["low"] if row["low"] is not None else row["value"]
        high = row["high"] if row["high"] is not None else row["value"]
        ax.plot([low * 100, high * 100], [y, y], color=colour, linewidth=2)
        ax.plot([row["value"] * 100], [y], "o", color=colour)
    ax.axvline(0, color="black", linewidth=1)
    ax.set_yticks(range(len(rows)), [row["label"] for row in rows])
    ax.invert_yaxis()
    ax.set_xlabel(data["x label"])
    ax.set_title(data["subtitle"])
    fig.suptitle(data["title"])
    return fig

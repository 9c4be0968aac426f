"""The balance report's plots (matplotlib, without a "Software" stamp so the bytes
depend only on the figures): win shares by seat, scores and lengths by seat and
variant, when games are decided, how play goes over the game, the skill ladder, the
game's own statistics, B - A.

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
from ..core.extras import has_extra
from ..core.extras import install_hint
from .analysis import Analysis
from .plotdata import lengths_data
from .plotdata import plot_data
from .plotdata import scores_data

__all__ = ["draw", "need_plots", "plot_lengths", "plot_scores", "pyplot", "write_plots"]

_COLOURS: Final = ("#1f77b4", "#ff7f0e")
"""Variant A, variant B (matplotlib's first two default colours)."""

_LINES: Final = (("o-", 3.0, 8.0), ("s--", 1.5, 4.0))
"""Line style, width and marker size of variant A, variant B: B drawn thinner over A, so
a variant that changes nothing still shows both."""

Data = Mapping[str, Any]


def _missing() -> InvalidOptionsError:
    return InvalidOptionsError(f"figures need matplotlib: {install_hint('plot')}")


def need_plots() -> None:
    """Refuse, with what to install, when the plot extra is missing. Its modules are
    found, not imported (`has_extra`), so a command checks before any work at no cost."""
    if not has_extra("plot"):
        raise _missing()


def pyplot() -> Any:
    """matplotlib's pyplot, drawing to files; without the plot extra, an
    InvalidOptionsError saying what to install."""
    try:
        import matplotlib

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        raise _missing() from None
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
        "trajectories.png": _draw_trajectories,
        "ladder.png": _draw_ladder,
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


def _error_bars(ests: Sequence[Data], scale: float = 100.0) -> list[list[float]]:
    """Distances from each estimate to its interval's ends, times `scale` (percentage
    points for shares), never below 0."""
    lows = [max(0.0, e["value"] - e["low"]) * scale if e["low"] is not None else 0.0 for e in ests]
    highs = [
        max(0.0, e["high"] - e["value"]) * scale if e["high"] is not None else 0.0 for e in ests
    ]
    return [lows, highs]


def _estimate_bars(
    ax: Any,
    values: Sequence[Sequence[Data | None]],
    series: Sequence[str],
    *,
    horizontal: bool = False,
    scale: float = 100.0,
    capsize: float = 3,
) -> None:
    """One bar per estimate with its interval as an error bar, the series side by side
    around each category (`values[series][category]`; None draws nothing)."""
    for (offset, width), ests, label, colour in zip(
        _offsets(len(series)), values, series, _COLOURS, strict=False
    ):
        present = [(i + offset, e) for i, e in enumerate(ests) if e is not None]
        places = [x for x, _ in present]
        heights = [e["value"] * scale for _, e in present]
        errors = _error_bars([e for _, e in present], scale)
        if horizontal:
            ax.barh(places, heights, width, label=label, color=colour)
            ax.errorbar(heights, places, xerr=errors, fmt="none", ecolor="black", capsize=capsize)
        else:
            ax.bar(places, heights, width, label=label, color=colour)
            ax.errorbar(places, heights, yerr=errors, fmt="none", ecolor="black", capsize=capsize)


def _fair_line(ax: Any, fair: float) -> None:
    ax.axhline(
        fair * 100, color="grey", linestyle="--", linewidth=1, label=f"fair share {fair:.0%}"
    )


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
    for ax, panel in zip(axes[0], panels, strict=True):
        _estimate_bars(ax, panel["values"], data["series"])
        if panel["fair share line"]:
            _fair_line(ax, data["fair share"])
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
    return draw(plt, "scores.png", scores_data(title, series, labels, bots))


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
    return draw(plt, "lengths.png", lengths_data(title, series, labels, medians))


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
    _estimate_bars(ax, data["values"], data["series"], horizontal=True, capsize=2)
    ax.set_xlim(0, 100)
    ax.legend(loc="lower right", fontsize=8)
    return _rows_titled(fig, ax, labels, data)


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
    ax.set_title(data["subtitle"])
    return _rows_titled(fig, ax, [row["label"] for row in rows], data)


def _rows_titled(fig: Any, ax: Any, labels: Sequence[str], data: Data) -> Any:
    """A plot of one row per label, top to bottom, with its x label and title."""
    ax.set_yticks(range(len(labels)), labels)
    ax.invert_yaxis()
    ax.set_xlabel(data["x label"])
    fig.suptitle(data["title"])
    return fig


def _draw_ladder(plt: Any, data: Data) -> Any:
    steps = data["categories"]
    fig, ax = plt.subplots(figsize=(3 + 2.2 * len(steps), 4.5), layout="constrained")
    scale = 100.0 if data["percent"] else 1.0
    _estimate_bars(ax, data["values"], data["series"], scale=scale)
    if data["fair share"] is not None:
        _fair_line(ax, data["fair share"])
        ax.set_ylim(0, 100)
    else:
        ax.axhline(0, color="grey", linewidth=1)
    for (offset, _), flags, ests in zip(
        _offsets(len(data["series"])), data["flags"], data["values"], strict=False
    ):
        for i, (flag, est) in enumerate(zip(flags, ests, strict=True)):
            if flag in ("saturated", "inconclusive") and est is not None:
                top = est["value"] if est["high"] is None else est["high"]
                ax.annotate(flag, (i + offset, top * scale), xytext=(0, 3),
                            textcoords="offset points", ha="center", fontsize=7)  # fmt: skip
    ax.set_xticks(range(len(steps)), steps)
    ax.set_ylabel(data["y label"])
    ax.set_xlabel(data["x label"])
    ax.legend(loc="lower center", bbox_to_anchor=(0.5, 1.0), ncol=3, fontsize=8)
    fig.suptitle(data["title"])
    return fig


def _draw_trajectories(plt: Any, data: Data) -> Any:
    panels = data["panels"]
    fig, axes = plt.subplots(1, len(panels), figsize=(12, 3.8), squeeze=False, layout="constrained")
    for ax, panel in zip(axes[0], panels, strict=True):
        for means, label, colour, (style, width, size) in zip(
            panel["means"], data["series"], _COLOURS, _LINES, strict=False
        ):
            points = [(t, m) for t, m in zip(data["tenths"], means, strict=True) if m is not None]
            ax.plot([t for t, _ in points], [m for _, m in points], style, color=colour,
                    linewidth=width, markersize=size, label=label)  # fmt: skip
        ax.set_title(panel["title"])
        ax.set_ylabel(panel["y label"])
        ax.set_xlabel(data["x label"])
        ax.set_xticks(data["tenths"])
        ax.legend(loc="best", fontsize=8)
    fig.suptitle(data["title"])
    return fig

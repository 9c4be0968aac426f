"""The balance report on disk: one HTML page, its PNG figures, the figures as JSON and
every game as a line of JSON.

The files depend only on the `Analysis` and the versions named in them: no clock, no
host name, no backend or worker count (which never change results), and PNGs are
written without a "Software" stamp, so the same seed gives the same bytes on local
processes and on Ray.
"""

from __future__ import annotations

import html
import itertools
import json
import math
import platform
import shlex
from collections import Counter
from collections.abc import Iterator, Mapping, Sequence
from importlib import metadata
from pathlib import Path
from typing import Any, Final

from ..core.errors import InvalidOptionsError
from ..core.registry import resolve_game
from .analysis import Analysis, Figure, VariantReport
from .design import seatings
from .stats import Estimate

__all__ = [
    "FILES",
    "GROUPS",
    "REPORT_FORMAT",
    "format_estimate",
    "options_text",
    "plot_lengths",
    "plot_scores",
    "render_html",
    "reproduce_command",
    "versions",
    "write_report",
]

REPORT_FORMAT: Final = 1
"""Version of the layout of ``report.json`` and ``results.jsonl``."""

FILES: Final = (
    "report.html",
    "report.json",
    "results.jsonl",
    "win-rates.png",
    "scores.png",
    "lengths.png",
    "decisions.png",
    "statistics.png",
    "comparison.png",
)
"""Every file a report may write (statistics.png needs share-like game statistics,
comparison.png a second variant)."""

GROUPS: Final = (
    ("seats", "Seats"),
    ("balance", "Balance between seats and bots"),
    ("length", "Game length"),
    ("ending", "How games end"),
    ("ties", "Ties and margins"),
    ("lead", "Lead changes and decisive moments"),
    ("skill", "Skill sensitivity"),
    ("game", "The game's own statistics"),
)
"""Report sections, in order: (figure group, heading)."""

_COLOURS: Final = ("#1f77b4", "#ff7f0e")
"""Variant A, variant B (matplotlib's first two default colours)."""


# -- reproducibility ------------------------------------------------------------------
def _option_text(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, list):
        return ",".join(_option_text(v) for v in value)
    if isinstance(value, dict):
        return json.dumps(value, sort_keys=True, separators=(",", ":"))
    return str(value)


def reproduce_command(analysis: Analysis) -> str:
    """The ``meeple analyze`` command that gives these figures again.

    Backend, workers and output folder are left out: results never depend on them.
    """
    words = ["meeple", "analyze", analysis.game_ref, "--players", str(analysis.players)]
    words += ["-n", str(analysis.deals), "--seed", str(analysis.seed)]
    for bot in analysis.lineup:
        words += ["--seat", bot]
    if analysis.rotate:
        words.append("--rotate")
    base = analysis.variants[0].options
    for key, value in sorted(base.items()):
        words += ["-o", f"{key}={_option_text(value)}"]
    if len(analysis.variants) > 1:
        other = analysis.variants[1].options
        defaults = _default_options(analysis.game_ref)
        for key in sorted(set(base) | set(other)):
            if base.get(key) != other.get(key):
                value = other.get(key, defaults.get(key))
                words += ["--compare", f"{key}={_option_text(value)}"]
    if analysis.skill is None:
        words += ["--skill", "none"]
    else:
        words += ["--skill", analysis.skill, "--skill-against", analysis.skill_against]
    return " ".join(shlex.quote(w) for w in words)


def _default_options(game_ref: str) -> dict[str, Any]:
    import attrs

    from ..core.options import _to_json

    options_type = resolve_game(game_ref).options_type
    default = options_type()
    return {f.name: _to_json(getattr(default, f.name)) for f in attrs.fields(options_type)}


def versions(analysis: Analysis) -> dict[str, str]:
    """The versions that produced the figures: meeple, the game's rules and package,
    Python and matplotlib."""
    package = _game_package(analysis)
    try:
        plotting = metadata.version("matplotlib")
    except metadata.PackageNotFoundError:
        plotting = "not installed"
    return {
        "meeple": _version("meeple"),
        "game": f"{analysis.game} rules {analysis.rules_version}",
        "game package": package,
        "python": platform.python_version(),
        "matplotlib": plotting,
    }


def _game_package(analysis: Analysis) -> str:
    """The distribution that registers the game (by its entry point), with its version."""
    for entry in metadata.entry_points(group="meeple.games"):
        if entry.name == analysis.game_ref and entry.dist is not None:
            return f"{entry.dist.name} {entry.dist.version}"
    game = resolve_game(analysis.game_ref)
    return f"module {type(game).__module__} (not registered by a package)"


def _version(dist: str) -> str:
    try:
        return metadata.version(dist)
    except metadata.PackageNotFoundError:  # running from a source tree
        from .. import __version__

        return __version__


# -- the files --------------------------------------------------------------------------
def write_report(folder: str | Path, analysis: Analysis) -> list[Path]:
    """Write the report's files into `folder` (created if needed); return their paths."""
    out = Path(folder)
    out.mkdir(parents=True, exist_ok=True)
    command = reproduce_command(analysis)
    versions_ = versions(analysis)
    written = [_write_results(out / "results.jsonl", analysis)]
    pictures = _plots(out, analysis)
    written += pictures
    written.append(_write_json(out / "report.json", analysis, command, versions_, pictures))
    page = render_html(analysis, command, versions_, [p.name for p in pictures])
    (out / "report.html").write_text(page, encoding="utf-8")
    written.append(out / "report.html")
    return written


def _write_results(path: Path, analysis: Analysis) -> Path:
    with path.open("w", encoding="utf-8") as handle:
        for block in analysis.blocks:
            for result in block.results:
                row = {
                    "variant": block.variant,
                    "design": block.design,
                    "rotation": block.rotation,
                    "seating": list(block.seating),
                    **result.to_json(),
                }
                handle.write(json.dumps(row, sort_keys=True) + "\n")
    return path


def _write_json(
    path: Path,
    analysis: Analysis,
    command: str,
    versions_: Mapping[str, str],
    pictures: Sequence[Path],
) -> Path:
    plan = seatings(analysis.lineup, analysis.rotate)
    data = {
        "report": "meeple balance analysis",
        "format": REPORT_FORMAT,
        "game": {
            "name": analysis.game,
            "title": analysis.title,
            "rules_version": analysis.rules_version,
        },
        "command": command,
        "seed": analysis.seed,
        "versions": dict(versions_),
        "design": {
            "players": analysis.players,
            "deals": analysis.deals,
            "lineup": list(analysis.lineup),
            "rotate": analysis.rotate,
            "seatings": [list(s) for s in plan],
            "seats_comparable": analysis.seats_comparable,
            "skill": analysis.skill,
            "skill_against": analysis.skill_against,
        },
        "variants": [v.to_json() for v in analysis.variants],
        "comparison": [c.to_json() for c in analysis.comparison],
        "files": {
            "results": "results.jsonl",
            "figures": [p.name for p in pictures],
            "page": "report.html",
        },
    }
    path.write_text(json.dumps(data, indent=2, sort_keys=True) + "\n", encoding="utf-8")
    return path


# -- numbers as text -------------------------------------------------------------------
def _is_share(fig: Figure) -> bool:
    return fig.estimate.kind == "share" or fig.key in ("first player edge", "skill edge")


def format_estimate(est: Estimate, percent: bool) -> str:
    """``35.0% (18.1-56.7%)``, ``4.25 (3.83-4.67)``, ``+1.7 pp (-15.2 to +23.4)``."""
    if est.kind == "difference":
        scale, unit = (100.0, " pp") if percent else (1.0, "")
        value = f"{est.value * scale:+.1f}{unit}" if percent else f"{est.value:+.3g}"
        if est.low is None or est.high is None:
            return value
        if percent:
            return f"{value} ({est.low * scale:+.1f} to {est.high * scale:+.1f})"
        return f"{value} ({est.low:+.3g} to {est.high:+.3g})"
    scale, unit = (100.0, "%") if percent else (1.0, "")
    text = f"{est.value * scale:.1f}{unit}" if percent else f"{est.value:.3g}"
    if est.low is None or est.high is None:
        return f"{text} (no interval: too few games)"
    if percent:
        return f"{text} ({est.low * scale:.1f}-{est.high * scale:.1f}{unit})"
    return f"{text} ({est.low:.3g}-{est.high:.3g})"


# -- the page ------------------------------------------------------------------------------
_CSS: Final = """
body { font-family: system-ui, sans-serif; margin: 2rem auto; max-width: 72rem;
  padding: 0 1rem; color: #1b1b1b; line-height: 1.45; }
h1 { margin-bottom: 0.2rem; }
.lede { color: #444; margin-top: 0; }
table { border-collapse: collapse; margin: 0.5rem 0 1.5rem; width: 100%; }
th, td { border-bottom: 1px solid #ddd; padding: 0.3rem 0.5rem; text-align: left;
  vertical-align: top; }
th { background: #f3f3f3; }
td.num { white-space: nowrap; font-variant-numeric: tabular-nums; }
td.why { color: #555; font-size: 0.92em; }
pre { background: #f6f6f6; padding: 0.7rem; overflow-x: auto; white-space: pre-wrap; }
.notes { background: #fff6e0; border-left: 4px solid #e0a000; padding: 0.5rem 1rem; }
.sig { font-weight: bold; color: #a40000; }
figure { margin: 1.5rem 0; }
figure img { max-width: 100%; border: 1px solid #ddd; }
figcaption { color: #444; font-size: 0.95em; }
"""


def render_html(
    analysis: Analysis, command: str, versions_: Mapping[str, str], pictures: Sequence[str]
) -> str:
    """The report page (escaped text; figures by relative file name)."""
    e = html.escape
    a = analysis.variants[0]
    b = analysis.variants[1] if len(analysis.variants) > 1 else None
    plan = seatings(analysis.lineup, analysis.rotate)
    out: list[str] = [
        "<!DOCTYPE html>",
        '<html lang="en"><head><meta charset="utf-8">',
        f"<title>Balance report: {e(analysis.title)}</title>",
        f"<style>{_CSS}</style></head><body>",
        f"<h1>Balance report: {e(analysis.title)}</h1>",
        f'<p class="lede">{e(_describe(analysis, len(plan)))}</p>',
        "<h2>Variants</h2><table><tr><th>variant</th><th>options (the rulebook game "
        "where none are named)</th></tr>",
    ]
    for v in analysis.variants:
        out.append(f"<tr><td>{e(v.label)}</td><td>{e(options_text(v.options))}</td></tr>")
    out.append("</table>")
    out.append("<h2>Reproduce</h2>")
    out.append(
        "<p>Every figure below comes from this command; results depend only on the "
        f"seed ({analysis.seed}), never on the backend or the number of workers.</p>"
    )
    out.append(f"<pre>{e(command)}</pre>")
    out.append("<table><tr><th>component</th><th>version</th></tr>")
    for name, version in versions_.items():
        out.append(f"<tr><td>{e(name)}</td><td>{e(version)}</td></tr>")
    out.append("</table>")
    notes = [(v.label, note) for v in analysis.variants for note in v.notes]
    if notes:
        out.append('<div class="notes"><h2>Not reported, and why</h2><ul>')
        seen: set[str] = set()
        for label, note in notes:
            if note in seen:
                continue
            seen.add(note)
            prefix = f"{label}: " if b is not None and sum(n == note for _, n in notes) == 1 else ""
            out.append(f"<li>{e(prefix + note)}</li>")
        out.append("</ul></div>")
    out.append("<h2>Vital signs</h2>")
    out.append(
        "<p>Each figure with its 95% interval and the number of games (or seat-games) "
        "it rests on. Shares use Wilson intervals; means a normal interval"
        + (
            "; B - A differences use Newcombe's interval for shares and Welch's for "
            'means, and are marked <span class="sig">significant</span> when the interval '
            "leaves out 0 (with many figures, about one in twenty looks significant by "
            "chance)"
            if b is not None
            else ""
        )
        + ".</p>"
    )
    pairs = {c.key: c for c in analysis.comparison}
    for group, heading in GROUPS:
        figs = [f for f in a.figures if f.group == group]
        if b is not None:
            figs += [f for f in b.figures if f.group == group and a.figure(f.key) is None]
        if not figs:
            continue
        out.append(f"<h3>{e(heading)}</h3><table><tr><th>figure</th>")
        out.append("<th>A</th><th>B</th><th>B - A</th>" if b is not None else "<th>value</th>")
        out.append("<th>n</th><th>what it means</th></tr>")
        for fig in figs:
            percent = _is_share(fig)
            mine = [v.figure(fig.key) for v in analysis.variants]
            cells = [format_estimate(m.estimate, percent) if m else "-" for m in mine]
            row = f"<tr><td>{e(fig.label)}</td>"
            row += "".join(f'<td class="num">{e(c)}</td>' for c in cells)
            if b is not None:
                pair = pairs.get(fig.key)
                if pair is None:
                    row += '<td class="num">-</td>'
                else:
                    text = e(format_estimate(pair.difference, percent))
                    if pair.difference.significant:
                        text = f'<span class="sig">{text} significant</span>'
                    row += f'<td class="num">{text}</td>'
            ns = "/".join(str(m.estimate.n) for m in mine if m is not None)
            row += f'<td class="num">{e(ns)}</td><td class="why">{e(fig.explanation)}</td></tr>'
            out.append(row)
        out.append("</table>")
        if group == "length":
            for v in analysis.variants:
                text = ", ".join(f"p{q} {val:.0f}" for q, val in v.length_percentiles)
                out.append(f"<p>Percentiles of length ({e(v.label)}): {e(text)} actions.</p>")
    out.append("<h2>Figures</h2>")
    for name in pictures:
        caption = _CAPTIONS.get(name, name)
        out.append(
            f'<figure><img src="{e(name)}" alt="{e(caption)}">'
            f"<figcaption>{e(caption)}</figcaption></figure>"
        )
    out.append(
        "<p>Files beside this page: <code>report.json</code> (every figure with its "
        "interval), <code>results.jsonl</code> (one line per game: seating, seed, scores, "
        "winners, length, lead changes, decision point, the game's statistics).</p>"
    )
    out.append("</body></html>")
    return "\n".join(out) + "\n"


_CAPTIONS: Final = {
    "win-rates.png": "Win share by seat (and by bot, and of the stronger bot in the skill "
    "design) with 95% Wilson intervals; the dashed line is the fair share.",
    "scores.png": "How often each final score occurred, one panel per seat.",
    "lengths.png": "How many actions games took, one panel per variant.",
    "decisions.png": "When games were decided (the fraction of actions after which only "
    "the winners led) and how often the lead changed hands.",
    "statistics.png": "The game's own statistics that are shares, with 95% intervals.",
    "comparison.png": "Variant B minus variant A for every share, in percentage points, "
    "with 95% intervals; red intervals leave out 0.",
}


def _describe(analysis: Analysis, seatings_count: int) -> str:
    players = analysis.players
    bots = ", ".join(analysis.lineup)
    design = (
        f"rotated through the seats ({seatings_count} seatings)"
        if analysis.rotate and seatings_count > 1
        else "in fixed seats"
    )
    games = sum(len(b.results) for b in analysis.blocks)
    skill = (
        f"; skill measured as {analysis.skill} against {analysis.skill_against}"
        if analysis.skill
        else ""
    )
    return (
        f"{players} player{'s' if players != 1 else ''}, {analysis.deals} deals "
        f"(seed {analysis.seed}); bots by seat: {bots}, {design}{skill}; "
        f"{games} games in all."
    )


def options_text(options: Mapping[str, Any]) -> str:
    """Options as ``key=value`` text as typed on a command line (or the rulebook defaults)."""
    if not options:
        return "rulebook defaults"
    return ", ".join(f"{k}={_option_text(v)}" for k, v in sorted(options.items()))


# -- the pictures ------------------------------------------------------------------------------
def _plots(out: Path, analysis: Analysis) -> list[Path]:
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

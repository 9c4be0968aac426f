"""The balance report on disk: one HTML page, its PNG figures, the figures as JSON
(every estimate, and under ``plots`` the data each PNG draws) and every game as a line
of JSON.

The files depend only on the `Analysis` and the versions named in them: no clock, no
host name, no backend or worker count (which never change results), and PNGs are
written without a "Software" stamp, so the same seed gives the same bytes on local
processes and on Ray.
"""

from __future__ import annotations

import json
import platform
import shlex
from collections.abc import Mapping
from importlib import metadata
from pathlib import Path
from typing import Any
from typing import Final

from ..core.registry import resolve_game
from .analysis import Analysis
from .correction import page_tests
from .design import seatings
from .formatting import format_estimate
from .formatting import option_text
from .formatting import options_text
from .page import GROUPS
from .page import render_html
from .plotdata import plot_data
from .plots import plot_lengths
from .plots import plot_scores
from .plots import write_plots
from .significance import CORRECTION

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

REPORT_FORMAT: Final = 2
"""Version of the layout of ``report.json`` and ``results.jsonl`` (2: the skill ladder,
paired comparisons, the page's tests and their correction, Ludii's measures)."""

FILES: Final = (
    "report.html",
    "report.json",
    "results.jsonl",
    "win-rates.png",
    "scores.png",
    "lengths.png",
    "decisions.png",
    "trajectories.png",
    "ladder.png",
    "statistics.png",
    "comparison.png",
)
"""Every file a report may write (ladder.png needs a skill ladder, statistics.png
share-like game statistics, comparison.png a second variant)."""


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
        words += ["-o", f"{key}={option_text(value)}"]
    if len(analysis.variants) > 1:
        other = analysis.variants[1].options
        defaults = _default_options(analysis.game_ref)
        for key in sorted(set(base) | set(other)):
            if base.get(key) != other.get(key):
                value = other.get(key, defaults.get(key))
                words += ["--compare", f"{key}={option_text(value)}"]
    if not analysis.ladder:
        words += ["--skill", "none"]
    else:
        words += ["--skill-against", analysis.ladder[0]]
        for rung in analysis.ladder[1:]:
            words += ["--skill", rung]
    return " ".join(shlex.quote(w) for w in words)


def _default_options(game_ref: str) -> dict[str, Any]:
    import attrs

    from ..core.thaw import thaw

    options_type = resolve_game(game_ref).options_type
    default = options_type()
    return {f.name: thaw(getattr(default, f.name)) for f in attrs.fields(options_type)}


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
    plots = plot_data(analysis)
    pictures = write_plots(out, analysis, plots)
    written += pictures
    written.append(_write_json(out / "report.json", analysis, command, versions_, plots))
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
                    "step": block.step,
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
    plots: Mapping[str, Mapping[str, Any]],
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
            "ladder": list(analysis.ladder),
            "bots_chosen": analysis.chosen,
        },
        "variants": [v.to_json() for v in analysis.variants],
        "comparison": [c.to_json() for c in analysis.comparison],
        "tests": {
            "correction": CORRECTION,
            "family": [t.to_json() for t in page_tests(analysis.variants, analysis.comparison)],
        },
        "plots": dict(plots),
        "files": {
            "results": "results.jsonl",
            "figures": list(plots),
            "page": "report.html",
        },
    }
    path.write_text(json.dumps(data, indent=2, sort_keys=True) + "\n", encoding="utf-8")
    return path

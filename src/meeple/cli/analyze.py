"""`meeple analyze`: a balance report (HTML, PNGs, JSON) of any registered game."""

from __future__ import annotations

import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from rich.console import Console
from rich.table import Table
from rich.text import Text

from ..core.errors import InvalidOptionsError
from ..core.options import options_to_json
from ..core.options import setting_key
from ..core.protocols import Game
from ..core.thaw import thaw
from ..sim.analysis import Analysis
from ..sim.analysis import analyze
from ..sim.design import lineup_for
from ..sim.design import seatings
from ..sim.design import skill_seatings
from ..sim.page import format_estimate
from ..sim.page import options_text
from ..sim.report import write_report
from .errors import interrupted
from .options import parse_cli_options
from .run_on import RunOn
from .terminal import games_progress

__all__ = ["HEADLINES", "default_players", "run_analysis", "split_compare"]

HEADLINES = (
    "first player edge",
    "natural end",
    "shared wins",
    "length",
    "lead changes",
    "decision point",
    "skill edge",
)
"""Figures printed at the terminal (the report holds them all)."""


def default_players(game: Game) -> int:
    """The smallest player count of at least 2 the game allows (1 for solo-only games)."""
    spec = game.spec
    return max(spec.min_players, min(2, spec.max_players))


def split_compare(game: Game, base: Sequence[str], compare: Sequence[str]) -> dict[str, Any]:
    """The options ``--compare`` changes, as JSON values, checked against the game.

    An option compared back to its default stays in the result, so the variant drops it.
    A ``--compare`` item replaces the base's item of the same name (options refuse a
    name given twice, so the two lists are merged by name first).
    """
    keys = []
    for item in compare:
        name, sep, _ = item.partition("=")
        if not sep:
            raise InvalidOptionsError(f"--compare {item!r} is not of the form key=value")
        keys.append(setting_key(name))  # the field it means, as the parser reads it
    kept = [item for item in base if setting_key(item.partition("=")[0]) not in keys]
    both = parse_cli_options(game, [*kept, *compare])
    return {key: thaw(getattr(both, key)) for key in keys}


def run_analysis(
    console: Console,
    game: Game,
    game_ref: str,
    *,
    players: int,
    seats: Sequence[str],
    deals: int,
    seed: int,
    rotate: bool,
    options: Sequence[str],
    compare: Sequence[str],
    skill: str | None,
    skill_against: str,
    run_on: RunOn,
    out: str,
) -> Analysis:
    """Play the designs with a progress bar, write the report, print the headlines."""
    if len(seats) > players:
        raise InvalidOptionsError(f"{len(seats)} seats given for {players} players")
    lineup = lineup_for(seats or ["random"], players)
    base = options_to_json(parse_cli_options(game, options))
    changes = split_compare(game, options, compare) if compare else None
    per_variant = len(seatings(lineup, rotate))
    if skill is not None:
        per_variant += len(skill_seatings(skill, skill_against, players))
    total = deals * per_variant * (2 if changes else 1)
    began = time.perf_counter()
    done = 0

    def advance(count: int) -> None:
        nonlocal done
        done += count
        progress.update(task, advance=count)

    try:
        with games_progress(console) as progress:
            task = progress.add_task(f"{game.spec.name}: {total} games", total=total)
            analysis = analyze(
                game_ref,
                players,
                lineup,
                deals,
                seed,
                rotate=rotate,
                options=base,
                compare=changes,
                skill=skill,
                skill_against=skill_against,
                backend=run_on.backend,
                workers=run_on.workers,
                ray_address=run_on.ray_address,
                progress=advance,
            )
    except KeyboardInterrupt:
        interrupted(done, total)
    paths = write_report(out, analysis)
    elapsed = time.perf_counter() - began
    console.print(headline_table(analysis, f"{analysis.title}: {total} games in {elapsed:.1f}s"))
    notes = [(v.label, note) for v in analysis.variants for note in v.notes]
    for label, note in notes:
        shared = sum(1 for _, other in notes if other == note) > 1
        if shared and label != analysis.variants[0].label:
            continue  # said once for every variant
        console.print(note if shared else f"{label}: {note}", markup=False, soft_wrap=True)
    page = next(p for p in paths if p.name == "report.html")
    console.print(
        f"report: {page} (open it in a browser); figures and data beside it in {out}",
        markup=False,
    )
    console.print(f"file URL: {Path(page).resolve().as_uri()}", markup=False)
    return analysis


def headline_table(analysis: Analysis, title: str) -> Table:
    """The headline figures of each variant, with their intervals."""
    table = Table(title=Text(title))
    table.add_column("figure")
    for variant in analysis.variants:  # option values (lists, text) are never read as markup
        table.add_column(Text(f"{variant.label}: {_options(variant.options)}"), justify="right")
    for key in HEADLINES:
        figs = [v.figure(key) for v in analysis.variants]
        if all(f is None for f in figs):
            continue
        label = next(f.label for f in figs if f is not None)
        percent = key not in ("length", "lead changes", "decision point")
        cells = ["-" if f is None else format_estimate(f.estimate, percent) for f in figs]
        table.add_row(label, *cells)
    return table


def _options(options: dict[str, Any]) -> str:
    return options_text(options)

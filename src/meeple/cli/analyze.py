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
from ..sim.budget import DEFAULT_DEALS
from ..sim.budget import plan_bots
from ..sim.budget import probe_game
from ..sim.design import lineup_for
from ..sim.design import seatings
from ..sim.formatting import format_estimate
from ..sim.formatting import is_percent
from ..sim.formatting import options_text
from ..sim.ladder import check_ladder
from ..sim.ladder import ladder_seatings
from ..sim.report import write_report
from .errors import interrupted
from .options import parse_cli_options
from .run_on import RunOn
from .terminal import games_progress

__all__ = ["HEADLINES", "default_players", "ladder_from", "run_analysis", "split_compare"]

HEADLINES = (
    "first player edge",
    "natural end",
    "shared wins",
    "length",
    "lead changes",
    "decision point",
    "drama",
)
"""Figures printed at the terminal, before each skill-ladder step (the report holds
them all)."""


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


def ladder_from(skill: Sequence[str] | None, against: str | None) -> tuple[str, ...] | None:
    """The skill ladder the flags name: ``--skill-against`` (default random) and each
    ``--skill`` above it; () for ``--skill none``; None when no ``--skill`` is given
    (the report then plays its default ladder, sized to the time budget)."""
    if not skill:
        if against is not None:
            raise InvalidOptionsError("--skill-against needs --skill: the rungs above it")
        return None
    if [s.strip().lower() for s in skill] == ["none"]:
        if against is not None:
            raise InvalidOptionsError("--skill-against with --skill none: no ladder is played")
        return ()
    return check_ladder([against or "random", *skill])


def _design(
    game: Game,
    players: int,
    seats: Sequence[str] | None,
    ladder: tuple[str, ...] | None,
    deals: int | None,
    rotate: bool,
    variants: int,
    options: Any,
) -> tuple[tuple[str, ...], tuple[str, ...], int, str | None]:
    """(lineup, ladder, deals, how the bots were chosen): what the flags leave open is
    planned for the time budget (`meeple.sim.budget`)."""
    lineup = lineup_for(seats, players) if seats else None
    if lineup is not None and ladder is not None:
        return lineup, ladder, deals if deals is not None else DEFAULT_DEALS, None
    plan = plan_bots(
        probe_game(game, players, options),
        lineup=lineup,
        rotate=rotate,
        ladder=ladder,
        deals=deals,
        variants=variants,
    )
    return plan.lineup, plan.ladder, plan.deals, plan.reason


def run_analysis(
    console: Console,
    game: Game,
    game_ref: str,
    *,
    players: int,
    seats: Sequence[str] | None,
    deals: int | None,
    seed: int,
    rotate: bool,
    options: Sequence[str],
    compare: Sequence[str],
    ladder: tuple[str, ...] | None,
    run_on: RunOn,
    out: str,
) -> Analysis:
    """Play the designs with a progress bar, write the report, print the headlines.

    seats, ladder, deals: None leaves them to the time budget's plan.
    """
    if seats is not None and len(seats) > players:
        raise InvalidOptionsError(f"{len(seats)} seats given for {players} players")
    parsed = parse_cli_options(game, options)
    base = options_to_json(parsed)
    changes = split_compare(game, options, compare) if compare else None
    variants = 2 if changes else 1
    lineup, rungs, count, chosen = _design(
        game, players, seats, ladder, deals, rotate, variants, parsed
    )
    per_variant = len(seatings(lineup, rotate)) + len(ladder_seatings(rungs, players))
    total = count * per_variant * variants
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
                count,
                seed,
                rotate=rotate,
                options=base,
                compare=changes,
                ladder=rungs,
                backend=run_on.backend,
                workers=run_on.workers,
                ray_address=run_on.ray_address,
                progress=advance,
                chosen=chosen,
            )
    except KeyboardInterrupt:
        interrupted(done, total)
    paths = write_report(out, analysis)
    elapsed = time.perf_counter() - began
    console.print(headline_table(analysis, f"{analysis.title}: {total} games in {elapsed:.1f}s"))
    _print_notes(console, analysis)
    page = next(p for p in paths if p.name == "report.html")
    console.print(
        f"report: {page} (open it in a browser); figures and data beside it in {out}",
        markup=False,
    )
    console.print(f"file URL: {Path(page).resolve().as_uri()}", markup=False)
    return analysis


def _print_notes(console: Console, analysis: Analysis) -> None:
    """Each variant's notes, a note every variant shares once."""
    notes = [(v.label, note) for v in analysis.variants for note in v.notes]
    if analysis.chosen:
        console.print(analysis.chosen, markup=False, soft_wrap=True)
    for label, note in notes:
        shared = sum(1 for _, other in notes if other == note) > 1
        if shared and label != analysis.variants[0].label:
            continue  # said once for every variant
        console.print(note if shared else f"{label}: {note}", markup=False, soft_wrap=True)


def headline_table(analysis: Analysis, title: str) -> Table:
    """The headline figures of each variant, with their intervals; each skill-ladder step
    with its verdict."""
    table = Table(title=Text(title))
    table.add_column("figure")
    for variant in analysis.variants:  # option values (lists, text) are never read as markup
        table.add_column(Text(f"{variant.label}: {_options(variant.options)}"), justify="right")
    steps = [f"skill {k} {'score edge' if analysis.players == 1 else 'win share'}"
             for k in range(1, len(analysis.ladder))]  # fmt: skip
    for key in (*HEADLINES, *steps):
        figs = [v.figure(key) for v in analysis.variants]
        shown = next((f for f in figs if f is not None), None)
        if shown is None:
            continue
        cells = [
            "-" if f is None else format_estimate(f.estimate, is_percent(f)) + _flag(f.flag)
            for f in figs
        ]
        table.add_row(shown.label, *cells)
    return table


def _flag(flag: str | None) -> str:
    return "" if flag is None else f" {flag}"


def _options(options: dict[str, Any]) -> str:
    return options_text(options)

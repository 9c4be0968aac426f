"""`meeple simulate`: a progress bar, a summary table, optional JSONL/CSV and plots."""

from __future__ import annotations

import csv
import json
import os
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from rich.console import Console
from rich.table import Table
from rich.text import Text

from ..core.errors import InvalidOptionsError
from ..sim import GameResult
from ..sim import Summary
from ..sim import resolve_game
from ..sim import simulate
from ..sim import summarize
from ..sim.batch import check_batch
from ..sim.plots import need_plots
from ..sim.plots import pyplot
from .errors import interrupted
from .run_on import RunOn
from .terminal import games_progress

__all__ = ["run_simulation", "summary_table", "write_results"]


def summary_table(summary: Summary, title: str) -> Table:
    """The per-seat table a user reads at the end."""
    table = Table(title=Text(title))  # a game named by its import path is not markup
    for column in ("seat", "bot", "win rate", "95% interval", "mean score", "sd"):
        table.add_column(column, justify="right")
    for row in summary.seats:
        table.add_row(
            str(row.seat),
            row.bot,
            f"{row.win_rate:.3f}",
            f"{row.win_low:.3f}-{row.win_high:.3f}",
            f"{row.mean_score:.2f}",
            f"{row.sd_score:.2f}",
        )
    return table


def write_results(path: str, results: Sequence[GameResult]) -> None:
    """Per-game results as JSON lines (.jsonl) or CSV (.csv)."""
    target = Path(path)
    if target.suffix == ".csv":
        with target.open("w", encoding="utf-8", newline="") as handle:
            writer = csv.writer(handle)
            writer.writerow(["index", "seed", "steps", "scores", "ranks", "winners", "error"])
            for r in results:
                writer.writerow(
                    [
                        r.index,
                        r.seed,
                        r.steps,
                        " ".join(map(str, r.scores)),
                        " ".join(map(str, r.ranks)),
                        " ".join(map(str, r.winners)),
                        (r.error or "").strip().splitlines()[-1] if r.error else "",
                    ]
                )
        return
    if target.suffix != ".jsonl":
        raise InvalidOptionsError(f"--out must end in .jsonl or .csv, not {target.name!r}")
    with target.open("w", encoding="utf-8") as handle:
        for r in results:
            handle.write(json.dumps(r.to_json()) + "\n")


def _plot(
    folder: str, title: str, results: Sequence[GameResult], players: int, seats: Sequence[str]
) -> list[Path]:
    plt = pyplot()
    from ..sim.plots import plot_lengths
    from ..sim.plots import plot_scores
    from ..sim.stats import percentile

    out = Path(folder)
    out.mkdir(parents=True, exist_ok=True)
    good = [r for r in results if r.error is None]
    lengths = sorted(r.steps for r in good)
    median = percentile(lengths, 50) if lengths else None
    scores = [[[r.scores[p] for r in good]] for p in range(players)]
    bots = [seats[p % len(seats)] for p in range(players)]
    figures = {
        "scores.png": plot_scores(
            plt, title, scores, ["all games"], bots if len(set(bots)) > 1 else None
        ),
        "lengths.png": plot_lengths(plt, title, [lengths], ["all games"], [median]),
    }
    made = []
    for name, fig in figures.items():
        made.append(out / name)
        fig.savefig(made[-1], format="png", dpi=100, metadata={"Software": None})
        plt.close(fig)
    return made


def check_outputs(out: str | None, plots: str | None) -> None:
    """Refuse, before any game, an --out that names no known format or cannot be
    written (its folder is made, as `--plots` and `analyze --out` make theirs), and
    --plots without the plot extra (found, not imported, and checked first: a refused
    command makes no folder)."""
    if plots is not None:
        need_plots()
    if out is not None:
        target = Path(out)
        if target.suffix not in (".jsonl", ".csv"):
            raise InvalidOptionsError(f"--out must end in .jsonl or .csv, not {target.name!r}")
        if target.is_dir():
            raise InvalidOptionsError(f"--out {out} is a folder: name a file in it")
        try:
            target.parent.mkdir(parents=True, exist_ok=True)
        except OSError as err:
            raise InvalidOptionsError(
                f"--out {out}: cannot make its folder: {err.strerror}"
            ) from None
        if not os.access(target.parent, os.W_OK):
            raise InvalidOptionsError(f"--out {out}: its folder is not writable")


def run_simulation(
    console: Console,
    game: str,
    players: int,
    seats: list[str],
    n: int,
    seed: int,
    *,
    options: dict[str, Any],
    run_on: RunOn,
    out: str | None,
    plots: str | None,
) -> Summary:
    """Run a batch with a live progress bar, then print and return its summary.

    Everything is checked before the bar is drawn; Ctrl-C ends the workers and the
    command (`interrupted`, exit 130).
    """
    check_batch(game, players, seats, options)
    check_outputs(out, plots)  # last: it makes --out's folder, once the rest is valid
    began = time.perf_counter()
    finished = 0
    try:
        with games_progress(console, rate=True) as progress:
            task = progress.add_task(f"{game} x{n}", total=n, rate="-")

            def advance(count: int) -> None:
                nonlocal finished
                finished += count
                rate = finished / max(1e-9, time.perf_counter() - began)
                progress.update(task, advance=count, rate=f"{rate:,.0f}")

            results = simulate(
                game,
                players,
                seats,
                n,
                seed,
                backend=run_on.backend,
                workers=run_on.workers,
                options=options,
                progress=advance,
                ray_address=run_on.ray_address,
            )
    except KeyboardInterrupt:
        interrupted(finished, n)
    elapsed = time.perf_counter() - began
    summary = summarize(results, players, seats)
    console.print(summary_table(summary, f"{game}: {n} games in {elapsed:.1f}s"))
    lengths = ", ".join(f"p{q}={v:.0f}" for q, v in summary.length_percentiles)
    console.print(f"game length (actions): {lengths}")
    if summary.first_player_edge is not None and summary.first_player_interval is not None:
        low, high = summary.first_player_interval
        console.print(
            f"first-player edge: {summary.first_player_edge:+.3f} "
            f"(95% interval {low:+.3f} to {high:+.3f}; seat 0's win rate minus 1/{players})"
        )
    elif players > 1:
        console.print(
            "first-player edge: not reported, the seats hold different bots (seat 0's "
            "win rate is its bot's); `meeple analyze --rotate` rotates them through the seats"
        )
    failures = [r for r in results if r.error is not None]
    if failures:
        console.print(
            f"{len(failures)} games failed; first: seed {failures[0].seed}",
            style="red",
            markup=False,
        )
        console.print(failures[0].error or "", markup=False)
    if out:
        write_results(out, results)
        console.print(f"wrote {len(results)} results to {out}", markup=False)
    if plots:
        title = resolve_game(game).spec.title
        for path in _plot(plots, title, results, players, seats):
            console.print(f"wrote {path}", markup=False)
    return summary

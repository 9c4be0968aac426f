"""`meeple bench`: random-playout speed, with a bar per player count from the first game."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rich.console import Console

from ..core.options import check_players
from ..core.protocols import Game
from ..sim import measure_speed
from ..sim.speed import warm_up_games
from .checks import at_least
from .errors import interrupted
from .terminal import games_progress

__all__ = ["run_bench"]


def run_bench(
    console: Console, game: Game, counts: Sequence[int], options: Any, games: int, runs: int
) -> None:
    """Time `runs` runs of `games` random games per player count, one line each.

    Every value is checked before the first game; Ctrl-C stops at once (exit 130).
    """
    at_least("--games", games, 1)
    at_least("--runs", runs, 1)
    for count in counts:
        check_players(game.spec, count)
    per_count = warm_up_games(games) + runs * games
    total = per_count * len(counts)
    done = 0
    try:
        with games_progress(console) as progress:
            for count in counts:
                task = progress.add_task(f"{game.spec.name} ({count}p)", total=per_count)

                def advance(finished: int, task: Any = task) -> None:
                    nonlocal done
                    done += finished
                    progress.update(task, advance=finished)

                report = measure_speed(
                    game, count, options=options, games=games, runs=runs, progress=advance
                )
                progress.console.print(report.summary(), markup=False, soft_wrap=True)
    except KeyboardInterrupt:
        interrupted(done, total)

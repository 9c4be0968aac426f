"""`meeple bench`: random-playout speed, with a bar per player count from the first game."""

from __future__ import annotations

from collections.abc import Callable
from collections.abc import Sequence
from typing import Any
from typing import Final

from rich.console import Console
from rich.progress import Progress
from rich.progress import TaskID

from ..core.options import check_players
from ..core.protocols import Game
from ..sim.speed import games_lasting
from ..sim.speed import measure_speed
from ..sim.speed import warm_up_games
from .checks import at_least
from .errors import interrupted
from .terminal import games_progress

__all__ = ["RUN_SECONDS", "run_bench"]

RUN_SECONDS: Final = 2.0
"""How long a timed run lasts when no game count is given (about: the count is
measured first), so five runs of every player count of a game take about a minute."""


def run_bench(
    console: Console,
    game: Game,
    counts: Sequence[int],
    options: Any,
    games: int | None,
    runs: int,
) -> None:
    """Time `runs` runs per player count, one line each: of `games` random games, or
    when None of as many as last about `RUN_SECONDS`.

    Every value is checked before the first game; Ctrl-C stops at once (exit 130).
    """
    if games is not None:
        at_least("--games", games, 1)
    at_least("--runs", runs, 1)
    for count in counts:
        check_players(game.spec, count)
    planned = None if games is None else (warm_up_games(games) + runs * games) * len(counts)
    done = 0
    try:
        with games_progress(console) as progress:
            for count in counts:
                task = progress.add_task(f"{game.spec.name} ({count}p)", total=None)

                def advance(finished: int, task: TaskID = task) -> None:
                    nonlocal done
                    done += finished
                    progress.update(task, advance=finished)

                per_run = games or _timed_count(progress, task, game, count, options, advance)
                progress.update(task, total=_finished(progress, task) + _games(per_run, runs))
                report = measure_speed(
                    game, count, options=options, games=per_run, runs=runs, progress=advance
                )
                progress.console.print(report.summary(), markup=False, soft_wrap=True)
    except KeyboardInterrupt:
        interrupted(done, planned)


def _games(per_run: int, runs: int) -> int:
    """Games `measure_speed` plays for `runs` runs of `per_run` games, the warm-up's included."""
    return warm_up_games(per_run) + runs * per_run


def _finished(progress: Progress, task: TaskID) -> int:
    return int(next(t.completed for t in progress.tasks if t.id == task))


def _timed_count(
    progress: Progress,
    task: TaskID,
    game: Game,
    count: int,
    options: Any,
    advance: Callable[[int], None],
) -> int:
    """Games per run lasting about `RUN_SECONDS`, the bar saying they are being timed."""
    label = next(t.description for t in progress.tasks if t.id == task)
    progress.update(task, description=f"{label}: timing games")
    found = games_lasting(game, count, RUN_SECONDS, options=options, progress=advance)
    progress.update(task, description=label)
    return found

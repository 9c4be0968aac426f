"""Random-playout speed through the public API: what `meeple bench` and benchmarks/ report."""

from __future__ import annotations

import random
import statistics
import time
from collections.abc import Callable
from typing import Any
from typing import Final

import attrs

from ..core.errors import InvalidOptionsError
from ..core.protocols import Game

__all__ = ["SpeedReport", "games_lasting", "measure_speed", "warm_up_games"]


@attrs.frozen
class SpeedReport:
    """Steps/s and games/s over several timed runs (median, min and max)."""

    game: str
    players: int
    games_per_run: int
    steps_per_s: tuple[float, ...]
    """One entry per run."""
    games_per_s: tuple[float, ...]
    """One entry per run."""
    mean_steps_per_game: float

    def summary(self) -> str:
        """One human line."""
        s, g = self.steps_per_s, self.games_per_s
        return (
            f"{self.game} ({self.players}p): "
            f"{statistics.median(s):,.0f} steps/s (min {min(s):,.0f}, max {max(s):,.0f}); "
            f"{statistics.median(g):,.1f} games/s (min {min(g):,.1f}, max {max(g):,.1f}); "
            f"{self.mean_steps_per_game:.1f} steps/game over {len(s)} runs "
            f"of {self.games_per_run} games"
        )


Progress = Callable[[int], None]
"""Told how many games just ended; called at most every `REPORT_SECONDS`."""

REPORT_SECONDS: Final = 0.1
"""How often a timed run tells its progress (so telling costs nothing measurable)."""


def _run(
    game: Game, players: int, options: Any, games: int, seed: int, progress: Progress
) -> tuple[int, float]:
    chooser = random.Random(seed)  # the benchmark's own choices, not the game's chance
    start = game.start
    clock = time.perf_counter
    steps = 0
    began = clock()
    told, next_report = 0, began + REPORT_SECONDS
    for index in range(games):
        state = start(players, seed=seed + index, options=options)
        while True:
            to_act = state.to_act
            if not to_act:
                break
            actor = min(to_act) if len(to_act) == 1 else chooser.choice(sorted(to_act))
            actions = state.legal_actions(actor)
            state = state.apply(actions[int(chooser.random() * len(actions))], actor)
            steps += 1
        if clock() >= next_report:
            progress(index + 1 - told)
            told, next_report = index + 1, clock() + REPORT_SECONDS
    elapsed = clock() - began
    if games > told:
        progress(games - told)
    return steps, elapsed


def games_lasting(
    game: Game,
    players: int,
    seconds: float,
    *,
    options: Any = None,
    seed: int = 0,
    progress: Progress | None = None,
) -> int:
    """About how many random games take `seconds` here: games are played for a quarter
    of that (at least one), and their rate scaled up. What `meeple bench` times when no
    game count is given, so a run is neither too short to time nor long to wait for."""
    tell = progress or (lambda _: None)
    played, spent = 0, 0.0
    while played == 0 or spent < seconds / 4:
        spent += _run(game, players, options, 1, seed + played, tell)[1]
        played += 1
    return max(1, round(played * seconds / max(spent, 1e-9)))


def warm_up_games(games: int) -> int:
    """Games of the untimed warm-up before timed runs of `games` each."""
    return max(1, games // 10)


def measure_speed(
    game: Game,
    players: int,
    *,
    options: Any = None,
    games: int = 200,
    runs: int = 5,
    seed: int = 0,
    progress: Progress | None = None,
) -> SpeedReport:
    """Time `runs` batches of `games` random playouts (after one warm-up batch of
    `warm_up_games(games)`); `progress` is told of the games as they end, the warm-up's
    included."""
    if games < 1 or runs < 1:
        raise InvalidOptionsError(f"games ({games}) and runs ({runs}) must be at least 1")
    tell = progress or (lambda _: None)
    _run(game, players, options, warm_up_games(games), seed, tell)
    steps_rates: list[float] = []
    game_rates: list[float] = []
    total_steps = 0
    for run in range(runs):
        steps, elapsed = _run(game, players, options, games, seed + run * games, tell)
        total_steps += steps
        steps_rates.append(steps / elapsed)
        game_rates.append(games / elapsed)
    return SpeedReport(
        game=game.spec.name,
        players=players,
        games_per_run=games,
        steps_per_s=tuple(steps_rates),
        games_per_s=tuple(game_rates),
        mean_steps_per_game=total_steps / (games * runs),
    )

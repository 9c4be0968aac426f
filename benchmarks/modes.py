"""The shared runner behind each game's `bench_<game>.py`: one line per mode and player count.

A game's script only lists its cases (label, options, player counts) and calls
`run`; the timing itself is `meeple.sim.measure_speed`, the same as
`benchmarks/bench.py` and `meeple bench`.
"""

from __future__ import annotations

import argparse
import statistics
from collections.abc import Sequence
from typing import Any

from meeple.core import Game
from meeple.sim import measure_speed

Case = tuple[str, Any, Sequence[int] | None]
"""(label, options, player counts; None means every count the game allows)."""


def run(
    game: Game,
    cases: Sequence[Case],
    description: str,
    *,
    games: int,
    runs: int,
    argv: list[str] | None = None,
) -> int:
    """Parse --games/--runs, time every case, print median and best of the runs."""
    parser = argparse.ArgumentParser(description=description)
    parser.add_argument("--games", type=int, default=games, help="games per timed run")
    parser.add_argument("--runs", type=int, default=runs, help="timed runs per case")
    args = parser.parse_args(argv)
    width = max(len(label) for label, _, _ in cases)
    for label, options, counts in cases:
        for players in counts or game.spec.player_counts():
            report = measure_speed(game, players, options=options, games=args.games, runs=args.runs)
            print(
                f"{label:<{width}} {players}p  "
                f"{statistics.median(report.steps_per_s):>9,.0f} steps/s "
                f"(best {max(report.steps_per_s):,.0f})  "
                f"{statistics.median(report.games_per_s):>8,.1f} games/s "
                f"(best {max(report.games_per_s):,.1f})  "
                f"({report.mean_steps_per_game:.0f} steps/game)"
            )
    return 0

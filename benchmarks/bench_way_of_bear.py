"""Random-playout speed of The Way of the Bear, through the public API.

    /work/venv/bin/python benchmarks/bench_way_of_bear.py [--games 300] [--runs 5]

Prints one line per player count: median and best steps/s and games/s of the timed
runs (the best run is the least disturbed by other processes on a shared machine).
Target from issue 5: 100,000 random-playout steps/s on one core.
"""

from __future__ import annotations

import argparse
import statistics
import sys

from meeple.sim import measure_speed
from meeple.way_of_bear import GAME, Options

CASES: tuple[tuple[str, Options, tuple[int, ...]], ...] = (
    ("rulebook", Options(), (2, 3, 4)),
    ("max_rounds=10", Options(max_rounds=10), (4,)),
)


def main(argv: list[str] | None = None) -> int:
    """Run every case and print the medians and best runs."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=300, help="games per timed run")
    parser.add_argument("--runs", type=int, default=5, help="timed runs per case")
    args = parser.parse_args(argv)
    for label, options, counts in CASES:
        for players in counts:
            report = measure_speed(GAME, players, options=options, games=args.games, runs=args.runs)
            print(
                f"{label:<14} {players}p  "
                f"{statistics.median(report.steps_per_s):>9,.0f} steps/s "
                f"(best {max(report.steps_per_s):,.0f})  "
                f"{statistics.median(report.games_per_s):>7,.0f} games/s "
                f"(best {max(report.games_per_s):,.0f})  "
                f"({report.mean_steps_per_game:.1f} steps/game)"
            )
    return 0


if __name__ == "__main__":
    sys.exit(main())

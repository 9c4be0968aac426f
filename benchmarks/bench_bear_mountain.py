"""Random-playout speed of Bear Went Over the Mountain in every mode, through the public API.

    /work/venv/bin/python benchmarks/bench_bear_mountain.py [--games 400] [--runs 5]

Prints one line per mode and player count (median steps/s and games/s of the
timed runs). Targets from issue 3: 100,000 steps/s and 2,000 standard games/s.
"""

from __future__ import annotations

import argparse
import statistics
import sys

from meeple.bear_mountain import GAME, Options
from meeple.sim import measure_speed

CASES: tuple[tuple[str, Options, tuple[int, ...]], ...] = (
    ("standard", Options(), (2, 3, 4)),
    ("standard+tiebreaker", Options(tiebreaker=True), (2, 4)),
    ("draft", Options(mode="draft"), (2, 3, 4)),
    ("draft+tiebreaker", Options(mode="draft", tiebreaker=True), (2, 4)),
    ("solo", Options(mode="solo"), (1,)),
)


def main(argv: list[str] | None = None) -> int:
    """Run every case and print the medians."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=400, help="games per timed run")
    parser.add_argument("--runs", type=int, default=5, help="timed runs per case")
    args = parser.parse_args(argv)
    for label, options, counts in CASES:
        for players in counts:
            report = measure_speed(GAME, players, options=options, games=args.games, runs=args.runs)
            print(
                f"{label:<20} {players}p  "
                f"{statistics.median(report.steps_per_s):>10,.0f} steps/s  "
                f"{statistics.median(report.games_per_s):>8,.0f} games/s  "
                f"({report.mean_steps_per_game:.1f} steps/game)"
            )
    return 0


if __name__ == "__main__":
    sys.exit(main())

"""Random-playout speed of Miś Wojtek, rulebook and younger-children rules, via the public API.

    /work/venv/bin/python benchmarks/bench_wojtek.py [--games 200] [--runs 5]

Prints one line per variant and player count (median steps/s and games/s of the
timed runs). Target from issue 4: 100,000 random-playout steps/s on one core.
"""

from __future__ import annotations

import argparse
import statistics
import sys

from meeple.sim import measure_speed
from meeple.wojtek import GAME, Options

CASES: tuple[tuple[str, Options], ...] = (
    ("rulebook", Options()),
    ("younger children", Options(no_drop_on_three=True, no_city_refresh=True)),
)


def main(argv: list[str] | None = None) -> int:
    """Run every case and print the medians."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200, help="games per timed run")
    parser.add_argument("--runs", type=int, default=5, help="timed runs per case")
    args = parser.parse_args(argv)
    for label, options in CASES:
        for players in GAME.spec.player_counts():
            report = measure_speed(GAME, players, options=options, games=args.games, runs=args.runs)
            print(
                f"{label:<17} {players}p  "
                f"{statistics.median(report.steps_per_s):>10,.0f} steps/s  "
                f"{statistics.median(report.games_per_s):>8,.0f} games/s  "
                f"({report.mean_steps_per_game:.1f} steps/game)"
            )
    return 0


if __name__ == "__main__":
    sys.exit(main())

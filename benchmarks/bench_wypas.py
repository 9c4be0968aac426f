"""Random-playout speed of Wypas through the public API, per option set and player count.

    /work/venv/bin/python benchmarks/bench_wypas.py [--games 30] [--runs 3]

Prints one line per case and player count (median steps/s and games/s of the timed
runs). Target from issue 6: 100,000 random-playout steps/s on one core. Random games
mostly run to the 100-round limit (random players rarely bleat five fleeces), so a
game is several thousand steps.
"""

from __future__ import annotations

import argparse
import statistics
import sys

from meeple.sim import measure_speed
from meeple.wypas import GAME, Options

CASES: tuple[tuple[str, Options], ...] = (
    ("rulebook", Options()),
    ("no bleating", Options(bleating=False)),
    ("no specials", Options(specials=False)),
    ("bluff", Options(bluff=True)),
)


def main(argv: list[str] | None = None) -> int:
    """Run every case and print the medians."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=30, help="games per timed run")
    parser.add_argument("--runs", type=int, default=3, help="timed runs per case")
    args = parser.parse_args(argv)
    for label, options in CASES:
        for players in GAME.spec.player_counts():
            report = measure_speed(GAME, players, options=options, games=args.games, runs=args.runs)
            print(
                f"{label:<12} {players}p  "
                f"{statistics.median(report.steps_per_s):>10,.0f} steps/s  "
                f"{statistics.median(report.games_per_s):>8,.1f} games/s  "
                f"({report.mean_steps_per_game:.0f} steps/game)"
            )
    return 0


if __name__ == "__main__":
    sys.exit(main())

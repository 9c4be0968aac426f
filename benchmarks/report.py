"""Markdown table of random-playout speed for every registered game and player count.

    python benchmarks/report.py > table.md

This is how the table on docs/performance.md is made.
"""

from __future__ import annotations

import argparse
import platform
import statistics
import sys

import meeple
from meeple.sim import measure_speed


def main(argv: list[str] | None = None) -> int:
    """Print the table."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args(argv)
    print(f"Python {platform.python_version()} on {platform.machine()}, one core\n")
    print("| game | players | steps/s (median) | min-max | games/s (median) | steps/game |")
    print("|---|---|---|---|---|---|")
    for name in meeple.game_names():
        game = meeple.get_game(name)
        for players in game.spec.player_counts():
            r = measure_speed(game, players, games=args.games, runs=args.runs)
            print(
                f"| {name} | {players} | {statistics.median(r.steps_per_s):,.0f} | "
                f"{min(r.steps_per_s):,.0f}-{max(r.steps_per_s):,.0f} | "
                f"{statistics.median(r.games_per_s):,.0f} | {r.mean_steps_per_game:.0f} |"
            )
    return 0


if __name__ == "__main__":
    sys.exit(main())

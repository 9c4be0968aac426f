"""Markdown table of random-playout speed for every registered game and player count.

    python benchmarks/report.py > table.md

This is how the table on docs/performance.md is made. The last row is a peer
measured in the same run (OpenSpiel's pure-Python python_block_dominoes, see
benchmarks/peers.py), and the last column each row's steps/s against it.
"""

from __future__ import annotations

import argparse
import platform
import statistics
import sys

from peers import dominoes_speed

import meeple
from meeple.sim import measure_speed


def main(argv: list[str] | None = None) -> int:
    """Print the table."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument(
        "--only", action="append", help="measure only this game (repeatable), e.g. on an old tree"
    )
    args = parser.parse_args(argv)
    print(f"Python {platform.python_version()} on {platform.machine()}, one core\n")
    peer_steps, peer_games = dominoes_speed(args.games, args.runs)
    print(
        "| game | players | steps/s (median) | min-max | games/s (median) | steps/game "
        "| vs dominoes |"
    )
    print("|---|---|---|---|---|---|---|")
    for name in args.only or meeple.game_names():
        game = meeple.get_game(name)
        for players in game.spec.player_counts():
            r = measure_speed(game, players, games=args.games, runs=args.runs)
            print(
                f"| {name} | {players} | {statistics.median(r.steps_per_s):,.0f} | "
                f"{min(r.steps_per_s):,.0f}-{max(r.steps_per_s):,.0f} | "
                f"{statistics.median(r.games_per_s):,.0f} | {r.mean_steps_per_game:.0f} | "
                f"{statistics.median(r.steps_per_s) / peer_steps:.1f}x |"
            )
    print(
        f"| OpenSpiel python_block_dominoes | 2 | {peer_steps:,.0f} | | {peer_games:,.0f} | "
        "| 1.0x |"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())

"""Markdown table of random-playout speed for every registered game and player count.

    python benchmarks/report.py > table.md

This is how the playout figures of docs/performance.md are made. The last column is each
row's steps/s against a peer, OpenSpiel's pure-Python python_block_dominoes (see
benchmarks/peers.py), timed again beside every row: the peer and the game take
turns run by run, so a row's ratio compares loops that ran seconds apart (on a
shared machine the load moves a lot in the minutes a whole table takes). The
last row is the peer's median over all its runs.
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
    print(
        "| game | players | steps/s (median) | min-max | games/s (median) | steps/game "
        "| vs dominoes |"
    )
    print("|---|---|---|---|---|---|---|")
    all_peer: list[float] = []
    for name in args.only or meeple.game_names():
        game = meeple.get_game(name)
        for players in game.spec.player_counts():
            steps_rates: list[float] = []
            game_rates: list[float] = []
            peer_rates: list[float] = []
            steps = 0.0
            for run in range(args.runs):  # the peer and the game take turns, run by run
                peer_rates.append(dominoes_speed(args.games, 1)[0])
                r = measure_speed(game, players, games=args.games, runs=1, seed=run * args.games)
                steps_rates.extend(r.steps_per_s)
                game_rates.extend(r.games_per_s)
                steps += r.mean_steps_per_game
            all_peer.extend(peer_rates)
            median = statistics.median(steps_rates)
            print(
                f"| {name} | {players} | {median:,.0f} | "
                f"{min(steps_rates):,.0f}-{max(steps_rates):,.0f} | "
                f"{statistics.median(game_rates):,.0f} | {steps / args.runs:.0f} | "
                f"{median / statistics.median(peer_rates):.1f}x |"
            )
    print(
        f"| OpenSpiel python_block_dominoes | 2 | {statistics.median(all_peer):,.0f} | | | | 1.0x |"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())

"""Random-playout speed of any game through the public API.

    python benchmarks/bench.py bear_mountain --players 3
    python benchmarks/bench.py wypas --players 4 --option bluff=true
    python benchmarks/bench.py tests.toy_game:TOY --players 2   # unregistered games too

Reports the median, min and max of steps/s and games/s over several runs.
"""

from __future__ import annotations

import argparse
import json
import os
import sys

from meeple.core import parse_option_strings
from meeple.sim import measure_speed
from meeple.sim import resolve_game


def main(argv: list[str] | None = None) -> int:
    """Parse arguments, run, print one line per player count (or JSON)."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game", help="registered name, or package.module:ATTR")
    parser.add_argument("--players", type=int, action="append", help="repeatable; default all")
    parser.add_argument("--option", action="append", default=[], help="key=value, repeatable")
    parser.add_argument("--games", type=int, default=200, help="games per timed run")
    parser.add_argument("--runs", type=int, default=5, help="timed runs (median reported)")
    parser.add_argument("--json", action="store_true", help="print JSON lines")
    args = parser.parse_args(argv)
    sys.path.insert(0, os.getcwd())  # so module:ATTR paths resolve from where you run it
    game = resolve_game(args.game)
    options = parse_option_strings(game.spec.name, game.options_type, args.option)
    for players in args.players or list(game.spec.player_counts()):
        report = measure_speed(game, players, options=options, games=args.games, runs=args.runs)
        if args.json:
            print(
                json.dumps(
                    {
                        "game": report.game,
                        "players": players,
                        "options": args.option,
                        "steps_per_s": report.steps_per_s,
                        "games_per_s": report.games_per_s,
                    }
                )
            )
        else:
            print(report.summary() + (f" [{' '.join(args.option)}]" if args.option else ""))
    return 0


if __name__ == "__main__":
    sys.exit(main())

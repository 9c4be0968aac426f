"""MCTS iterations per second, and the time of a 1,000-iteration move, for any game.

    python benchmarks/mcts.py wojtek --players 3

Decisions are taken from seeded random playouts at several depths (start,
early, middle), so the number reflects a whole game, not only its first move.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time

from meeple.bots import MCTSBot
from meeple.sim import resolve_game
from meeple.testing import random_playout


def main(argv: list[str] | None = None) -> int:
    """Print iterations/s and seconds per 1,000-iteration move."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game")
    parser.add_argument("--players", type=int, action="append")
    parser.add_argument("--iterations", type=int, default=1000)
    parser.add_argument("--positions", type=int, default=6)
    args = parser.parse_args(argv)
    sys.path.insert(0, os.getcwd())  # so module:ATTR paths resolve from where you run it
    game = resolve_game(args.game)
    for players in args.players or [max(2, game.spec.min_players)]:
        _, _, states = random_playout(game, players, seed=1)
        # Real decisions only (a single legal action is answered without search),
        # spread over the first 60% of a seeded game.
        decisions = [
            s
            for s in states[: max(1, int(len(states) * 0.6))]
            if not s.is_over and len(s.legal_actions(min(s.to_act))) > 1
        ]
        step = max(1, len(decisions) // args.positions)
        seconds = []
        for index, state in enumerate(decisions[::step][: args.positions]):
            player = min(state.to_act)
            bot = MCTSBot(game, seed=index, iterations=args.iterations)
            began = time.perf_counter()
            bot.choose(state.view(player), state.legal_actions(player))
            seconds.append(time.perf_counter() - began)
            assert bot.last_iterations == args.iterations
        per_move = statistics.median(seconds)
        print(
            f"{game.spec.name} ({players}p): {args.iterations / per_move:,.0f} iterations/s; "
            f"{per_move:.3f} s per {args.iterations}-iteration move "
            f"(median of {len(seconds)} positions, max {max(seconds):.3f} s)"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())

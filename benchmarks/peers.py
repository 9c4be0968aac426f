"""A reference point from a peer: OpenSpiel's pure-Python ``python_block_dominoes``.

    python benchmarks/peers.py

Plays random games through its public Python API (`new_initial_state`,
`legal_actions` or `chance_outcomes`, `apply_action`) with the same timing as
`meeple.sim.measure_speed`: several runs after a warm-up, median reported. Every
step counts, chance steps (the deal) included, which favours the peer. Used by
`benchmarks/report.py` so that meeple's games and the peer are measured in one run.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time


def play_dominoes(games: int, seed: int) -> int:
    """Play `games` random python_block_dominoes games (the deal's chance steps too);
    the steps played. `benchmarks/instructions.py --dominoes` counts this same loop."""
    from open_spiel.python.games import block_dominoes

    game = block_dominoes.BlockDominoesGame()
    chooser = random.Random(seed)
    steps = 0
    for _ in range(games):
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes = state.chance_outcomes()
                action = outcomes[int(chooser.random() * len(outcomes))][0]
            else:
                legal = state.legal_actions()
                action = legal[int(chooser.random() * len(legal))]
            state.apply_action(action)
            steps += 1
    return steps


def _run(games: int, seed: int) -> tuple[int, float]:
    began = time.perf_counter()
    steps = play_dominoes(games, seed)
    return steps, time.perf_counter() - began


def dominoes_speed(games: int = 200, runs: int = 5) -> tuple[float, float]:
    """(median steps/s, median games/s) of random python_block_dominoes games."""
    _run(max(1, games // 10), 0)
    steps_rates: list[float] = []
    game_rates: list[float] = []
    for run in range(runs):
        steps, elapsed = _run(games, run + 1)
        steps_rates.append(steps / elapsed)
        game_rates.append(games / elapsed)
    return statistics.median(steps_rates), statistics.median(game_rates)


def main(argv: list[str] | None = None) -> int:
    """Print one line."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args(argv)
    steps, games = dominoes_speed(args.games, args.runs)
    print(f"python_block_dominoes: {steps:,.0f} steps/s, {games:,.0f} games/s")
    return 0


if __name__ == "__main__":
    sys.exit(main())

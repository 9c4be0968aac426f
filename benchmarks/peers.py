"""A reference point from a peer: OpenSpiel's pure-Python ``python_block_dominoes``.

    python benchmarks/peers.py
    python benchmarks/peers.py --targets [GAME ...]

Plays random games through its public Python API (`new_initial_state`,
`legal_actions` or `chance_outcomes`, `apply_action`) with the same timing as
`meeple.sim.measure_speed`: several runs after a warm-up, median reported. Every
step counts, chance steps (the deal) included, which favours the peer. Used by
`benchmarks/report.py` so that meeple's games and the peer are measured in one run.

``--targets`` checks issue 34's two speed targets in one run and prints both tables:

* random playouts through the public API (`legal_actions`, a uniform choice,
  `apply`: `measure_speed`'s loop) at least 2.0x the peer's steps a second, every
  registered game at every player count. Per row the peer and the game take turns,
  batch by batch (each batch about `--seconds` of CPU time, after a warm-up), and
  the row's ratio is the median of the game's batches over the median of the
  peer's. CPU time (`time.process_time`), not wall clock: on a shared machine the
  time a process waits for a core is no part of either; a slow spell (caches
  shared with other jobs) touches both sides of a row alike.
* a mid-game state's JSON round trip (``meeple.loads(meeple.dumps(state))``) at
  most 2.5x the standard library's round trip of the same text
  (`benchmarks/codec.py`'s measure: three players where the game allows, seed 1,
  half a random game).
"""

from __future__ import annotations

import argparse
import math
import random
import statistics
import sys
import time
from typing import Any

from meeple.sim.speed import _run as random_playouts  # the measured loop itself

PLAYOUT_TARGET = 2.0
"""Steps a second of every game's random playouts, at least, over the peer's."""
JSON_TARGET = 2.5
"""A mid-game state's JSON round trip, at most, over the standard library's."""


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


def play_meeple(game: Any, players: int, games: int, seed: int) -> int:
    """Play `games` random games of `game` through its public API with the very loop
    `meeple.sim.measure_speed` times; the steps played."""
    steps, _elapsed = random_playouts(game, players, None, games, seed, lambda _: None)
    return steps


def _cpu_rate(play: Any, games: int, seed: int) -> float:
    """Steps a CPU second of one batch."""
    began = time.process_time()
    steps: int = play(games, seed)
    return steps / (time.process_time() - began)


def _batch_size(play: Any, seconds: float) -> int:
    """Games a batch of about `seconds` of CPU time takes (from a warm-up batch)."""
    games = 1
    while True:
        began = time.process_time()
        play(games, 0)
        spent = time.process_time() - began
        if spent >= seconds / 4:
            return max(1, math.ceil(games * seconds / spent))
        games *= 4


def playout_ratio(game: Any, players: int, runs: int, seconds: float) -> tuple[float, float]:
    """(median steps a CPU second of `game`, median of the peer's), in turns."""

    def ours(games: int, seed: int) -> int:
        return play_meeple(game, players, games, seed)

    theirs = play_dominoes
    our_games, their_games = _batch_size(ours, seconds), _batch_size(theirs, seconds)
    our_rates: list[float] = []
    their_rates: list[float] = []
    for run in range(runs):
        their_rates.append(_cpu_rate(theirs, their_games, run + 1))
        our_rates.append(_cpu_rate(ours, our_games, 1000 * (run + 1)))
    return statistics.median(our_rates), statistics.median(their_rates)


def targets(names: list[str], runs: int, seconds: float) -> int:
    """Print both target tables; 0 if every row meets its target, else 1."""
    from codec import _midgame
    from codec import measure

    import meeple

    met = True
    warm = time.process_time() + 2 * seconds  # the peer's first batches run slow
    while time.process_time() < warm:
        play_dominoes(20, 0)
    print(f"Playouts: steps a CPU second, the peer's in turns with each row ({runs} batches)\n")
    print("| game | players | steps/s | peer steps/s | ratio | target |")
    print("|---|---|---|---|---|---|")
    for name in names:
        game = meeple.get_game(name)
        for players in game.spec.player_counts():
            ours, theirs = playout_ratio(game, players, runs, seconds)
            ratio = ours / theirs
            met &= ratio >= PLAYOUT_TARGET
            print(
                f"| {name} | {players} | {ours:,.0f} | {theirs:,.0f} | {ratio:.2f}x "
                f"| {'met' if ratio >= PLAYOUT_TARGET else 'MISSED'} (>= {PLAYOUT_TARGET}x) |"
            )
            sys.stdout.flush()
    print("\nA mid-game state's JSON round trip, in turns with the standard library's\n")
    print("| game | players | bytes | meeple µs | stdlib µs | ratio | target |")
    print("|---|---|---|---|---|---|---|")
    for name in names:
        spec = meeple.get_game(name).spec
        players = min(max(3, spec.min_players), spec.max_players)
        state, _ = _midgame(name, players, 1, None)
        ours_us, theirs_us, size = measure(state, max(runs, 7), 300)
        ratio = ours_us / theirs_us
        met &= ratio <= JSON_TARGET
        print(
            f"| {name} | {players} | {size:,} | {ours_us:.1f} | {theirs_us:.1f} | {ratio:.2f}x "
            f"| {'met' if ratio <= JSON_TARGET else 'MISSED'} (<= {JSON_TARGET}x) |"
        )
        sys.stdout.flush()
    return 0 if met else 1


def main(argv: list[str] | None = None) -> int:
    """Print one line (or, with --targets, the two target tables)."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--targets", nargs="*", metavar="GAME", help="check issue 34's targets")
    parser.add_argument("--seconds", type=float, default=0.3, help="CPU time of a batch")
    args = parser.parse_args(argv)
    if args.targets is not None:
        import meeple

        return targets(args.targets or list(meeple.game_names()), args.runs, args.seconds)
    steps, games = dominoes_speed(args.games, args.runs)
    print(f"python_block_dominoes: {steps:,.0f} steps/s, {games:,.0f} games/s")
    return 0


if __name__ == "__main__":
    sys.exit(main())

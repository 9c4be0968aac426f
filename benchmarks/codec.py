"""The codec's speed beside the standard library's, on the very same JSON text.

    python benchmarks/codec.py                  # every built-in game, mid-game states
    python benchmarks/codec.py wojtek --moves 60

For each game a state is played to the middle of a random game (a fixed seed);
then, after a warm-up, it times, side by side in one run:

* ``meeple.loads(meeple.dumps(state))``: the state's JSON round trip;
* ``json.loads(json.dumps(json.loads(text)))``: the standard library's round
  trip of the same text (parse, then write, then parse again);
* the same two for the game's record (``GameRecord``), which replays nothing here.

It prints microseconds per round trip (the median of several runs) and the ratio.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import time
from collections.abc import Callable
from typing import Any

import meeple

GAMES = ("bear_mountain", "way_of_bear", "wojtek", "wypas")


def _midgame(name: str, players: int, seed: int, moves: int | None) -> tuple[Any, Any]:
    """A state halfway through a random game of `name` (or after `moves` moves), and
    the record of the moves that led there."""
    game = meeple.get_game(name)
    rng = random.Random(seed)
    match = meeple.Match(game, players, seed=seed)
    length = 0
    probe = meeple.Match(game, players, seed=seed)
    while not probe.state.is_over:
        player = min(probe.state.to_act)
        probe.play(rng.choice(probe.state.legal_actions(player)), player)
        length += 1
    rng = random.Random(seed)
    stop = length // 2 if moves is None else min(moves, length)
    for _ in range(stop):
        player = min(match.state.to_act)
        match.play(rng.choice(match.state.legal_actions(player)), player)
    return match.state, match.record()


def _per_call(work: Callable[[], object], runs: int, number: int) -> float:
    """Median seconds per call over `runs` timed batches of `number` calls."""
    work()  # warm-up (caches, converters' generated code)
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        for _ in range(number):
            work()
        times.append((time.perf_counter() - start) / number)
    return statistics.median(times)


def measure(obj: Any, runs: int, number: int) -> tuple[float, float, int]:
    """(codec round trip, standard library round trip) in µs, and the text's length."""
    text = meeple.dumps(obj)
    assert meeple.dumps(meeple.loads(text)) == text, "the round trip must be exact"
    ours = _per_call(lambda: meeple.loads(meeple.dumps(obj)), runs, number)
    theirs = _per_call(
        lambda: json.loads(json.dumps(json.loads(text), ensure_ascii=False)), runs, number
    )
    return ours * 1e6, theirs * 1e6, len(text)


def main(argv: list[str] | None = None) -> int:
    """Measure each game's state and record round trips; print a Markdown table."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("games", nargs="*", default=list(GAMES))
    parser.add_argument("--players", type=int, default=3)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--moves", type=int, default=None, help="default: half a game")
    parser.add_argument("--runs", type=int, default=7)
    parser.add_argument("--number", type=int, default=300, help="round trips per run")
    args = parser.parse_args(argv)
    print("| game | document | bytes | meeple µs | stdlib µs | ratio |")
    print("|---|---|---|---|---|---|")
    for name in args.games:
        game = meeple.get_game(name)
        players = min(max(args.players, game.spec.min_players), game.spec.max_players)
        state, record = _midgame(name, players, args.seed, args.moves)
        for label, obj in (("state", state), ("record", record)):
            ours, theirs, size = measure(obj, args.runs, args.number)
            print(
                f"| {name} ({players}p) | {label} | {size:,} | {ours:.1f} | {theirs:.1f} "
                f"| {ours / theirs:.2f}x |"
            )
        sys.stdout.flush()
    return 0


if __name__ == "__main__":
    sys.exit(main())

"""The codec's speed beside the standard library's, on the very same JSON text.

    python benchmarks/codec.py                  # every built-in game, mid-game states
    python benchmarks/codec.py wojtek --moves 60

For each game a state is played to the middle of a random game (a fixed seed);
then, after a warm-up, it times, side by side in one run (batches taking turns,
CPU time):

* ``meeple.loads(meeple.dumps(state))``: the state's JSON round trip;
* ``json.loads(json.dumps(json.loads(text)))``: the standard library's round
  trip of the same text (parse, then write, then parse again);
* the same two for the game's record (``GameRecord``), which replays nothing here.

It prints microseconds per round trip (the median of several batches) and the ratio.

    python benchmarks/codec.py --instructions [--tree OTHER/src]

counts machine instructions instead (``valgrind --tool=cachegrind``, hash seed
fixed): the same round trips, one process per game and side, minus a run that
only sets up. Wall clock on a shared machine moves by 30-100%; the count is the
same on every run, so it compares two trees (``--tree``) and the two sides exactly.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import sys
import time
from collections.abc import Callable
from typing import Any

from instructions import cachegrind

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


def _batch(work: Callable[[], object], number: int) -> float:
    """CPU seconds per call of one batch of `number` calls."""
    start = time.process_time()
    for _ in range(number):
        work()
    return (time.process_time() - start) / number


def measure(obj: Any, runs: int, number: int) -> tuple[float, float, int]:
    """(codec round trip, standard library round trip) in µs, and the text's length.

    The two take turns, batch by batch, and each is the median of its batches in CPU
    time: on a shared machine the time a process waits for a core is no part of
    either, and a slow spell touches both sides alike.
    """
    text = meeple.dumps(obj)
    assert meeple.dumps(meeple.loads(text)) == text, "the round trip must be exact"

    def ours() -> object:
        return meeple.loads(meeple.dumps(obj))

    def theirs() -> object:
        return json.loads(json.dumps(json.loads(text), ensure_ascii=False))

    ours()  # warm-up (caches, the converters' generated code)
    theirs()
    times: tuple[list[float], list[float]] = ([], [])
    for _ in range(runs):
        times[0].append(_batch(ours, number))
        times[1].append(_batch(theirs, number))
    return statistics.median(times[0]) * 1e6, statistics.median(times[1]) * 1e6, len(text)


_COUNTED = r"""
import json, sys
sys.path.insert(0, sys.argv[1])
import meeple
from codec import _midgame
name, side = sys.argv[2], sys.argv[5]
players, seed, number = int(sys.argv[3]), int(sys.argv[4]), int(sys.argv[6])
moves = None if sys.argv[7] == "-" else int(sys.argv[7])
state, record = _midgame(name, players, seed, moves)
obj = state if side.startswith("state") else record
text = meeple.dumps(obj)
if side.endswith("meeple"):
    work = lambda: meeple.loads(meeple.dumps(obj))
else:
    work = lambda: json.loads(json.dumps(json.loads(text), ensure_ascii=False))
work()
for _ in range(number):
    work()
"""


def _instructions(tree: str | None, args: list[str]) -> int:
    """Instructions of one run of `_COUNTED` with `args`, under cachegrind."""
    here = os.path.dirname(os.path.abspath(__file__))
    return cachegrind(_COUNTED, [here, *args], os.path.abspath(tree) if tree else None)[0]


def count(
    tree: str | None, name: str, players: int, seed: int, moves: int | None
) -> dict[str, float]:
    """Instructions per round trip of each side: state and record, meeple and stdlib."""
    number = 200
    fixed = [name, str(players), str(seed)]
    last = "-" if moves is None else str(moves)
    per: dict[str, float] = {}
    for side in ("state-meeple", "state-stdlib", "record-meeple", "record-stdlib"):
        base = _instructions(tree, [*fixed, side, "0", last])
        total = _instructions(tree, [*fixed, side, str(number), last])
        per[side] = (total - base) / number
    return per


def main_instructions(args: argparse.Namespace) -> int:
    """Print instructions per round trip and the ratios, per game (a Markdown table)."""
    print("| game | document | meeple instructions | stdlib instructions | ratio |")
    print("|---|---|---|---|---|")
    for name in args.games:
        game = meeple.get_game(name)
        players = min(max(args.players, game.spec.min_players), game.spec.max_players)
        per = count(args.tree, name, players, args.seed, args.moves)
        for doc in ("state", "record"):
            ours, theirs = per[f"{doc}-meeple"], per[f"{doc}-stdlib"]
            print(
                f"| {name} ({players}p) | {doc} | {ours:,.0f} | {theirs:,.0f} "
                f"| {ours / theirs:.2f}x |"
            )
        sys.stdout.flush()
    return 0


def main(argv: list[str] | None = None) -> int:
    """Measure each game's state and record round trips; print a Markdown table."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("games", nargs="*", default=list(GAMES))
    parser.add_argument("--players", type=int, default=3)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--moves", type=int, default=None, help="default: half a game")
    parser.add_argument("--runs", type=int, default=7)
    parser.add_argument("--number", type=int, default=300, help="round trips per run")
    parser.add_argument(
        "--instructions", action="store_true", help="count instructions under valgrind"
    )
    parser.add_argument("--tree", help="with --instructions: another checkout's src directory")
    args = parser.parse_args(argv)
    if args.instructions:
        return main_instructions(args)
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

"""Instructions per step of seeded random playouts: a noise-free before/after measure.

    python benchmarks/instructions.py wojtek --players 3 --games 4
    python benchmarks/instructions.py wojtek --players 3 --games 4 --tree ../old/src

Wall-clock speed on a shared machine moves by 30% from one run to the next, so
two trees cannot be compared that way. This runs the same seeded playouts
(seeds 0, 1, ..., a uniform choice among `legal_actions`, `apply`) under
`valgrind --tool=cachegrind --cache-sim=no`, subtracts a run that only starts
Python, imports the game and deals one game, and prints instructions per step.
The hash seed is fixed (``PYTHONHASHSEED=0``), so a run gives the same count
every time.
`--tree` puts another checkout's ``src`` first on the path, to compare trees;
both trees must play the same steps (the step counts are printed).

    python benchmarks/instructions.py --dominoes --games 400

counts the peer of `benchmarks/report.py` the same way (OpenSpiel's pure-Python
python_block_dominoes, the loop of `benchmarks/peers.py`, chance steps included),
so that a game's ratio to it can be read without the noise of a shared machine.
(OpenSpiel's import runs C++ whose count moves by millions between runs: 400 games
make that 0.2% of the total.)
"""

from __future__ import annotations

import argparse
import os
import re
import subprocess
import sys
import tempfile

PLAYOUTS = r"""
import random, sys
import meeple
from meeple.core import parse_option_strings
name, players, games = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
game = meeple.get_game(name)
options = parse_option_strings(name, game.options_type, sys.argv[4:])
steps = 0
for seed in range(max(games, 1)):
    state = game.start(players, seed=seed, options=options)
    if not games:
        break
    choose = random.Random(seed)
    while not state.is_over:
        player = min(state.to_act)
        actions = state.legal_actions(player)
        state = state.apply(actions[choose.randrange(len(actions))], player)
        steps += 1
print(steps)
"""


DOMINOES = r"""
import sys
sys.path.insert(0, sys.argv[1])
from peers import play_dominoes
games = int(sys.argv[2])
print(play_dominoes(games, seed=1))
"""
"""The peer's loop. Its import runs C++ whose count moves by a few million from run to
run, so the baseline plays the first game too, and the count wants many games."""


def count(tree: str | None, args: list[str], program: str = PLAYOUTS) -> tuple[int, int]:
    """(instructions, steps) of one run of `program` (the playouts) under cachegrind."""
    instructions, out = cachegrind(program, args, os.path.abspath(tree) if tree else None)
    return instructions, int(out.strip())


def cachegrind(script: str, args: list[str], pythonpath: str | None) -> tuple[int, str]:
    """(instructions, standard output) of ``python -c script *args`` under cachegrind."""
    env = dict(os.environ)
    # str hashes are salted per process; a fixed salt makes dict collisions, and so
    # the count, the same on every run (it moved by up to 5% without this)
    env["PYTHONHASHSEED"] = "0"
    # numpy's BLAS threads spin while idle, and cachegrind counts every thread: with
    # them an adapter loop's count moved by 10% between identical runs
    env.update(OPENBLAS_NUM_THREADS="1", OMP_NUM_THREADS="1", MKL_NUM_THREADS="1")
    if pythonpath:
        env["PYTHONPATH"] = pythonpath
    with tempfile.TemporaryDirectory() as scratch:
        out = os.path.join(scratch, "cachegrind.out")
        run = subprocess.run(
            [
                "valgrind",
                "--tool=cachegrind",
                "--cache-sim=no",
                f"--cachegrind-out-file={out}",
                sys.executable,
                "-c",
                script,
                *args,
            ],
            env=env,
            capture_output=True,
            text=True,
            check=True,
            cwd=scratch,
        )
    found = re.search(r"I\s+refs:\s+([\d,]+)", run.stderr)
    if found is None:
        raise RuntimeError(f"no instruction count in valgrind's output:\n{run.stderr[-2000:]}")
    return int(found.group(1).replace(",", "")), run.stdout


def main(argv: list[str] | None = None) -> int:
    """Parse arguments, count, print one line."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game", nargs="?")
    parser.add_argument("--players", type=int)
    parser.add_argument("--games", type=int, default=3)
    parser.add_argument("--option", action="append", default=[], help="key=value, repeatable")
    parser.add_argument("--tree", help="another checkout's src directory")
    parser.add_argument("--dominoes", action="store_true", help="count the OpenSpiel peer")
    args = parser.parse_args(argv)
    if args.dominoes:
        here = os.path.dirname(os.path.abspath(__file__))
        base, first = count(None, [here, "1"], DOMINOES)
        total, steps = count(None, [here, str(args.games)], DOMINOES)
        steps -= first
        per_step = (total - base) / max(steps, 1)
        print(f"python_block_dominoes: {steps} steps, {per_step:,.0f} instructions/step")
        return 0
    if args.game is None or args.players is None:
        parser.error("name a game and --players (or pass --dominoes)")
    fixed = [args.game, str(args.players)]
    base, _ = count(args.tree, [*fixed, "0", *args.option])
    total, steps = count(args.tree, [*fixed, str(args.games), *args.option])
    per_step = (total - base) / max(steps, 1)
    print(f"{args.game} {args.players}p: {steps} steps, {per_step:,.0f} instructions/step")
    return 0


if __name__ == "__main__":
    sys.exit(main())

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


def count(tree: str | None, args: list[str]) -> tuple[int, int]:
    """(instructions, steps) of one run of the playouts under cachegrind."""
    instructions, out = cachegrind(PLAYOUTS, args, os.path.abspath(tree) if tree else None)
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
    parser.add_argument("game")
    parser.add_argument("--players", type=int, required=True)
    parser.add_argument("--games", type=int, default=3)
    parser.add_argument("--option", action="append", default=[], help="key=value, repeatable")
    parser.add_argument("--tree", help="another checkout's src directory")
    args = parser.parse_args(argv)
    fixed = [args.game, str(args.players)]
    base, _ = count(args.tree, [*fixed, "0", *args.option])
    total, steps = count(args.tree, [*fixed, str(args.games), *args.option])
    per_step = (total - base) / max(steps, 1)
    print(f"{args.game} {args.players}p: {steps} steps, {per_step:,.0f} instructions/step")
    return 0


if __name__ == "__main__":
    sys.exit(main())

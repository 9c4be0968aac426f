"""The adapters' cost: the same random games through meeple itself and through each adapter.

    python benchmarks/adapters.py wojtek --players 3      # one game, every loop
    python benchmarks/adapters.py --report               # docs' performance tables
    python benchmarks/adapters.py --clones               # OpenSpiel clone cost, move 10 vs 5,000
    python benchmarks/adapters.py --instructions         # the report's ratios, in instructions
    python benchmarks/adapters.py --instructions --tree ../old   # ... of another checkout
    python benchmarks/adapters.py --instructions wypas   # ... of one game only

Loops (each plays whole random games from consecutive seeds until it has made at
least ``--steps`` steps; every step picks uniformly among the legal actions). Every
call of a loop in one process starts from seeds no call has played yet: the
encoders memoize their pieces, and a loop replaying games another loop (or an
earlier run) just played would find them all cached, as no learner playing new
games does:

* ``meeple``: the plain loop, ``legal_actions`` and ``apply``. The baseline
  of every "plain" ratio.
* ``meeple+view``: the plain loop plus ``encode_view(view(seat))`` of the seat to
  act, as a float32 array: the encoding through the view.
* ``meeple+encode``: the plain loop plus the encoded view of the seat to act as
  meeple computes it fastest (``encode_state(state, seat)`` where the game offers
  the ``state_encoding`` capability, else the view's): what an OpenSpiel loop
  that reads ``observation_tensor()`` every step computes.
* ``meeple+obs``: the plain loop plus that encoding and the legal-action mask,
  choosing from the mask: what a PettingZoo step computes.
* ``openspiel``: pyspiel's plain loop, ``is_terminal``, ``legal_actions``,
  ``apply_action``, from ``new_initial_state()``.
* ``openspiel+tensor``: the same plus ``observation_tensor()`` every step.
* ``pettingzoo``: the AEC loop PettingZoo users write (``last``, sample from
  the mask, ``step``).

Every loop chooses the same way (``random.Random``, one draw a step, indexing
the legal actions, or the mask's nonzero entries where the loop has a mask:
``mask.nonzero()[0]``, numpy's cheapest way, since ``np.flatnonzero`` alone cost
more instructions than building the mask), so the agent's choice costs as little as
it can and the ratios are the loops' own.
Every loop runs once to warm up, then ``--runs`` times, the loops taking turns
so that they share the machine's load; the best run's steps/s is reported (as
``timeit`` does: on a shared machine the fastest run is the least disturbed).

After the ratios, a table of what the encoding may cost (`budget`): the least for
OpenSpiel's tensor loop to stay within 1.5x of ``meeple+encode``, the most for a
PettingZoo step to stay within 2x of a plain step. Each adapter's own work (its
calls, the tensor's floats, the mask) does not depend on the encoding's cost, so
the two bounds say whether any encoding could meet both targets.

``--instructions`` counts instead of timing: each loop of ``--steps`` steps runs
under ``valgrind --tool=cachegrind`` (with a fixed hash seed), less the same loop
of no steps (imports, setup), so the ratios are exact and repeatable however busy
the machine is. ``--tree DIR`` runs these loops on another checkout's ``src`` (one
from before ``state_encoding`` encodes views in ``meeple+encode``); so does timing
with that ``src`` first on ``PYTHONPATH``.
"""

from __future__ import annotations

import argparse
import itertools
import os
import platform
import random
import sys
import time
from collections.abc import Callable
from typing import Any
from typing import Final

import pyspiel
from clones import clone_lines
from instructions import cachegrind

from meeple.adapters._common import setup
from meeple.adapters.openspiel import register
from meeple.adapters.pettingzoo import env
from meeple.core import offers
from meeple.core import parse_option_strings
from meeple.core.options import options_to_json
from meeple.core.registry import default_registry
from meeple.sim import resolve_game

Loop = Callable[[Any, int, dict[str, Any], int], tuple[int, float]]
"""(game, players, options, at least this many steps) -> (steps, seconds)."""

_FIRST_SEEDS: Final = itertools.count(0, 1_000_000)
"""The first seed of each loop call: a million seeds apart, never played twice."""


def _meeple(
    game: Any, players: int, options: dict[str, Any], steps: int, encode: str, mask: bool
) -> tuple[int, float]:
    s = setup(game, players, options)
    # A checkout from before the state_encoding capability encodes views (--tree).
    fastest = getattr(s, "encode_state", None) or (lambda state, seat: s.encode(state.view(seat)))
    chooser = random.Random(0)
    done, seed = 0, next(_FIRST_SEEDS)
    began = time.process_time()
    while done < steps:
        state = s.start(seed)
        seed += 1
        while not state.is_over:
            seat = min(state.to_act)
            if encode == "view":
                s.encode(state.view(seat))
            elif encode == "state":
                fastest(state, seat)
            legal = state.legal_actions(seat)
            if mask:
                allowed = s.mask(legal).nonzero()[0]
                action = s.vocab.action(int(allowed[int(chooser.random() * len(allowed))]))
            else:
                action = legal[int(chooser.random() * len(legal))]
            state = state.apply(action, seat)
            done += 1
    return done, time.process_time() - began


def meeple_plain(game: Any, players: int, options: dict[str, Any], steps: int) -> tuple[int, float]:
    """Legal actions and apply only."""
    return _meeple(game, players, options, steps, encode="", mask=False)


def meeple_view(game: Any, players: int, options: dict[str, Any], steps: int) -> tuple[int, float]:
    """The plain loop plus ``encode_view`` of the seat to act's view."""
    return _meeple(game, players, options, steps, encode="view", mask=False)


def meeple_encode(
    game: Any, players: int, options: dict[str, Any], steps: int
) -> tuple[int, float]:
    """The plain loop plus the encoded view of the seat to act, meeple's fastest way."""
    return _meeple(game, players, options, steps, encode="state", mask=False)


def meeple_obs(game: Any, players: int, options: dict[str, Any], steps: int) -> tuple[int, float]:
    """The plain loop plus the encoded view and the mask, choosing from the mask."""
    return _meeple(game, players, options, steps, encode="state", mask=True)


def _openspiel(
    game: Any, players: int, options: dict[str, Any], steps: int, tensor: bool
) -> tuple[int, float]:
    name = register(resolve_game(game) if isinstance(game, str) else game)
    seed = next(_FIRST_SEEDS)
    loaded = pyspiel.load_game(name, {"players": players, "seed": seed, **_spiel_params(options)})
    chooser = random.Random(0)
    done = 0
    began = time.process_time()
    while done < steps:
        state = loaded.new_initial_state()
        while not state.is_terminal():
            if tensor:
                state.observation_tensor()
            legal = state.legal_actions()
            state.apply_action(legal[int(chooser.random() * len(legal))])
            done += 1
    return done, time.process_time() - began


def openspiel_plain(
    game: Any, players: int, options: dict[str, Any], steps: int
) -> tuple[int, float]:
    """pyspiel's plain loop."""
    return _openspiel(game, players, options, steps, tensor=False)


def openspiel_tensor(
    game: Any, players: int, options: dict[str, Any], steps: int
) -> tuple[int, float]:
    """pyspiel's loop reading ``observation_tensor()`` every step."""
    return _openspiel(game, players, options, steps, tensor=True)


def _spiel_params(options: dict[str, Any]) -> dict[str, Any]:
    """Options as OpenSpiel parameters (tuples as comma-separated strings)."""
    out: dict[str, Any] = {}
    for key, value in options.items():
        if isinstance(value, list | tuple):
            out[key] = ",".join(str(v) for v in value)
        elif value is None:
            out[key] = ""
        else:
            out[key] = value
    return out


def through_pettingzoo(
    game: Any, players: int, options: dict[str, Any], steps: int
) -> tuple[int, float]:
    """The AEC loop PettingZoo users write."""
    e = env(game, players, **options)
    chooser = random.Random(0)
    done, seed = 0, next(_FIRST_SEEDS)
    began = time.process_time()
    while done < steps:
        e.reset(seed=seed)
        seed += 1
        for _ in e.agent_iter():
            obs, _, termination, truncation, _ = e.last()
            if termination or truncation:
                e.step(None)
                continue
            legal = obs["action_mask"].nonzero()[0]
            e.step(int(legal[int(chooser.random() * len(legal))]))
            done += 1
    return done, time.process_time() - began


LOOPS: dict[str, Loop] = {
    "meeple": meeple_plain,
    "meeple+view": meeple_view,
    "meeple+encode": meeple_encode,
    "meeple+obs": meeple_obs,
    "openspiel": openspiel_plain,
    "openspiel+tensor": openspiel_tensor,
    "pettingzoo": through_pettingzoo,
}
"""Every loop, by the name the output uses."""

RATIOS = (
    ("openspiel", "meeple", "OpenSpiel plain loop / meeple plain loop (target <= 1.5x)"),
    (
        "openspiel+tensor",
        "meeple+encode",
        "OpenSpiel + observation_tensor() / meeple + encoding (target <= 1.5x)",
    ),
    (
        "openspiel+tensor",
        "meeple+view",
        "OpenSpiel + observation_tensor() / meeple + encode_view(view) (issue 16's own loop)",
    ),
    ("pettingzoo", "meeple", "PettingZoo step / meeple plain step (target <= 2x)"),
    ("pettingzoo", "meeple+obs", "PettingZoo step / meeple step computing the same obs and mask"),
    ("meeple+view", "meeple", "meeple + encode_view(view) / meeple plain (the view's encoding)"),
    ("meeple+encode", "meeple", "meeple + encoding / meeple plain (the fastest encoding's share)"),
)
"""(slower loop, its baseline, what the ratio says): how much slower, per step."""


def budget(costs: dict[str, float]) -> tuple[float, float, float]:
    """(the encoding's cost now, the least it may cost for OpenSpiel + tensor <= 1.5x
    meeple + encoding, the most it may cost for a PettingZoo step <= 2x a plain step),
    from one game's costs per step by loop.

    Each adapter adds work of its own that does not depend on what the encoding
    costs: OpenSpiel's calls (``openspiel`` less ``meeple``, `O`), the tensor's list
    of floats (`F`: ``openspiel+tensor`` less ``openspiel`` less the encoding) and
    PettingZoo's mask, arrays and calls (`P`: ``pettingzoo`` less ``meeple`` less
    the encoding). With `p` the plain step and `e` the encoding, the first target is
    ``p + O + e + F <= 1.5 (p + e)``, so ``e >= 2 (O + F) - p``; the second is
    ``p + P + e <= 2 p``, so ``e <= p - P``. Both hold for some `e` only if the
    first bound is below the second.
    """
    plain = costs["meeple"]
    encoding = costs["meeple+encode"] - plain
    calls = costs["openspiel"] - plain
    floats = costs["openspiel+tensor"] - costs["openspiel"] - encoding
    zoo = costs["pettingzoo"] - plain - encoding
    return encoding, 2 * (calls + floats) - plain, plain - zoo


def budget_lines(measured: dict[tuple[str, int], dict[str, float]], unit: str) -> list[str]:
    """`budget` of every game as a Markdown table (rates turned back into costs)."""
    bounds = {
        key: budget({loop: 1 / rate for loop, rate in rates.items()})
        for key, rates in measured.items()
    }
    rows = (
        ("the encoding now (meeple+encode less meeple)", 0),
        ("least it may cost for OpenSpiel + tensor <= 1.5x", 1),
        ("most it may cost for PettingZoo <= 2x", 2),
    )
    lines = [
        f"| {unit} per step, the encoding | " + " | ".join(n for n, _ in measured) + " |",
        "|---|" + "---|" * len(measured),
    ]
    scale = 1e6 if unit == "us" else 1
    for label, at in rows:
        cells = " | ".join(
            f"{b[at] * scale:,.1f}" if scale > 1 else f"{b[at]:,.0f}" for b in bounds.values()
        )
        lines.append(f"| {label} | {cells} |")
    verdicts = " | ".join(
        "both can hold" if low <= high else f"not both (apart by {(low - high) * scale:,.0f})"
        for _, low, high in bounds.values()
    )
    lines.append(f"| both targets at once | {verdicts} |")
    return lines


def measure(
    game: Any, players: int, options: dict[str, Any], steps: int, runs: int
) -> dict[str, float]:
    """Best steps/s of every loop, the loops taking turns run by run after a warm-up."""
    rates: dict[str, list[float]] = {name: [] for name in LOOPS}
    for loop in LOOPS.values():
        loop(game, players, options, max(1, steps // 10))
    for _ in range(runs):
        for name, loop in LOOPS.items():
            done, elapsed = loop(game, players, options, steps)
            rates[name].append(done / elapsed)
    return {name: max(values) for name, values in rates.items()}


COUNTED = r"""
import sys
sys.path.insert(0, sys.argv[1])
import adapters
print(adapters.LOOPS[sys.argv[2]](sys.argv[3], int(sys.argv[4]), {}, int(sys.argv[5]))[0])
"""
"""One loop in a fresh process: benchmarks dir, loop, game, players, steps."""


def instructions(tree: str | None, loop: str, game: str, players: int, steps: int) -> float:
    """Instructions per step of one loop (`steps` steps less none), under cachegrind,
    with `tree`'s ``src`` (None: this checkout's) and this file's loops."""
    here = os.path.dirname(os.path.abspath(__file__))
    src = os.path.join(os.path.abspath(tree) if tree else os.path.dirname(here), "src")
    where = [here, loop, game, str(players)]
    base, _ = cachegrind(COUNTED, [*where, "0"], src)
    total, out = cachegrind(COUNTED, [*where, str(steps)], src)
    return (total - base) / max(int(out.split()[-1]), 1)


def report(
    steps: int,
    runs: int,
    *,
    count: bool = False,
    tree: str | None = None,
    only: str | None = None,
) -> None:
    """Markdown tables of every encodable game at its fewest players (or just `only`),
    and the clone cost (timed); with `count`, instructions per step instead (no clone
    cost)."""
    print(f"Python {platform.python_version()} on {platform.machine()}, one core, ")
    if count:
        print(f"instructions per step (cachegrind), loops of at least {steps:,} steps\n")
    else:
        print(f"best of {runs} runs of at least {steps:,} steps per loop, steps/s (CPU time)\n")
    # the registry's games() skips a plugin that fails to load (logged once)
    games = [g for g in default_registry.games() if offers(g, "encoding")]
    if only is not None:
        games = [g for g in games if g.spec.name == resolve_game(only).spec.name]
    measured = {}
    for game in games:
        name, players = game.spec.name, game.spec.min_players
        if count:  # as rates, 1 / instructions per step, so the ratios read the same
            rates = {loop: 1 / instructions(tree, loop, name, players, steps) for loop in LOOPS}
        else:
            rates = measure(name, players, {}, steps, runs)
        measured[name, players] = rates
    print("| game | players | " + " | ".join(LOOPS) + " |")
    print("|---|---|" + "---|" * len(LOOPS))
    for (name, players), rates in measured.items():
        values = (1 / rates[loop] if count else rates[loop] for loop in LOOPS)
        cells = " | ".join(f"{value:,.0f}" for value in values)
        print(f"| {name} | {players} | {cells} |")
    print()
    print("| ratio (per step, slower / baseline) | " + " | ".join(n for n, _ in measured) + " |")
    print("|---|" + "---|" * len(measured))
    for slow, base, label in RATIOS:
        cells = " | ".join(f"{rates[base] / rates[slow]:.2f}x" for rates in measured.values())
        print(f"| {label} | {cells} |")
    print()
    print("\n".join(budget_lines(measured, "instructions" if count else "us")))
    if count:
        return
    print("\n" + "\n".join(clone_lines()))


def main(argv: list[str] | None = None) -> int:
    """Print steps/s of every loop and the ratios, for one game or (--report) all."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game", nargs="?")
    parser.add_argument("--players", type=int, default=None)
    parser.add_argument("--option", action="append", default=[])
    parser.add_argument("--steps", type=int, default=20_000)
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--report", action="store_true", help="every game, as Markdown")
    parser.add_argument("--clones", action="store_true", help="OpenSpiel clone cost only")
    parser.add_argument(
        "--instructions", action="store_true", help="the report in instructions per step"
    )
    parser.add_argument("--tree", help="with --instructions: another checkout's root")
    args = parser.parse_args(argv)
    sys.path.insert(0, os.getcwd())  # so module:ATTR paths resolve from where you run it
    if args.clones:
        print("\n".join(clone_lines()))
        return 0
    if args.report or args.instructions:
        report(args.steps, args.runs, count=args.instructions, tree=args.tree, only=args.game)
        return 0
    if args.game is None:
        parser.error("name a game, or pass --report or --clones")
    game = resolve_game(args.game)
    players = args.players or game.spec.min_players
    parsed = parse_option_strings(game.spec.name, game.options_type, args.option)
    rates = measure(game, players, options_to_json(parsed), args.steps, args.runs)
    for name, rate in rates.items():
        print(f"{game.spec.name} ({players}p) {name:>16}: {rate:>10,.0f} steps/s")
    for slow, base, label in RATIOS:
        print(f"{rates[base] / rates[slow]:5.2f}x  {label}")
    print("\n".join(budget_lines({(game.spec.name, players): rates}, "us")))
    return 0


if __name__ == "__main__":
    sys.exit(main())

"""Our bots against OpenSpiel's Python ISMCTS at equal iterations per decision.

    python benchmarks/bot_strength.py                 # every two-player game, 150 games each
    python benchmarks/bot_strength.py bear_mountain -n 200 --iterations 100 --workers 2

Needs the ``openspiel`` extra (``pip install -e '.[openspiel]'``). For each game,
two players: our bot (``--ours``, a bot spec: ``guided`` by default) against
``open_spiel.python.algorithms.ismcts`` with one random rollout per simulation
(OpenSpiel's ``RandomRolloutEvaluator``), ``uct_c`` of sqrt(2) times the reward
range (win shares: 0 to 1), as OpenSpiel's own tool server sets it, and the same
number of simulations per decision as our bot's iterations. Every deal is played
twice, our bot in seat 0 and then in seat 1 (game ``i`` is the deal of
``game_seed(seed, i // 2)`` with our bot in seat ``i % 2``), so neither side gains
from the deals or the seats; each bot's random stream is seeded from the game, so a
run is repeatable whatever ``--workers`` says.

Prints a Markdown table: our win share (a shared win counts 1/k) with its 95%
Wilson interval, and each side's mean seconds per decision (decisions with more
than one legal action; wall-clock, so they depend on the machine and its load).
"""

from __future__ import annotations

import argparse
import math
import multiprocessing
import os
import sys
import time
from collections.abc import Sequence
from typing import Any

import attrs

from meeple.bots import BOT_PARAMS
from meeple.bots import make_bot
from meeple.bots import parse_bot_spec
from meeple.sim import game_seed
from meeple.sim import resolve_game
from meeple.sim import wilson_interval

DEFAULT_GAMES = ("wojtek", "way_of_bear", "bear_mountain")
"""The games with a two-player rulebook game (Wypas needs three)."""


@attrs.frozen
class Task:
    """One game to play: which, its deal, our seat and both bots' settings."""

    game: str
    players: int
    index: int
    seed: int
    ours: str
    iterations: int
    uct_c: float


@attrs.frozen
class Result:
    """One game's result for our bot, and the time each side spent deciding."""

    game: str
    index: int
    deal: int
    """The game's seed: the same for games ``2k`` and ``2k + 1``."""
    seat: int
    """Our bot's seat."""
    share: float
    our_seconds: float
    our_decisions: int
    their_seconds: float
    their_decisions: int


def _spiel_game(name: str, players: int) -> Any:
    import pyspiel

    from meeple.adapters.openspiel import register

    return pyspiel.load_game(register(name), {"players": players})


def play(task: Task) -> Result:
    """Play one game of our bot against OpenSpiel's ISMCTS and time both."""
    import numpy as np
    from open_spiel.python.algorithms import ismcts
    from open_spiel.python.algorithms import mcts

    game = resolve_game(task.game)
    spiel = _spiel_game(task.game, task.players)
    deal = game_seed(task.seed, task.index // task.players)
    ours_seat = task.index % task.players
    seed = game_seed(deal, ours_seat)
    rng = np.random.RandomState(seed % 2**32)
    theirs = ismcts.ISMCTSBot(
        spiel,
        mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rng),
        uct_c=task.uct_c,
        max_simulations=task.iterations,
        random_state=rng,
    )
    # OpenSpiel's ISMCTS samples its worlds with an unseeded pyspiel sampler; the same
    # uniform draws from the bot's seeded stream make a game repeatable.
    theirs.set_resampler(lambda state, player: state.resample_from_infostate(player, rng.uniform))
    ours = make_bot(task.ours, game, seed ^ 0x5EED)
    state = spiel.new_initial_state(str(deal))
    spent = [0.0, 0.0]
    decisions = [0, 0]
    while not state.is_terminal():
        player = state.current_player()
        legal_ids = state.legal_actions()
        if len(legal_ids) == 1:
            state.apply_action(legal_ids[0])
            continue
        mine = player == ours_seat
        began = time.perf_counter()
        if mine:
            position = state.meeple_state
            legal = position.legal_actions(player)
            chosen = ours.choose(position.view(player), legal)
            action = spiel.meeple.indices((chosen,))[0]
        else:
            action = theirs.step(state)
        spent[not mine] += time.perf_counter() - began
        decisions[not mine] += 1
        state.apply_action(action)
    outcome = state.meeple_state.outcome()
    winners = outcome.winners
    share = 1 / len(winners) if ours_seat in winners else 0.0
    return Result(
        task.game,
        task.index,
        deal,
        ours_seat,
        share,
        spent[0],
        decisions[0],
        spent[1],
        decisions[1],
    )


def _mean(seconds: float, count: int) -> float:
    return seconds / count if count else math.nan


def table_row(name: str, iterations: int, results: Sequence[Result]) -> str:
    """One Markdown row: the game, the budget, the games, our share and its interval, times."""
    n = len(results)
    wins = sum(r.share for r in results)
    low, high = wilson_interval(wins, n)
    ours = _mean(sum(r.our_seconds for r in results), sum(r.our_decisions for r in results))
    theirs = _mean(sum(r.their_seconds for r in results), sum(r.their_decisions for r in results))
    return (
        f"| {name} | {iterations} | {n} | {wins:g} | {wins / n:.2f} | "
        f"{low:.2f}-{high:.2f} | {ours:.3f} | {theirs:.3f} |"
    )


HEADER = (
    "| game | iterations | games | our wins | win share | 95% interval | "
    "our s/decision | ISMCTS s/decision |\n|---|---:|---:|---:|---:|---|---:|---:|"
)


def main(argv: list[str] | None = None) -> int:
    """Play every game asked for and print the table."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("games", nargs="*", default=list(DEFAULT_GAMES))
    parser.add_argument("-n", "--n", type=int, default=150, help="games per game (even)")
    parser.add_argument("--iterations", type=int, default=100, help="per decision, both bots")
    parser.add_argument("--ours", default="guided", help="our bot's spec")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--uct-c", type=float, default=math.sqrt(2), help="ISMCTS's constant")
    parser.add_argument("--workers", type=int, default=1)
    args = parser.parse_args(argv)
    if args.n < 2 or args.iterations < 1 or args.workers < 1:
        parser.error("-n must be at least 2, --iterations and --workers at least 1")
    spec = parse_bot_spec(args.ours)
    if any(p.name == "iterations" for p in BOT_PARAMS[spec.kind]):
        spec = spec.with_param("iterations", args.iterations)
    print(
        f"ours: {spec}; OpenSpiel ISMCTS: {args.iterations} simulations, one random "
        f"rollout each, uct_c={args.uct_c:.3f}; {args.players} players, seed {args.seed}; "
        f"load average at the start {_load():.1f}, {os.cpu_count()} CPUs\n",
        flush=True,
    )
    print(HEADER, flush=True)
    for name in args.games:
        tasks = [
            Task(name, args.players, i, args.seed, str(spec), args.iterations, args.uct_c)
            for i in range(args.n)
        ]
        with multiprocessing.Pool(args.workers) as pool:
            results = list(pool.imap_unordered(play, tasks))
        print(table_row(name, args.iterations, results), flush=True)
    print(f"\nload average at the end {_load():.1f}", flush=True)
    return 0


def _load() -> float:
    """The one-minute load average (NaN where the system does not report one)."""
    return os.getloadavg()[0] if hasattr(os, "getloadavg") else math.nan


if __name__ == "__main__":
    sys.exit(main())

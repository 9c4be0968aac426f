"""The PettingZoo adapter's overhead: the same random masked loop, with and without it.

    python benchmarks/adapters.py wojtek --players 3

"direct" drives meeple itself and computes what an agent needs each step (the
seat's encoded view and legal-action mask); "pettingzoo" runs the AEC loop
(`last`, sample from the mask, `step`). "bare" is meeple's plain playout
(legal actions and apply, no observation) for reference.
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from typing import Any

import numpy as np

from meeple.adapters._common import setup
from meeple.adapters.pettingzoo import env
from meeple.core import parse_option_strings
from meeple.sim import resolve_game


def direct(game: Any, players: int, options: dict[str, Any], games: int) -> tuple[int, float]:
    """Meeple's own loop, building the same observation and mask each step."""
    s = setup(game, players, options)
    sampler = np.random.default_rng(0)
    steps = 0
    began = time.perf_counter()
    for seed in range(games):
        state = s.start(seed)
        while not state.is_over:
            seat = min(state.to_act)
            s.encode(state.view(seat))
            legal = state.legal_actions(seat)
            mask = s.mask(legal)
            action = s.vocab.action(int(sampler.choice(np.flatnonzero(mask))))
            state = state.apply(action, seat)
            steps += 1
    return steps, time.perf_counter() - began


def bare(game: Any, players: int, options: dict[str, Any], games: int) -> tuple[int, float]:
    """Legal actions and apply only."""
    s = setup(game, players, options)
    sampler = np.random.default_rng(0)
    steps = 0
    began = time.perf_counter()
    for seed in range(games):
        state = s.start(seed)
        while not state.is_over:
            seat = min(state.to_act)
            legal = state.legal_actions(seat)
            state = state.apply(legal[int(sampler.integers(len(legal)))], seat)
            steps += 1
    return steps, time.perf_counter() - began


def through_pettingzoo(
    game: Any, players: int, options: dict[str, Any], games: int
) -> tuple[int, float]:
    """The AEC loop PettingZoo users write."""
    e = env(game, players, **options)
    sampler = np.random.default_rng(0)
    steps = 0
    began = time.perf_counter()
    for seed in range(games):
        e.reset(seed=seed)
        for _ in e.agent_iter():
            obs, _, termination, truncation, _ = e.last()
            if termination or truncation:
                e.step(None)
                continue
            e.step(int(sampler.choice(np.flatnonzero(obs["action_mask"]))))
            steps += 1
    return steps, time.perf_counter() - began


def main(argv: list[str] | None = None) -> int:
    """Print steps/s for bare, direct and pettingzoo loops and the overhead ratio."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game")
    parser.add_argument("--players", type=int, default=None)
    parser.add_argument("--option", action="append", default=[])
    parser.add_argument("--games", type=int, default=100)
    args = parser.parse_args(argv)
    sys.path.insert(0, os.getcwd())  # so module:ATTR paths resolve from where you run it
    game = resolve_game(args.game)
    players = args.players or game.spec.min_players
    parsed = parse_option_strings(game.spec.name, game.options_type, args.option)
    from meeple.core.options import options_to_json

    options = options_to_json(parsed)
    rates = {}
    for name, loop in (("bare", bare), ("direct", direct), ("pettingzoo", through_pettingzoo)):
        loop(game, players, options, max(1, args.games // 10))  # warm up
        steps, elapsed = loop(game, players, options, args.games)
        rates[name] = steps / elapsed
        print(f"{game.spec.name} ({players}p) {name:>10}: {rates[name]:>10,.0f} steps/s")
    print(f"pettingzoo overhead vs direct: {rates['direct'] / rates['pettingzoo']:.2f}x")
    return 0


if __name__ == "__main__":
    sys.exit(main())

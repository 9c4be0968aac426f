"""benchmarks/bot_strength.py: our ``guided`` bot against OpenSpiel's Python ISMCTS.

The quick tests check the script's machinery on tiny budgets. The long run (marker
``heavy``: ``nox -s heavy``) is the claim of docs/bots-and-simulation.md: in every
game with a two-player rulebook game, at 100 iterations a decision for both bots,
``guided`` wins at least 0.60 of the games, with its 95% Wilson interval above 1/2.
"""

from __future__ import annotations

import importlib.util
import math
import multiprocessing
import sys
from types import ModuleType

import pytest

from meeple.sim import wilson_interval

from ..shared import ROOT

CLAIMED = {"bear_mountain": 200, "way_of_bear": 200, "wojtek": 200}
"""Games per game in the long run: the table's."""


def _script() -> ModuleType:
    """benchmarks/bot_strength.py as a module (the benchmarks folder is no package)."""
    name = "bot_strength_benchmark"
    if name in sys.modules:
        return sys.modules[name]
    spec = importlib.util.spec_from_file_location(name, ROOT / "benchmarks" / "bot_strength.py")
    assert spec is not None
    assert spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module


def test_a_game_is_played_to_the_end_and_both_sides_are_timed() -> None:
    bench = _script()
    task = bench.Task("bear_mountain", 2, 1, 7, "guided:iterations=3", 3, math.sqrt(2))
    result = bench.play(task)
    assert result.share in (0.0, 0.5, 1.0)
    assert result.our_decisions == result.their_decisions == 10  # four cards face up: a choice
    assert result.our_seconds > 0
    assert result.their_seconds > 0


def test_each_deal_is_played_in_both_seats() -> None:
    bench = _script()
    first, second = (
        bench.play(bench.Task("bear_mountain", 2, i, 11, "heuristic", 2, math.sqrt(2)))
        for i in (0, 1)
    )
    assert first.deal == second.deal
    assert (first.seat, second.seat) == (0, 1)
    third = bench.play(bench.Task("bear_mountain", 2, 2, 11, "heuristic", 2, math.sqrt(2)))
    assert third.deal != first.deal


def test_a_game_is_the_same_every_time_it_is_played() -> None:
    # Regression: OpenSpiel's ISMCTS sampled its worlds with an unseeded pyspiel
    # sampler, so the same game played twice could end differently.
    bench = _script()
    tasks = [bench.Task("wojtek", 2, i, 5, "heuristic", 20, math.sqrt(2)) for i in range(2)]
    first = [(r.share, r.their_decisions) for r in map(bench.play, tasks)]
    second = [(r.share, r.their_decisions) for r in map(bench.play, tasks)]
    assert first == second


def test_the_table_row_gives_the_share_its_wilson_interval_and_the_times() -> None:
    bench = _script()
    results = [
        bench.Result("wojtek", i, i // 2, i % 2, share, 2.0, 4, 6.0, 4)
        for i, share in enumerate([1.0, 0.5, 0.0, 1.0])
    ]
    low, high = wilson_interval(2.5, 4)
    row = bench.table_row("wojtek", 100, results)
    assert row == f"| wojtek | 100 | 4 | 2.5 | 0.62 | {low:.2f}-{high:.2f} | 0.500 | 1.500 |"


@pytest.mark.heavy
@pytest.mark.parametrize("name", sorted(CLAIMED))
def test_guided_beats_openspiel_ismcts_at_equal_iterations(name: str) -> None:
    bench = _script()
    games = CLAIMED[name]
    tasks = [
        bench.Task(name, 2, i, 2026, "guided:iterations=100", 100, math.sqrt(2))
        for i in range(games)
    ]
    with multiprocessing.get_context("fork").Pool(2) as pool:  # the script's own module, inherited
        wins = sum(result.share for result in pool.map(bench.play, tasks))
    low, _ = wilson_interval(wins, games)
    print(f"\n{name}: guided won {wins:g}/{games} against ISMCTS: {wins / games:.2f} [{low:.2f}]")
    assert wins / games >= 0.6
    assert low > 0.5

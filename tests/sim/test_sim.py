"""Batch results depend only on the seed: not on workers, chunking or backend."""

from __future__ import annotations

import os
from collections.abc import Sequence
from typing import Any

import pytest

from meeple.bots import RandomBot
from meeple.core import InvalidOptionsError
from meeple.sim import GameResult
from meeple.sim import play_game
from meeple.sim import simulate
from meeple.sim import summarize
from meeple.sim import wilson_interval
from meeple.sim.batch import backend_named

from ..shared import says
from ..toy_game import TOY

TOY_PATH = "tests.toy_game:TOY"


def test_results_do_not_depend_on_workers_or_chunks() -> None:
    one = simulate(TOY_PATH, 3, ["random", "greedy"], 60, seed=9, workers=1)
    two = simulate(TOY_PATH, 3, ["random", "greedy"], 60, seed=9, workers=2, chunk_size=7)
    assert one == two
    assert [r.index for r in one] == list(range(60))
    other = simulate(TOY_PATH, 3, ["random", "greedy"], 60, seed=10, workers=1)
    assert other != one


@pytest.mark.parametrize("workers", [1, 2])
def test_progress_is_told_game_by_game_not_task_by_task(workers: int) -> None:
    """Issue 33: a bar moved only when a whole task of games ended (0/2000 for 14 s)."""
    seen: list[int] = []
    simulate(
        TOY_PATH, 2, ["random"], 25, seed=1, workers=workers, chunk_size=10, progress=seen.append
    )
    assert seen == [1] * 25


def test_a_failing_bot_is_reported_with_seed_and_record(monkeypatch: pytest.MonkeyPatch) -> None:
    class BoomError(Exception):
        pass

    class ExplodingBot(RandomBot):
        def choose(self, view: Any, legal: Sequence[Any]) -> Any:
            if view.round == 1:
                raise BoomError("bot exploded")
            return super().choose(view, legal)

    monkeypatch.setattr("meeple.bots.registry.RandomBot", ExplodingBot)
    result = play_game(TOY, 2, ["random"], seed=5, index=3)
    assert result.error is not None
    assert "bot exploded" in result.error
    assert result.index == 3
    assert result.seed == 5
    assert result.record is not None
    assert result.record.moves  # the moves up to the failure, replayable
    assert result.record.replay_with(TOY).state is not None


def test_summary_statistics() -> None:
    results = [
        GameResult(index=i, seed=i, scores=(2, 1), ranks=(1, 2), winners=(0,), steps=10 + i)
        for i in range(9)
    ] + [GameResult(index=9, seed=9, scores=(), ranks=(), winners=(), steps=0, error="x")]
    summary = summarize(results, 2, ["a", "b"])
    assert summary.games == 10
    assert summary.failed == 1
    assert summary.seats[0].win_rate == 1.0
    assert summary.seats[1].win_rate == 0.0
    assert summary.seats[0].mean_score == 2.0
    assert dict(summary.length_percentiles)[50] == 14
    # Seats a and b hold different bots: seat 0's rate is bot a's, not the first player's.
    assert summary.first_player_edge is None
    assert summary.first_player_interval is None


def test_the_first_player_edge_needs_the_same_bot_in_every_seat() -> None:
    results = [
        GameResult(index=i, seed=i, scores=(2, 1), ranks=(1, 2), winners=(0,), steps=10)
        for i in range(30)
    ] + [
        GameResult(index=i, seed=i, scores=(1, 2), ranks=(2, 1), winners=(1,), steps=10)
        for i in range(30, 40)
    ]
    summary = summarize(results, 2, ["random", "random"])
    assert summary.first_player_edge == pytest.approx(0.75 - 0.5)
    assert summary.first_player_interval is not None
    low, high = summary.first_player_interval
    wilson = wilson_interval(30, 40)
    assert (low, high) == pytest.approx((wilson[0] - 0.5, wilson[1] - 0.5))
    assert summarize(results, 2, ["random"]).first_player_edge is not None  # one bot repeats
    assert summarize(results, 2, ["random", "greedy"]).first_player_edge is None


def test_wilson_interval() -> None:
    low, high = wilson_interval(50, 100)
    assert low == pytest.approx(0.4038, abs=1e-3)
    assert high == pytest.approx(0.5962, abs=1e-3)
    assert wilson_interval(0, 0) == (0.0, 1.0)


def test_a_backend_is_named_local_or_ray() -> None:
    assert backend_named("local") == "local"
    assert backend_named("ray") == "ray"
    for name in ("spark", "Ray", ""):
        with pytest.raises(
            InvalidOptionsError, match=f"unknown backend {name!r} \\(local or ray\\)"
        ):
            backend_named(name)


def test_bad_arguments_are_refused_before_work_starts() -> None:
    with pytest.raises(InvalidOptionsError, match="unknown bot"):
        simulate(TOY_PATH, 2, ["wizard"], 5)
    with pytest.raises(InvalidOptionsError, match="played by 2-4 players"):
        simulate(TOY_PATH, 7, ["random"], 5)
    with pytest.raises(InvalidOptionsError, match="unknown backend"):
        simulate(TOY_PATH, 2, ["random"], 5, backend="spark")  # type: ignore[arg-type]  # refusal
    with pytest.raises(InvalidOptionsError, match="unknown option"):
        simulate(TOY_PATH, 2, ["random"], 5, options={"speed": 1})


def test_bench_tells_its_progress_the_warm_up_included() -> None:
    """Issue 33: `meeple bench` was silent for minutes; it now has a bar from the start."""
    from meeple.sim import measure_speed
    from meeple.sim.speed import warm_up_games

    from ..toy_game import TOY

    seen: list[int] = []
    report = measure_speed(TOY, 2, games=20, runs=2, progress=seen.append)
    assert sum(seen) == warm_up_games(20) + 2 * 20
    assert len(report.games_per_s) == 2


def test_bench_times_a_run_of_about_the_seconds_asked_when_no_count_is_given() -> None:
    """Issue 33: `meeple bench` without --games times runs of a fixed length, not of
    200 games (minutes for Wypas, milliseconds for a fast game)."""
    from meeple.sim.speed import games_lasting

    from ..toy_game import TOY

    seen: list[int] = []
    quick = games_lasting(TOY, 2, 0.01, progress=seen.append)
    longer = games_lasting(TOY, 2, 0.5)
    assert quick >= 1
    assert sum(seen) >= 1  # the timing games are told too
    assert longer > quick


def _recorded_pools(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """The worker count of every pool the batch starts from now on (the pool itself is
    replaced by running its items here)."""
    from meeple.sim import batch

    pools: list[int] = []

    def pool(work: Any, items: Sequence[Any], games: int, workers: int, progress: Any) -> Any:
        pools.append(workers)
        return [work(item) for item in items]

    monkeypatch.setattr(batch, "run_in_pool", pool)
    return pools


def test_simulate_plays_on_every_core_unless_told(monkeypatch: pytest.MonkeyPatch) -> None:
    """README.md: `meeple simulate` plays "batch bot games on all cores": without
    ``--workers`` the pool has one process per core the machine reports."""
    from typer.testing import CliRunner

    from meeple.cli.app import app

    says("README.md", r"`meeple simulate GAME -n \d+ --seat \.\.\.`: batch bot games on all cores")
    monkeypatch.setattr(os, "cpu_count", lambda: 3)
    pools = _recorded_pools(monkeypatch)
    args = ["simulate", TOY_PATH, "-n", "4", "--players", "2", "--seat", "random"]
    result = CliRunner().invoke(app, args)
    assert result.exit_code == 0, result.output
    assert pools == [3]
    assert CliRunner().invoke(app, [*args, "--workers", "2"]).exit_code == 0
    assert pools == [3, 2]


def test_a_batch_starts_no_more_processes_than_it_has_tasks(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Two games on a 64-core machine start two processes, not 64 (a pool forks all of
    its processes at once), with ``--workers`` or without."""
    from typer.testing import CliRunner

    from meeple.cli.app import app

    monkeypatch.setattr(os, "cpu_count", lambda: 64)
    pools = _recorded_pools(monkeypatch)
    args = ["simulate", TOY_PATH, "-n", "2", "--players", "2", "--seat", "random"]
    assert CliRunner().invoke(app, args).exit_code == 0
    assert CliRunner().invoke(app, [*args, "--workers", "8"]).exit_code == 0
    assert pools == [2, 2]


def test_a_batch_of_one_task_starts_no_process(monkeypatch: pytest.MonkeyPatch) -> None:
    """One task runs in this process, as ``--workers 1`` does: a pool of one worker would
    only add its start-up. Two tasks start a pool of two; no task, nothing."""
    from meeple.sim import batch

    monkeypatch.setattr(os, "cpu_count", lambda: 64)
    pools = _recorded_pools(monkeypatch)
    one = [batch.Task(TOY_PATH, 2, ("random",), 7, (0, 1, 2))]
    told: list[int] = []
    here = batch.run_tasks(one, progress=told.append)
    assert (pools, sum(told)) == ([], 3)
    assert batch.run_tasks(one * 2) == [here[0], here[0]]
    assert pools == [2]
    assert batch.run_tasks([]) == []

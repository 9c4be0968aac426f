"""The Ray backend gives exactly the local backend's results for the same seed."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import pytest
import ray
from typer.testing import CliRunner

import meeple
from meeple.cli.app import app
from meeple.sim import simulate
from meeple.sim.batch import local_ray_settings

from ..shared import heavy_but
from ..shared import option_flags

TOY_PATH = "tests.toy_game:TOY"


@pytest.fixture(scope="module")
def local_ray() -> Iterator[None]:
    """A two-CPU local Ray instance whose workers can import the tests package."""
    root = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    # This checkout's sources first (the tests package, meeple, the example plugin),
    # so workers run the code under test even where another checkout is installed.
    path = [root, os.path.join(root, "src"), os.path.join(root, "examples/plugin_game/src")]
    ray.init(
        num_cpus=2,
        include_dashboard=False,
        log_to_driver=False,
        runtime_env={"env_vars": {"PYTHONPATH": os.pathsep.join(path)}},
        **local_ray_settings(),  # a deep TMPDIR is too long for Ray's socket paths
    )
    yield
    ray.shutdown()


def test_ray_and_local_agree(local_ray: None) -> None:
    on_ray = simulate(TOY_PATH, 3, ["random", "greedy"], 120, seed=21, backend="ray")
    local = simulate(TOY_PATH, 3, ["random", "greedy"], 120, seed=21, workers=1)
    assert on_ray == local
    assert [r.index for r in on_ray] == list(range(120))


def test_ray_reports_progress(local_ray: None) -> None:
    seen: list[int] = []
    simulate(
        TOY_PATH, 2, ["random"], 30, seed=1, backend="ray", chunk_size=10, progress=seen.append
    )
    assert sorted(seen) == [10, 10, 10]


def test_a_report_on_ray_is_the_same_bytes_as_on_local_processes(
    local_ray: None, tmp_path: Path
) -> None:
    runner = CliRunner()
    args = ["analyze", "wojtek", "--players", "3", "-n", "4", "--seed", "5", "--rotate",
            "--seat", "greedy:worlds=1", "--seat", "random", "--skill", "none",
            "--compare", "no_drop_on_three=true"]  # fmt: skip
    on_ray = runner.invoke(app, [*args, "--backend", "ray", "--out", str(tmp_path / "ray")])
    assert on_ray.exit_code == 0, on_ray.output
    local = runner.invoke(app, [*args, "--workers", "1", "--out", str(tmp_path / "local")])
    assert local.exit_code == 0, local.output
    assert (tmp_path / "local" / "comparison.png").is_file()
    _same_files(tmp_path / "ray", tmp_path / "local")


def _same_files(one: Path, other: Path) -> None:
    names = sorted(p.name for p in one.iterdir())
    assert names == sorted(p.name for p in other.iterdir())
    for name in names:
        assert (one / name).read_bytes() == (other / name).read_bytes(), name


# A report per game, on Ray and locally, is long (about 20 s of CPU for all): the default
# run keeps the plugin's (the same comparison for Miś Wojtek is above); `nox -s heavy`
# runs every game.
@pytest.mark.parametrize("game", heavy_but(meeple.game_names(), "goofspiel"))
def test_every_registered_game_reports_the_same_bytes_on_ray(
    local_ray: None, tmp_path: Path, game: str
) -> None:
    runner = CliRunner()
    args = ["analyze", game, "-n", "2", "--seed", "9", "--seat", "random",
            "--skill", "greedy:worlds=1", *option_flags(game)]  # fmt: skip
    on_ray = runner.invoke(app, [*args, "--backend", "ray", "--out", str(tmp_path / "ray")])
    assert on_ray.exit_code == 0, on_ray.output
    local = runner.invoke(app, [*args, "--out", str(tmp_path / "local")])  # the default
    assert local.exit_code == 0, local.output
    assert (tmp_path / "local" / "report.html").is_file()
    _same_files(tmp_path / "ray", tmp_path / "local")

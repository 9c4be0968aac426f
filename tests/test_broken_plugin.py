"""A broken plugin installed beside the good ones fails alone (issue 20, item 1).

The plugins here are really installed: a ``.dist-info`` folder with an
``entry_points.txt`` and the plugin's module, in a folder put on the import path,
which is exactly what ``pip install`` leaves in ``site-packages`` and what
``importlib.metadata`` reads. One plugin fails to import (a missing dependency);
one registers an object that is not a game; one registers a real game under a
name that game does not call itself.
"""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from starlette.testclient import TestClient
from typer.testing import CliRunner

from meeple.cli.app import app
from meeple.core import PluginError
from meeple.core import registry
from meeple.web import create_app

from .shared import ROOT

BROKEN = {
    "broken_demo": "game 'broken_demo' (entry point 'broken_demo = broken_demo_plugin:GAME' "
    "of package meeple-broken-demo 0.1) failed to load: ModuleNotFoundError: "
    "No module named 'a_dependency_nobody_installed'",
    "impostor_demo": "game 'impostor_demo' (entry point 'impostor_demo = "
    "impostor_demo_plugin:GAME' of package meeple-broken-demo 0.1) is a dict, "
    "not a meeple Game: missing spec, options_type, state_type, view_type, action_types, "
    "start, parse_action, determinize, render",
    "renamed_demo": "game 'renamed_demo' (entry point 'renamed_demo = "
    "meeple.wojtek:GAME' of package meeple-broken-demo 0.1): registered as "
    "'renamed_demo' but Wojtek.spec.name is 'wojtek'; the entry point name and "
    "spec.name must agree",
}


def install_broken_plugins(site: Path) -> Path:
    """Install the distribution ``meeple-broken-demo`` into `site`, as pip would."""
    dist = site / "meeple_broken_demo-0.1.dist-info"
    dist.mkdir(parents=True)
    (dist / "METADATA").write_text(
        "Metadata-Version: 2.1\nName: meeple-broken-demo\nVersion: 0.1\n", encoding="utf-8"
    )
    (dist / "entry_points.txt").write_text(
        "[meeple.games]\n"
        "broken_demo = broken_demo_plugin:GAME\n"
        "impostor_demo = impostor_demo_plugin:GAME\n"
        "renamed_demo = meeple.wojtek:GAME\n",
        encoding="utf-8",
    )
    (site / "broken_demo_plugin.py").write_text(
        '"""Imports a dependency that is not installed."""\n\n'
        "import a_dependency_nobody_installed\n\n"
        "GAME = a_dependency_nobody_installed.GAME\n",
        encoding="utf-8",
    )
    (site / "impostor_demo_plugin.py").write_text(
        '"""Registers something that is not a game."""\n\nGAME = {"name": "impostor_demo"}\n',
        encoding="utf-8",
    )
    return site


@pytest.fixture
def broken_site(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[registry.Registry]:
    """The broken distribution installed on the import path; the default registry reads it."""
    site = install_broken_plugins(tmp_path / "site-packages")
    monkeypatch.syspath_prepend(str(site))
    fresh = registry.Registry()
    monkeypatch.setattr(registry, "default_registry", fresh)
    monkeypatch.setattr("meeple.web.hub.default_registry", fresh)
    yield fresh
    for module in ("broken_demo_plugin", "impostor_demo_plugin"):
        sys.modules.pop(module, None)


def test_the_registry_serves_the_good_games_and_names_the_broken(
    broken_site: registry.Registry,
) -> None:
    assert set(BROKEN) <= set(broken_site.names())
    served = {game.spec.name for game in broken_site.games()}
    assert {"bear_mountain", "way_of_bear", "wojtek", "wypas"} <= served
    assert not served & set(BROKEN)
    assert broken_site.failures() == BROKEN
    for name, reason in BROKEN.items():
        with pytest.raises(PluginError) as refused:
            broken_site.get(name)
        assert str(refused.value) == reason


def test_meeple_games_lists_the_good_and_one_line_per_broken(
    broken_site: registry.Registry,
) -> None:
    result = CliRunner().invoke(app, ["games"])
    assert result.exit_code == 0, result.output
    for name in ("bear_mountain", "way_of_bear", "wojtek", "wypas"):
        assert name in result.output
    failed = [line for line in result.output.splitlines() if line.startswith("failed:")]
    assert failed == [f"failed: {reason}" for reason in BROKEN.values()]
    assert "Traceback" not in result.output


def test_every_other_command_works_beside_a_broken_plugin(
    broken_site: registry.Registry,
) -> None:
    runner = CliRunner()
    demo = runner.invoke(app, ["demo", "wojtek", "--quiet", "--seed", "2"])
    assert demo.exit_code == 0, demo.output
    simulate = runner.invoke(app, ["simulate", "bear_mountain", "-n", "4", "--workers", "1"])
    assert simulate.exit_code == 0, simulate.output
    refused = runner.invoke(app, ["demo", "broken_demo"])
    assert refused.exit_code == 2
    assert " ".join(refused.output.split()) == f"error: {BROKEN['broken_demo']}"  # wrapped


def test_the_web_serves_the_good_games_beside_a_broken_plugin(
    broken_site: registry.Registry, tmp_path: Path
) -> None:
    with TestClient(create_app(tmp_path / "web.sqlite3")) as client:
        response = client.get("/api/games")
        assert response.status_code == 200
        names = {game["name"] for game in response.json()["games"]}
        assert {"bear_mountain", "way_of_bear", "wojtek", "wypas"} <= names
        assert not names & set(BROKEN)
        created = client.post(
            "/api/matches", json={"game": "broken_demo", "players": 2, "seats": ["human"] * 2}
        )
        assert created.status_code == 422
        assert created.json()["error"] == f"field 'game': {BROKEN['broken_demo']}"


def test_the_installed_meeple_command_survives_a_broken_plugin(tmp_path: Path) -> None:
    site = install_broken_plugins(tmp_path / "site-packages")
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(site), str(ROOT / "src")])}
    script = "from meeple.cli.app import main; main()"
    done = subprocess.run(
        [sys.executable, "-c", script, "games"],
        env=env,
        capture_output=True,
        text=True,
        check=False,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr
    assert "wojtek" in done.stdout
    failed = [line for line in done.stdout.splitlines() if line.startswith("failed:")]
    assert failed == [f"failed: {reason}" for reason in BROKEN.values()]
    assert "Traceback" not in done.stdout + done.stderr


def test_the_adapters_register_the_good_games_beside_a_broken_plugin(
    broken_site: registry.Registry,
) -> None:
    from meeple.adapters.gymnasium import register_envs
    from meeple.adapters.openspiel import register_all

    env_ids = register_envs()
    spiel_names = register_all()
    for names in (env_ids, spiel_names):
        assert any("wojtek" in name for name in names)
        assert not any(broken in name for name in names for broken in BROKEN)

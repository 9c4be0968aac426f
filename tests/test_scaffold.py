"""`meeple new-game` writes a plugin that installs, passes its own tests and plays
(issue 20, item 7).

The generated package is really installed: ``pip install --target`` builds its wheel
with hatchling (the backend its ``pyproject.toml`` names) into a throwaway folder,
which is put on the import path of every process run here. So the entry point
tested is the one pip installed from the generated ``pyproject.toml``.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from typer.testing import CliRunner

import meeple
from meeple.cli.app import app
from meeple.core import registry
from meeple.scaffold import MAX_NAME
from meeple.scaffold import MAX_TITLE
from meeple.scaffold import names_for
from meeple.scaffold import render_templates

from .test_architecture import SKELETON

ROOT = Path(__file__).resolve().parent.parent
NAME = "scaffolded_demo"
PACKAGE = f"meeple_{NAME}"
TITLE = "Scaffolded demo"
runner = CliRunner()


def install(project: Path, site: Path) -> None:
    """``pip install`` the project into the folder `site`, as a user would install it.

    pip builds the wheel with the project's own backend (hatchling, from the test
    extra: ``--no-build-isolation`` keeps it offline) and installs it there with its
    ``.dist-info`` and entry points; meeple itself comes from this environment.
    """
    done = subprocess.run(
        [
            sys.executable,
            "-m",
            "pip",
            "install",
            "--quiet",
            "--no-deps",
            "--no-build-isolation",
            "--no-index",
            "--target",
            str(site),
            str(project),
        ],
        capture_output=True,
        text=True,
        check=False,
        timeout=300,
    )
    assert done.returncode == 0, done.stdout + done.stderr


@pytest.fixture(scope="module")
def project(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The package `meeple new-game` writes, as written."""
    into = tmp_path_factory.mktemp("games")
    result = runner.invoke(app, ["new-game", NAME, "--into", str(into), "--title", TITLE])
    assert result.exit_code == 0, result.output
    assert f"wrote {into / NAME}/" in result.output
    return into / NAME


@pytest.fixture(scope="module")
def site(project: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A throwaway site-packages holding the generated package, installed."""
    folder = tmp_path_factory.mktemp("site-packages")
    install(project, folder)
    return folder


def run(args: list[str], cwd: Path, site: Path | None = None) -> subprocess.CompletedProcess[str]:
    """`args` run by this Python in `cwd`, with this meeple (and `site`) importable."""
    path = [str(ROOT / "src")] if site is None else [str(site), str(ROOT / "src")]
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(path)}
    return subprocess.run(
        [sys.executable, *args],
        cwd=cwd,
        env=env,
        capture_output=True,
        text=True,
        check=False,
        timeout=300,
    )


def test_the_package_has_every_skeleton_module_and_the_test_files(project: Path) -> None:
    modules = {p.stem for p in (project / "src" / PACKAGE).glob("*.py")}
    assert set(SKELETON) <= modules, sorted(set(SKELETON) - modules)
    tests = {p.name for p in (project / "tests").glob("test_*.py")}
    assert {"test_conformance.py", "test_rules.py", "test_views.py"} <= tests
    for path in ("pyproject.toml", "README.md", f"src/{PACKAGE}/data/deck.json"):
        assert (project / path).is_file(), path
    text = "".join(p.read_text(encoding="utf-8") for p in project.rglob("*") if p.is_file())
    assert not re.search(r"\{\{\w+\}\}", text), "a placeholder was left unfilled"
    assert f'{NAME} = "{PACKAGE}:GAME"' in (project / "pyproject.toml").read_text("utf-8")


def test_the_installed_package_passes_its_own_tests_which_run_the_kit(
    project: Path, site: Path
) -> None:
    done = run(["-m", "pytest", "-v", "-p", "no:cacheprovider"], project, site)
    assert done.returncode == 0, done.stdout + done.stderr
    assert "test_conformance.py::test_the_game_passes_the_conformance_kit PASSED" in done.stdout
    assert re.search(r"\b9 passed\b", done.stdout), done.stdout


def test_the_package_passes_ruff_and_mypy_strict_as_written(project: Path) -> None:
    for args in (["check", "."], ["format", "--check", "."]):
        done = run(["-m", "ruff", *args], project)
        assert done.returncode == 0, done.stdout + done.stderr
    done = run(["-m", "mypy", "--strict"], project)  # files: from its pyproject.toml
    assert done.returncode == 0, done.stdout + done.stderr
    assert "23 source files" in done.stdout


def test_the_longest_name_and_title_still_pass_ruff(tmp_path: Path) -> None:
    name, title = "g" * MAX_NAME, "W" * MAX_TITLE
    result = runner.invoke(app, ["new-game", name, "--into", str(tmp_path), "--title", title])
    assert result.exit_code == 0, result.output
    for args in (["check", "."], ["format", "--check", "."]):
        done = run(["-m", "ruff", *args], tmp_path / name)
        assert done.returncode == 0, done.stdout + done.stderr


def test_meeple_games_lists_it_and_meeple_demo_plays_it(site: Path, tmp_path: Path) -> None:
    script = "from meeple.cli.app import main; main()"
    games = run(["-c", script, "games"], tmp_path, site)
    assert games.returncode == 0, games.stderr
    row = next(line for line in games.stdout.splitlines() if f" {NAME} " in line)
    assert TITLE in row
    assert "2-4" in row
    assert "failed:" not in games.stdout
    demo = run(["-c", script, "demo", NAME, "--players", "3", "--seed", "2"], tmp_path, site)
    assert demo.returncode == 0, demo.stderr
    assert "player 0: keep" in demo.stdout or "player 0: swap" in demo.stdout
    assert f"{TITLE}: result after 9 moves" in demo.stdout  # 3 rounds, each seat once a round


@pytest.fixture
def installed(site: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[registry.Registry]:
    """The installed package on this process's import path, and a registry that reads it."""
    monkeypatch.syspath_prepend(str(site))
    fresh = registry.Registry()
    monkeypatch.setattr(registry, "default_registry", fresh)
    yield fresh
    for module in [m for m in sys.modules if m == PACKAGE or m.startswith(f"{PACKAGE}.")]:
        del sys.modules[module]


def test_the_registry_starts_it_and_a_match_replays(installed: registry.Registry) -> None:
    assert NAME in meeple.game_names()
    game = meeple.get_game(NAME)
    assert game.spec.title == TITLE
    assert type(game).__module__ == f"{PACKAGE}.game"
    match = meeple.Match(NAME, 2, seed=5)
    while not match.state.is_over:
        player = min(match.state.to_act)
        match.play(match.state.legal_actions(player)[-1], player)  # always swap
    assert match.state.outcome().final
    record = meeple.loads(meeple.dumps(match.record()))
    assert record.replay().state == match.state


def test_the_generated_rules_open_only_their_own_data(project: Path) -> None:
    """Nothing names a file to open but the package's own deck (never an option's value)."""
    reads = [
        (path.name, line.strip())
        for path in sorted((project / "src").rglob("*.py"))
        for line in path.read_text(encoding="utf-8").splitlines()
        if re.search(r"\bopen\(|read_text|read_bytes|Path\(|resources\.", line)
    ]
    deck = 'json.loads(resources.files(__package__).joinpath("data/deck.json").read_text("utf-8"))'
    assert reads == [("components.py", deck)]


BAD_NAMES = ["", "Caps", "1st", "with-dash", "two__underscores", "trailing_", "g" * (MAX_NAME + 1)]


@pytest.mark.parametrize("name", BAD_NAMES)
def test_a_bad_name_is_refused_and_nothing_is_written(name: str, tmp_path: Path) -> None:
    result = runner.invoke(app, ["new-game", name, "--into", str(tmp_path)])
    assert result.exit_code == 2
    assert "will not do as a game name" in result.output
    assert list(tmp_path.iterdir()) == []


def test_an_installed_games_name_is_refused(tmp_path: Path) -> None:
    result = runner.invoke(app, ["new-game", "wojtek", "--into", str(tmp_path)])
    assert result.exit_code == 2
    assert "a game named 'wojtek' is already installed" in result.output
    assert list(tmp_path.iterdir()) == []


def test_a_package_name_that_is_already_importable_is_refused(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    (tmp_path / "meeple_taken_demo.py").write_text('"""Someone\'s module."""\n', "utf-8")
    monkeypatch.syspath_prepend(str(tmp_path))
    into = tmp_path / "games"
    into.mkdir()
    result = runner.invoke(app, ["new-game", "taken_demo", "--into", str(into)])
    assert result.exit_code == 2
    assert "a module named 'meeple_taken_demo' can already be imported" in result.output
    assert list(into.iterdir()) == []


def test_an_existing_folder_is_refused_and_left_alone(tmp_path: Path) -> None:
    (tmp_path / NAME).mkdir()
    (tmp_path / NAME / "notes.txt").write_text("mine", encoding="utf-8")
    result = runner.invoke(app, ["new-game", NAME, "--into", str(tmp_path)])
    assert result.exit_code == 2
    assert "already exists" in result.output
    assert [p.name for p in (tmp_path / NAME).iterdir()] == ["notes.txt"]


def test_a_missing_target_folder_and_a_bad_title_are_refused(tmp_path: Path) -> None:
    missing = runner.invoke(app, ["new-game", NAME, "--into", str(tmp_path / "nowhere")])
    assert missing.exit_code == 2
    assert "is not a folder" in missing.output
    quoted = runner.invoke(app, ["new-game", NAME, "--into", str(tmp_path), "--title", 'A "b"'])
    assert quoted.exit_code == 2
    assert "the title 'A \"b\"' has '\"'" in quoted.output
    assert list(tmp_path.iterdir()) == []


def test_every_template_is_filled_with_the_names_given() -> None:
    names = names_for("high_card")
    assert (names.title, names.class_name, names.distribution) == (
        "High card",
        "HighCardGame",
        "meeple-high-card",
    )
    assert names_for("card_game").class_name == "CardGame"
    files = render_templates(names)
    assert Path("src/meeple_high_card/game.py") in files
    assert 'title="High card"' in files[Path("src/meeple_high_card/game.py")]
    # every placeholder filled (a Jinja2 template's own expressions, with spaces, stay)
    assert not any(re.search(r"\{\{\w+\}\}", text) for text in files.values())
    assert "{{ name }}" in files[Path("src/meeple_high_card/templates/table.html")]


def test_the_tutorial_explains_every_generated_file() -> None:
    page = (ROOT / "docs" / "guide" / "plugin-tutorial.md").read_text(encoding="utf-8")
    table = page.split("## What each generated file is for\n")[1].split("\n## ")[0]
    explained = set(re.findall(r"^\| `([^`]+)` \|", table, re.MULTILINE))
    written = {
        path.as_posix().replace("meeple_high_card", "meeple_NAME")
        for path in render_templates(names_for("high_card"))
    }
    assert explained == written

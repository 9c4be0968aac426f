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
from meeple.scaffold import ScaffoldError
from meeple.scaffold import names_for
from meeple.scaffold import render_templates

from .shared import ROOT
from .shared import number
from .shared import prose
from .shared import says
from .test_architecture import SKELETON

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


def scaffold(into: Path) -> Path:
    """The package `meeple new-game` writes into `into`, as written."""
    result = runner.invoke(app, ["new-game", NAME, "--into", str(into), "--title", TITLE])
    assert result.exit_code == 0, result.output
    assert f"wrote {into / NAME}/" in result.output
    return into / NAME


@pytest.fixture(scope="module")
def project(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The package `meeple new-game` writes, shared by the tests that build, install
    and run it (which add caches and databases to it)."""
    return scaffold(tmp_path_factory.mktemp("games"))


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


def test_the_package_has_every_skeleton_module_and_the_test_files(tmp_path: Path) -> None:
    # Its own copy: the shared `project` gains the binary caches of the tests run in
    # it (Hypothesis' database), which would depend on the order the tests ran in.
    project = scaffold(tmp_path)
    modules = {p.stem for p in (project / "src" / PACKAGE).glob("*.py")}
    assert set(SKELETON) <= modules, sorted(set(SKELETON) - modules)
    tests = {p.name for p in (project / "tests").glob("test_*.py")}
    assert {"test_conformance.py", "test_rules.py", "test_views.py", "test_fuzz.py"} <= tests
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
    assert "test_fuzz.py::test_a_hostile_document_is_refused_or_safe_to_use PASSED" in done.stdout
    assert (
        "test_notation.py::test_any_text_that_is_no_move_is_malformed[5000-digits] PASSED"
        in done.stdout
    )
    assert re.search(r"\b17 passed\b", done.stdout), done.stdout


def test_the_package_passes_ruff_and_mypy_strict_as_written(project: Path) -> None:
    for args in (["check", "."], ["format", "--check", "."]):
        done = run(["-m", "ruff", *args], project)
        assert done.returncode == 0, done.stdout + done.stderr
    done = run(["-m", "mypy", "--strict"], project)  # files: from its pyproject.toml
    assert done.returncode == 0, done.stdout + done.stderr
    assert "25 source files" in done.stdout


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


NAME_LIMIT = r"joined by single underscores \(`high_card`\), at most (\d+) characters"
"""Where a page gives the longest name `meeple new-game` takes."""


def test_the_pages_give_the_longest_name_and_title_the_scaffold_takes() -> None:
    """docs/cli.md and the tutorial: a name of "at most 30 characters", a title "at most
    60": as long is taken, one more refused."""
    pages = ("docs/cli.md", "docs/guide/plugin-tutorial.md")
    longest = {page: number(says(page, NAME_LIMIT)[1]) for page in pages}
    title = number(says("docs/cli.md", r"`- ' \. , ! & : \( \)`, at most (\d+) characters")[1])
    assert longest == dict.fromkeys(pages, MAX_NAME)
    assert title == MAX_TITLE
    names_for("g" * MAX_NAME, "W" * MAX_TITLE)
    with pytest.raises(ScaffoldError, match="will not do as a game name"):
        names_for("g" * (MAX_NAME + 1))
    with pytest.raises(ScaffoldError, match=f"must be 1 to {MAX_TITLE} characters"):
        names_for("g", "W" * (MAX_TITLE + 1))


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


# -- issue 33, item 9: the plugin author's path -----------------------------------------


def test_the_test_extra_brings_hypothesis_for_the_fuzz_test(project: Path) -> None:
    import tomllib

    pyproject = tomllib.loads((project / "pyproject.toml").read_text(encoding="utf-8"))
    extra = pyproject["project"]["optional-dependencies"]["test"]
    assert any(requirement.startswith("hypothesis") for requirement in extra)
    fuzz = (project / "tests" / "test_fuzz.py").read_text(encoding="utf-8")
    assert "mutated_documents(GAME)" in fuzz
    assert "check_document(GAME, text)" in fuzz


def test_the_readme_s_table_of_files_is_the_tutorial_s() -> None:
    from .scaffold_table import TEMPLATE
    from .scaffold_table import table
    from .scaffold_table import template_table

    assert template_table(TEMPLATE.read_text(encoding="utf-8")) == table(), (
        "the scaffold README's table differs from the tutorial's: run "
        "`python -m tests.scaffold_table`"
    )


def test_dir_writes_the_package_in_a_folder_of_its_own(tmp_path: Path) -> None:
    clone = tmp_path / "my-game"
    (clone / ".git").mkdir(parents=True)
    (clone / ".git" / "HEAD").write_text("ref: refs/heads/main\n", encoding="utf-8")
    result = runner.invoke(app, ["new-game", NAME, "--dir", str(clone)])
    assert result.exit_code == 0, result.output
    assert (clone / "pyproject.toml").is_file()
    assert (clone / "src" / PACKAGE / "game.py").is_file()
    assert (clone / ".git" / "HEAD").read_text(encoding="utf-8").startswith("ref:")
    fresh = tmp_path / "new-folder"
    assert runner.invoke(app, ["new-game", NAME, "--dir", str(fresh)]).exit_code == 0
    assert (fresh / "README.md").is_file()


def test_dir_refuses_a_folder_with_files_and_a_missing_parent(tmp_path: Path) -> None:
    held = tmp_path / "held"
    held.mkdir()
    (held / "notes.txt").write_text("mine", encoding="utf-8")
    result = runner.invoke(app, ["new-game", NAME, "--dir", str(held)])
    assert result.exit_code == 2
    assert "already exists (it holds notes.txt)" in " ".join(result.output.split())
    assert [p.name for p in held.iterdir()] == ["notes.txt"]
    lost = runner.invoke(app, ["new-game", NAME, "--dir", str(tmp_path / "a" / "b")])
    assert lost.exit_code == 2
    assert "is not a folder" in lost.output
    both = runner.invoke(app, ["new-game", NAME, "--dir", str(tmp_path / "c"), "--into", "."])
    assert both.exit_code == 2
    assert "give --into or --dir, not both" in both.output
    assert not (tmp_path / "c").exists()


def test_a_test_position_is_checked_by_the_game_s_invariants() -> None:
    from meeple.bear_mountain import GAME
    from meeple.testing import InvalidPositionError
    from meeple.testing import position

    state = GAME.start(2, seed=1)
    moved = position(state, row=(state.row[1], state.row[0], *state.row[2:]))
    assert moved.row[0] == state.row[1]
    assert moved.legal_actions(min(moved.to_act))  # it plays on
    with pytest.raises(InvalidPositionError, match=r"changed: row"):
        position(state, row=(state.row[0], state.row[0], *state.row[2:]))  # a card twice
    with pytest.raises(TypeError, match="no field"):
        position(state, rows=())


def test_the_tutorial_says_which_scaffold_files_goofspiel_has_not() -> None:
    page = (ROOT / "docs" / "guide" / "plugin-tutorial.md").read_text(encoding="utf-8")
    sentence = page.split("source file the scaffold writes but these:")[1].split("Its tests")[0]
    named = set(re.findall(r"`([\w/]+\.(?:py|json))`", sentence))
    example = ROOT / "examples" / "plugin_game" / "src" / "meeple_goofspiel"
    written = {
        path.relative_to(Path("src/meeple_high_card")).as_posix()
        for path in render_templates(names_for("high_card"))
        if path.parts[0] == "src"
    }
    missing = {name for name in written if not (example / name).exists()}
    assert named == missing


def test_the_tutorial_counts_the_scaffolds_optional_modules_and_capabilities(
    installed: registry.Registry,
) -> None:
    """Regression: the tutorial said five optional modules and six capabilities; the
    scaffold had grown a `heuristic.py`, so six and seven."""
    from meeple.core.capabilities import capabilities

    page = prose("docs/guide/plugin-tutorial.md")
    words = {5: "five", 6: "six", 7: "seven", 8: "eight"}
    offered = set(capabilities(meeple.get_game(NAME)))
    modules = page.split("optional modules (")[1].split(")")[0]
    named = re.findall(r"`(\w+)\.py`", modules)
    assert f"The {words[len(named)]} optional modules (" in page
    assert f"offers {words[len(offered)]} of these from the start" in page
    # every capability but `styled` (in render.py) has its module
    assert len(named) == len(offered - {"styled"})


def test_the_tutorial_names_the_capabilities_goofspiel_offers() -> None:
    from meeple.core.capabilities import capabilities

    page = prose("docs/guide/plugin-tutorial.md")
    said = page.split("Goofspiel offers ")[1].split(":")[0]
    offered, _, refused = said.partition(", not ")
    game = meeple.get_game("goofspiel")
    assert set(re.findall(r"`(\w+)`", offered)) == set(capabilities(game))
    assert not set(re.findall(r"`(\w+)`", refused)) & set(capabilities(game))

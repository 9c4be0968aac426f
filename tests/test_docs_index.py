"""docs/index.md, the getting-started page: its "Program against it" block runs as a
doctest under the default pytest (the page is in testpaths), its install block names
every extra, and every `meeple` command it shows is accepted as written."""

from __future__ import annotations

import re
import shlex
import tomllib
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner
from typer.testing import Result

from meeple.cli.app import app
from meeple.core.extras import EXTRA_MODULES

ROOT = Path(__file__).resolve().parent.parent
PAGE = ROOT / "docs" / "index.md"


def _text() -> str:
    return PAGE.read_text(encoding="utf-8")


def _blocks(language: str) -> list[str]:
    return re.findall(rf"^```{language}\n(.*?)^```", _text(), flags=re.MULTILINE | re.DOTALL)


def _commands() -> list[list[str]]:
    """Each `meeple` command of the page's shell blocks, as words, comments dropped."""
    lines = [line.split("#")[0].strip() for block in _blocks("bash") for line in block.split("\n")]
    return [shlex.split(line)[1:] for line in lines if line.startswith("meeple ")]


def test_the_program_block_is_a_doctest_the_default_run_collects() -> None:
    (program,) = _blocks("python")
    assert program.startswith(">>> import meeple\n"), program
    assert "\n>>> state.outcome().scores\n" in program
    pytest_options = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    options = pytest_options["tool"]["pytest"]["ini_options"]
    assert "docs/index.md" in options["testpaths"]
    assert "--doctest-glob=*.md" in options["addopts"]


def test_the_install_block_names_every_extra_once() -> None:
    (install,) = [block for block in _blocks("bash") if "pip install" in block]
    named = re.findall(r"^pip install -e '\.\[(\w+)\]'", install, flags=re.MULTILINE)
    assert sorted(named) == sorted(EXTRA_MODULES)
    assert re.search(r"^pip install -e \. ", install, flags=re.MULTILINE)


def test_the_page_shows_the_commands_checked_here() -> None:
    assert [words[0] for words in _commands()] == ["games", "demo", "play", "play", "simulate"]


def _run(words: list[str], given: str | None = None) -> Result:
    result = CliRunner().invoke(app, words, input=given, env={"COLUMNS": "100"})
    assert result.exit_code == 0, result.output
    return result


def test_games_and_demo_run_as_written() -> None:
    games, demo = (words for words in _commands() if words[0] in ("games", "demo"))
    assert "bear_mountain" in _run(games).output
    said = _run(demo).output
    assert "Bear Went Over the Mountain: result after" in said
    assert "winner" in said


@pytest.mark.parametrize("which", [0, 1], ids=["against bots", "hot seat"])
def test_play_takes_the_seats_as_written_and_lists_the_commands_the_page_names(
    which: int,
) -> None:
    """ "Type a number or the notation; `hint`, `save FILE` and `quit` also work, and
    `undo` too in a `--practice` game"."""
    words = [words for words in _commands() if words[0] == "play"][which]
    said = _run(words, given="\nquit\n").output
    first = said.splitlines()[0]
    assert "enter a number or an action's notation" in first
    for command in ("hint", "save FILE", "quit", "undo only with --practice"):
        assert command in first, (command, first)
    assert "left the game" in said


def test_simulate_accepts_the_command_as_written(monkeypatch: pytest.MonkeyPatch) -> None:
    """The command runs a minute, so the batch is stood in for after every check."""
    asked: dict[str, Any] = {}

    def batch(console: object, game: str, players: int, seats: list[str], n: int, seed: int,
              **rest: Any) -> None:  # fmt: skip
        asked.update(game=game, players=players, seats=seats, n=n)

    monkeypatch.setattr("meeple.cli.simulate.run_simulation", batch)
    (words,) = [words for words in _commands() if words[0] == "simulate"]
    _run(words)
    assert asked == {
        "game": "way_of_bear",
        "players": 3,
        "seats": ["mcts:iterations=100", "random", "random"],
        "n": 100,
    }

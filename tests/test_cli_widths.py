"""The `meeple` command reads the same at any terminal width.

A person may see a long line folded by the terminal, but the command never breaks a
line itself: an error, a hint or a path is one line whatever ``COLUMNS`` says, so a
log, a pipe or a test reads it whole. Only tables are laid out to the width. The rest
of the suite runs at one pinned width (tests/conftest.py); these tests are the ones
that change it.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner
from typer.testing import Result

from meeple.cli.app import app

WIDTHS = (20, 40, 200)


def _run(args: list[str], width: int) -> Result:
    return CliRunner().invoke(app, args, env={"COLUMNS": str(width)})


def _deep(tmp_path: Path) -> Path:
    """A folder whose path is longer than any terminal here is wide."""
    deep = tmp_path.joinpath(*(["a-folder-deeper-than-a-terminal-is-wide"] * 4))
    deep.mkdir(parents=True)
    return deep


@pytest.mark.parametrize("width", WIDTHS)
def test_an_error_naming_a_long_path_is_one_line(tmp_path: Path, width: int) -> None:
    missing = _deep(tmp_path) / "nowhere"
    result = _run(["new-game", "width_game", "--into", str(missing)], width)
    assert result.exit_code == 2
    assert result.output.splitlines() == [
        f"error: {str(missing)!r} is not a folder: create it first, or pick another"
    ]


@pytest.mark.parametrize("width", WIDTHS)
def test_a_refusal_and_a_usage_error_are_one_line_each(width: int) -> None:
    unknown = _run(["demo", "no_such_game_with_a_rather_long_name_indeed"], width)
    assert unknown.exit_code == 2
    (line,) = unknown.output.splitlines()
    assert line.startswith("error: unknown game 'no_such_game_with_a_rather_long_name_indeed'")
    usage = _run(["bench", "wypas", "--games", "many"], width)
    assert usage.exit_code == 2
    errors = [line for line in usage.output.splitlines() if line.startswith("Error:")]
    (error,) = errors  # click's own words, whole on one line
    assert "Invalid value for '--games'" in error
    assert "integer" in error


@pytest.mark.parametrize("width", WIDTHS)
def test_a_written_file_is_named_whole(tmp_path: Path, width: int) -> None:
    out = _deep(tmp_path) / "results.jsonl"
    args = ["simulate", "tests.toy_game:TOY", "-n", "6", "--players", "2", "--workers", "1"]
    result = _run([*args, "--out", str(out)], width)
    assert result.exit_code == 0, result.output
    assert f"wrote 6 results to {out}" in result.output.splitlines()


def test_prose_is_the_same_text_at_every_width() -> None:
    """A refusal's words do not depend on the width (only tables are laid out to it)."""
    outputs = {
        width: _run(["demo", "tests.toy_game:TOY", "--players", "9"], width).output
        for width in WIDTHS
    }
    assert len(set(outputs.values())) == 1, outputs
    assert outputs[WIDTHS[0]].startswith("error: ")

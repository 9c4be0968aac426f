"""`meeple replay FILE` reads only what a saved game can be: a regular UTF-8 file of
bounded size, on any machine; anything else is refused with the reason."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from typer.testing import CliRunner

import meeple
from meeple.cli.app import app
from meeple.cli.replay import MAX_RECORD_BYTES

from .shared import number
from .shared import says

runner = CliRunner()


def _saved_game(tmp_path: Path) -> Path:
    match = meeple.Match(meeple.get_game("wojtek"), players=2, seed=4)
    for _ in range(3):
        match.play(match.state.legal_actions()[0])
    path = tmp_path / "game.json"
    path.write_bytes(meeple.dumps(match.record()).encode("utf-8"))
    return path


def _replay(path: Path | str) -> tuple[int, str]:
    done = runner.invoke(app, ["replay", str(path)], input="e\nq\n")
    return done.exit_code, " ".join(done.output.split())


def test_a_saved_game_with_an_editors_byte_order_mark_replays(tmp_path: Path) -> None:
    path = _saved_game(tmp_path)
    path.write_bytes(b"\xef\xbb\xbf" + path.read_bytes())
    code, output = _replay(path)
    assert code == 0, output
    assert "Wojtek" in output


def test_a_file_that_is_not_utf8_is_refused_as_not_a_saved_game(tmp_path: Path) -> None:
    path = tmp_path / "latin1.json"
    path.write_bytes('{"game": "café"}'.encode("latin-1"))
    code, output = _replay(path)
    assert code != 0
    assert "is not UTF-8 text" in output


def test_a_file_above_the_cap_is_refused_before_it_is_read_whole(tmp_path: Path) -> None:
    """docs/cli.md: `replay` reads "only a regular file of at most 16 MiB"."""
    cap = says("docs/cli.md", r"`replay` reads only a regular file of at most (\d+) MiB")
    assert number(cap[1]) * 2**20 == MAX_RECORD_BYTES
    path = tmp_path / "huge.json"
    with path.open("wb") as handle:
        handle.truncate(MAX_RECORD_BYTES + 1)  # sparse: nothing written to the disk
    code, output = _replay(path)
    assert code != 0
    assert f"is larger than {MAX_RECORD_BYTES} bytes" in output


@pytest.mark.parametrize("kind", ["folder", "fifo"])
def test_a_folder_or_a_pipe_is_refused_without_waiting(tmp_path: Path, kind: str) -> None:
    # A pipe nobody writes to would block a plain read for ever.
    path = tmp_path / kind
    if kind == "folder":
        path.mkdir()
    else:
        os.mkfifo(path)
    code, output = _replay(path)
    assert code != 0
    assert "is not a regular file" in output


def test_a_missing_file_is_said_to_be_missing(tmp_path: Path) -> None:
    """Regression: `meeple replay missing.json` said "is not a regular file", which reads
    as if the file were something else; a newcomer's typo is a file that does not exist."""
    code, output = _replay(tmp_path / "missing.json")
    assert code != 0
    assert "missing.json does not exist" in output

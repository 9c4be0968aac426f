"""`meeple simulate --out FILE` is checked before any game is played: a run of many
games never ends in a traceback because its results had nowhere to go."""

from __future__ import annotations

from pathlib import Path

from typer.testing import CliRunner

from meeple.cli.app import app

runner = CliRunner()


def _simulate(out: Path) -> tuple[int, str]:
    done = runner.invoke(app, ["simulate", "goofspiel", "-n", "2", "--out", str(out)])
    return done.exit_code, " ".join(done.output.split())


def test_out_in_a_folder_not_made_yet_makes_it(tmp_path: Path) -> None:
    # Regression: the games ran, then writing the results raised FileNotFoundError.
    out = tmp_path / "new" / "deeper" / "results.jsonl"
    code, output = _simulate(out)
    assert code == 0, output
    assert len(out.read_text(encoding="utf-8").splitlines()) == 2


def test_out_naming_a_folder_is_refused_before_any_game(tmp_path: Path) -> None:
    folder = tmp_path / "results.jsonl"
    folder.mkdir()
    code, output = _simulate(folder)
    assert code != 0
    assert "is a folder: name a file in it" in output
    assert "goofspiel: 2 games" not in output  # no summary: nothing was played


def test_out_under_a_file_is_refused_before_any_game(tmp_path: Path) -> None:
    blocker = tmp_path / "a-file"
    blocker.write_text("", encoding="utf-8")
    code, output = _simulate(blocker / "results.csv")
    assert code != 0
    assert "cannot make its folder" in output
    assert "goofspiel: 2 games" not in output


def test_a_refused_run_makes_no_folder(tmp_path: Path) -> None:
    out = tmp_path / "new" / "results.jsonl"
    done = runner.invoke(
        app, ["simulate", "goofspiel", "-n", "2", "--seat", "nonsense", "--out", str(out)]
    )
    assert done.exit_code != 0
    assert not (tmp_path / "new").exists()

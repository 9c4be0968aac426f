"""The `meeple` command, driven in-process through typer's runner."""

from __future__ import annotations

from typer.testing import CliRunner

import meeple
from meeple.cli.app import app

runner = CliRunner()


def test_games_lists_every_registered_game() -> None:
    result = runner.invoke(app, ["games"])
    assert result.exit_code == 0
    for name in meeple.game_names():
        assert name in result.output


def test_demo_plays_a_full_game_of_an_unregistered_game() -> None:
    result = runner.invoke(app, ["demo", "tests.toy_game:TOY", "--players", "3", "--seed", "2"])
    assert result.exit_code == 0, result.output
    assert "player 0:" in result.output
    assert "result after 12 moves" in result.output
    again = runner.invoke(app, ["demo", "tests.toy_game:TOY", "--players", "3", "--seed", "2"])
    assert again.output == result.output  # same seed, same game


def test_demo_refuses_bad_options_with_a_reason() -> None:
    result = runner.invoke(app, ["demo", "tests.toy_game:TOY", "-o", "rounds=9"])
    assert result.exit_code == 2
    assert "rounds must be 1-3, not 9" in result.output


def test_demo_refuses_unknown_games() -> None:
    result = runner.invoke(app, ["demo", "chess"])
    assert result.exit_code == 2
    assert "unknown game 'chess'" in result.output


def test_bench_reports_rates() -> None:
    args = ["bench", "tests.toy_game:TOY", "--players", "2", "--games", "20", "--runs", "2"]
    result = runner.invoke(app, args)
    assert result.exit_code == 0, result.output
    assert "steps/s" in result.output
    assert "games/s" in result.output

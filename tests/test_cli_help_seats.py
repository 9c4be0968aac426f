"""What `--help` says a seat may be is what each command takes: `play` seats humans
and bots, `simulate` and `analyze` bots only (a `human` seat there is refused as an
unknown bot), and every bot kind the parser knows is named."""

from __future__ import annotations

import pytest
from typer.testing import CliRunner

from meeple.bots.spec import BOT_TYPES
from meeple.cli.app import app

runner = CliRunner()
BOTS = ("random", "greedy", "heuristic", "mcts", "guided")


def test_the_bots_named_here_are_every_kind_the_seat_parser_knows() -> None:
    assert set(BOTS) == set(BOT_TYPES)


def _seat_help(command: str) -> str:
    result = runner.invoke(app, [command, "--help"])
    assert result.exit_code == 0, result.output
    text = " ".join(result.output.split())
    start = text.index("-s, --seat")
    return text[start : text.index("--", start + len("-s, --seat"))]


def test_play_help_names_human_and_every_bot() -> None:
    seat = _seat_help("play")
    assert "human" in seat
    for bot in BOTS:
        assert bot in seat, (bot, seat)


@pytest.mark.parametrize("command", ["simulate", "analyze"])
def test_batch_help_names_every_bot_and_no_human(command: str) -> None:
    seat = _seat_help(command)
    assert "human" not in seat, seat
    for bot in BOTS:
        assert bot in seat, (bot, seat)
    refused = runner.invoke(app, [command, "tests.toy_game:TOY", "-n", "2", "--seat", "human"])
    assert refused.exit_code == 2

"""The example plugin (examples/plugin_game) behaves as a peer of the built-in games.

The README's test command installs it, so it is registered through its own entry
point exactly as a third-party package would be.
"""

from __future__ import annotations

from typer.testing import CliRunner

import meeple
from meeple.cli.app import app
from meeple.testing import check_game

runner = CliRunner()


def test_the_plugin_is_registered_by_its_entry_point() -> None:
    assert "goofspiel" in meeple.game_names()
    game = meeple.get_game("goofspiel")
    assert game.spec.title == "Goofspiel"
    assert type(game).__module__ == "meeple_goofspiel.game"


def test_the_plugin_passes_the_kit_through_the_registry() -> None:
    check_game(meeple.get_game("goofspiel"), seeds=range(2))


def test_the_plugin_is_playable_through_meeple_play() -> None:
    answers = "\n".join(["1"] * 12) + "\n"
    result = runner.invoke(
        app, ["play", "goofspiel", "-s", "human", "-s", "random", "--seed", "4"], input=answers
    )
    assert result.exit_code == 0, result.output
    assert "bid a card for the prize" in result.output
    assert "game over" in result.output


def test_the_plugin_simulates_unchanged() -> None:
    result = runner.invoke(
        app, ["simulate", "goofspiel", "-n", "30", "--workers", "1", "-s", "greedy", "-s", "random"]
    )
    assert result.exit_code == 0, result.output
    assert "win rate" in result.output


def test_the_plugin_records_replay() -> None:
    match = meeple.Match("goofspiel", 2, seed=3)
    while not match.state.is_over:
        player = min(match.state.to_act)
        match.play(match.state.legal_actions(player)[0], player)
    record = meeple.loads(meeple.dumps(match.record()))
    assert record.replay().state == match.state

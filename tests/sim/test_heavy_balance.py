"""Long balance runs (marker ``heavy``: `nox -s heavy`, not in the default test run).

What a designer would check first: in every built-in game a better player wins
more often than chance, and a full report with every design runs end to end.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from meeple.cli.app import app
from meeple.sim.analysis import analyze

from ..shared import BUILT_IN

pytestmark = pytest.mark.heavy


@pytest.mark.parametrize("game", BUILT_IN)
def test_a_greedy_player_beats_random_ones_in_every_built_in_game(game: str) -> None:
    players = 3
    analysis = analyze(game, players, ("random",) * players, 60, seed=19, skill="greedy:worlds=2")
    edge = analysis.variants[0].figure("skill edge")
    assert edge is not None
    assert edge.estimate.n == 180  # 60 deals, the greedy bot in each of the 3 seats
    assert edge.estimate.significant
    assert edge.estimate.value > 0


@pytest.mark.parametrize("game", BUILT_IN)
def test_a_full_report_at_the_defaults(tmp_path: Path, game: str) -> None:
    result = CliRunner().invoke(
        app, ["analyze", game, "-n", "40", "--players", "3", "--rotate",
              "--seat", "greedy:worlds=1", "--seat", "random", "--seat", "random",
              "--out", str(tmp_path)],
    )  # fmt: skip
    assert result.exit_code == 0, result.output
    assert (tmp_path / "report.html").is_file()
    assert "First-player advantage" in result.output

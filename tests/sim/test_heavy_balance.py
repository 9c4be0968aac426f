"""Long balance runs (marker ``heavy``: `nox -s heavy`, not in the default test run).

What a designer would check first: in every built-in game a better player wins
more often than chance, a full report with every design runs end to end, and the
default report (bots planned for the time budget) plays its whole skill ladder.
"""

from __future__ import annotations

import json
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
    ladder = ("random", "greedy:worlds=2")
    analysis = analyze(game, players, ("random",) * players, 60, seed=19, ladder=ladder)
    edge = analysis.variants[0].figure("skill 1 edge")
    assert edge is not None
    games = [r for b in analysis.blocks_of("A", "skill") for r in b.results]
    stalled = sum(1 for r in games if r.vitals and dict(r.vitals.statistics).get("stalled"))
    assert len(games) == 180  # 60 deals, the greedy bot in each of the 3 seats
    assert edge.estimate.n == 180 - stalled  # stalled games are counted apart
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


@pytest.mark.parametrize("game", BUILT_IN)
def test_the_default_report_plays_competent_bots_and_the_whole_ladder(
    tmp_path: Path, game: str
) -> None:
    result = CliRunner().invoke(app, ["analyze", game, "--out", str(tmp_path)])
    assert result.exit_code == 0, result.output
    report = json.loads((tmp_path / "report.json").read_text(encoding="utf-8"))
    design = report["design"]
    # every built-in game has a heuristic: its MCTS is guided, at any budget
    assert design["lineup"][0].startswith("guided:iterations=")
    assert design["ladder"][2] == "heuristic"
    assert design["ladder"][3] == design["lineup"][0]
    assert len(design["ladder"]) == 5
    assert design["bots_chosen"].startswith("Bots chosen for a budget")
    keys = {f["key"] for f in report["variants"][0]["figures"]}
    assert {f"skill {k} win share" for k in range(1, 5)} <= keys
    assert (tmp_path / "ladder.png").is_file()

"""The skill ladder: written once, played step by step, and flagged "saturated" where
the stronger bot wins nearly always and "inconclusive" (never "luck decides") where
the ladder cannot tell skill from luck. The race test game has a case of each."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from meeple.cli.analyze import ladder_from
from meeple.cli.app import app
from meeple.core import InvalidOptionsError
from meeple.sim.analysis import analyze
from meeple.sim.ladder import HEURISTIC_RUNG
from meeple.sim.ladder import SATURATED
from meeple.sim.ladder import default_ladder
from meeple.sim.ladder import ladder_seatings

RACE = "tests.sim.race_game:RACE"
LADDER = ("random", HEURISTIC_RUNG)


def _step(options: dict[str, bool]) -> tuple[float, str | None]:
    analysis = analyze(RACE, 2, ("random", "random"), 10, 1, options=options, ladder=LADDER,
                       workers=1)  # fmt: skip
    won = analysis.variants[0].figure("skill 1 win share")
    assert won is not None
    assert won.test is not None
    return won.estimate.value, won.flag


def test_a_step_the_stronger_bot_nearly_always_wins_is_saturated() -> None:
    share, flag = _step({})  # the heuristic bot always steps 2: it outruns a random runner
    assert share >= SATURATED
    assert flag == "saturated"


def test_a_step_that_cannot_tell_skill_from_luck_is_inconclusive() -> None:
    share, flag = _step({"luck": True})  # a coin moves every runner: no bot is better
    assert share < SATURATED
    assert flag == "inconclusive"


def test_the_page_and_the_terminal_never_say_luck_decides(tmp_path: Path) -> None:
    args = ["analyze", RACE, "-n", "6", "--seat", "random", "-o", "luck=true",
            "--skill", "greedy:worlds=1", "--workers", "1", "--out", str(tmp_path)]  # fmt: skip
    result = CliRunner().invoke(app, args)
    assert result.exit_code == 0, result.output
    page = (tmp_path / "report.html").read_text(encoding="utf-8")
    shown = " ".join(result.output.split())
    assert "inconclusive" in page
    assert "inconclusive" in shown
    assert "luck decides" not in shown
    assert "luck decides" not in page.replace("not evidence that luck decides", "")


def test_the_default_ladder_is_written_in_one_place() -> None:
    assert default_ladder(50) == (
        "random",
        "greedy:worlds=1",
        HEURISTIC_RUNG,
        "mcts:iterations=50",
        "mcts:iterations=200",
    )
    assert len(set(default_ladder(10))) == 5  # every rung a different bot
    assert default_ladder(50, "guided")[3:] == ("guided:iterations=50", "guided:iterations=200")


def test_each_step_seats_one_stronger_bot_in_every_seat() -> None:
    plan = ladder_seatings(("random", "greedy", "mcts"), 3)
    assert [(step, seating) for step, _, seating in plan] == [
        (1, ("greedy", "random", "random")),
        (1, ("random", "greedy", "random")),
        (1, ("random", "random", "greedy")),
        (2, ("mcts", "greedy", "greedy")),
        (2, ("greedy", "mcts", "greedy")),
        (2, ("greedy", "greedy", "mcts")),
    ]


def test_the_flags_name_the_ladder() -> None:
    assert ladder_from(None, None) is None  # the default: planned for the time budget
    assert ladder_from(["none"], None) == ()
    assert ladder_from(["greedy"], None) == ("random", "greedy")
    assert ladder_from(["greedy", "MCTS: iterations=5"], "random") == (
        "random",
        "greedy",
        "mcts:iterations=5",
    )
    with pytest.raises(InvalidOptionsError, match="--skill-against needs --skill"):
        ladder_from(None, "greedy")
    with pytest.raises(InvalidOptionsError, match="names greedy twice"):
        ladder_from(["greedy", "greedy"], None)

"""Games a stall rule ended are counted apart from natural ends; seats are tested all
together, and a rotated design shows each bot in each seat. Every figure here is
recomputed from the games themselves (SciPy for the chi-square test)."""

from __future__ import annotations

from pathlib import Path

import pytest
from scipy import stats
from typer.testing import CliRunner

from meeple.cli.app import app
from meeple.sim.analysis import Analysis
from meeple.sim.analysis import analyze

RACE = "tests.sim.race_game:RACE"


def _win(winners: tuple[int, ...], seat: int) -> float:
    return 1 / len(winners) if seat in winners else 0.0


@pytest.fixture(scope="module")
def stalls() -> Analysis:
    """Random runners, a round limit that stops about a quarter of the races."""
    return analyze(RACE, 2, ("random", "random"), 40, 1, options={"rounds": 5}, ladder=(),
                   workers=1)  # fmt: skip


def test_stalled_games_are_counted_apart_from_natural_ends(stalls: Analysis) -> None:
    games = [r for b in stalls.blocks for r in b.results]
    stopped = [r for r in games if r.vitals and dict(r.vitals.statistics)["stalled"]]
    natural = [r for r in games if r not in stopped]
    assert 0 < len(stopped) < len(games)  # both kinds happen
    report = stalls.variants[0]
    ended = report.figure("natural end")
    assert ended is not None
    assert ended.estimate.value == pytest.approx(len(natural) / len(games))
    for p in range(2):
        seat = report.figure(f"seat {p} win share")
        apart = report.figure(f"stalled: seat {p} win share")
        assert seat is not None
        assert apart is not None
        assert seat.estimate.n == len(natural)  # natural ends only
        assert seat.estimate.value == pytest.approx(
            sum(_win(r.winners, p) for r in natural) / len(natural)
        )
        assert apart.estimate.n == len(stopped)
        assert apart.estimate.value == pytest.approx(
            sum(_win(r.winners, p) for r in stopped) / len(stopped)
        )
    length = report.figure("length")
    assert length is not None
    assert length.estimate.n == len(games)  # stalled games do take their time
    assert any(f"{len(stopped)} of {len(games)} games" in note for note in report.notes)


def test_a_rotated_design_tests_all_seats_and_shows_each_bot_in_each_seat() -> None:
    lineup = ("greedy:worlds=1", "random", "random")
    analysis = analyze(RACE, 3, lineup, 12, 2, rotate=True, ladder=(), workers=1)
    report = analysis.variants[0]
    games = [(b, r) for b in analysis.blocks for r in b.results]
    wins = [sum(_win(r.winners, p) for _, r in games) for p in range(3)]
    expected = stats.chisquare(wins)
    assert report.seat_test is not None
    assert report.seat_test.method == "chi-square, 2 df"
    assert report.seat_test.statistic == pytest.approx(expected.statistic)
    assert report.seat_test.p == pytest.approx(expected.pvalue)
    assert report.seat_test.p_adjusted is not None
    for bot in ("greedy:worlds=1", "random"):
        for p in range(3):
            cell = report.figure(f"seat-bot {bot} seat {p} win share")
            assert cell is not None
            mine = [r for b, r in games if b.seating[p] == bot]
            assert cell.estimate.n == len(mine)
            assert cell.estimate.value == pytest.approx(
                sum(_win(r.winners, p) for r in mine) / len(mine)
            )


def test_fixed_seats_with_different_bots_get_no_seat_test() -> None:
    analysis = analyze(RACE, 2, ("greedy:worlds=1", "random"), 4, 2, ladder=(), workers=1)
    report = analysis.variants[0]
    assert report.seat_test is None
    assert not [f for f in report.figures if f.group == "seat-bot"]


def test_the_page_shows_the_seat_test_the_seat_by_bot_table_and_the_correction(
    tmp_path: Path,
) -> None:
    args = ["analyze", RACE, "--players", "3", "-n", "8", "--rotate", "--seat",
            "greedy:worlds=1", "--seat", "random", "--skill", "none", "-o", "rounds=5",
            "-o", "luck=true",
            "--workers", "1", "--out", str(tmp_path)]  # fmt: skip
    result = CliRunner().invoke(app, args)
    assert result.exit_code == 0, result.output
    page = " ".join((tmp_path / "report.html").read_text(encoding="utf-8").split())
    assert "A: all seats equally likely to win: chi-square, 2 df" in page
    assert "<h3>Seat by bot (A)</h3>" in page
    assert "<th>seat 2</th>" in page
    assert "corrected together with Holm's step-down method" in page
    assert "Stalled games: seat 0 win share" in page

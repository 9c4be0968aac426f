"""Balance analysis: seat-fair designs, which figures are reported and when, comparisons."""

from __future__ import annotations

from typing import Any

import pytest

from meeple.core import InvalidOptionsError
from meeple.sim.analysis import Analysis
from meeple.sim.analysis import analyze

TOY_PATH = "tests.toy_game:TOY"


def _run(
    game: str,
    players: int,
    lineup: tuple[str, ...],
    *,
    deals: int = 40,
    rotate: bool = False,
    options: dict[str, Any] | None = None,
    compare: dict[str, Any] | None = None,
    ladder: tuple[str, ...] = (),
) -> Analysis:
    """Seed 3, in this process, no skill ladder unless asked."""
    return analyze(
        game,
        players,
        lineup,
        deals,
        3,
        rotate=rotate,
        options=options,
        compare=compare,
        ladder=ladder,
        workers=1,
    )


def test_same_bot_in_every_seat_reports_the_first_player_figure_with_its_interval() -> None:
    report = _run("goofspiel", 3, ("random", "random", "random")).variants[0]
    edge = report.figure("first player edge")
    seat0 = report.figure("seat 0 win share")
    assert edge is not None
    assert seat0 is not None
    assert edge.estimate.value == pytest.approx(seat0.estimate.value - 1 / 3)
    assert edge.estimate.low == pytest.approx(seat0.estimate.low - 1 / 3)  # type: ignore[operator]  # set
    assert edge.estimate.high == pytest.approx(seat0.estimate.high - 1 / 3)  # type: ignore[operator]  # set
    assert not any("First-player" in note for note in report.notes)


def test_different_bots_in_fixed_seats_withhold_the_first_player_figure() -> None:
    analysis = _run("goofspiel", 2, ("greedy:worlds=1", "random"), deals=10)
    report = analysis.variants[0]
    assert not analysis.seats_comparable
    assert report.figure("first player edge") is None
    assert report.figure("first player win share") is None
    assert any("First-player advantage withheld" in note for note in report.notes)
    assert report.figure("seat 0 win share") is not None  # a fact about the seat and its bot


def test_rotation_makes_different_bots_comparable_on_the_same_deals() -> None:
    analysis = _run("goofspiel", 2, ("greedy:worlds=1", "random"), deals=10, rotate=True)
    assert analysis.seats_comparable
    main = analysis.blocks_of("A", "main")
    assert [b.seating for b in main] == [
        ("greedy:worlds=1", "random"),
        ("random", "greedy:worlds=1"),
    ]
    assert [r.seed for r in main[0].results] == [r.seed for r in main[1].results]
    report = analysis.variants[0]
    assert report.figure("first player edge") is not None
    for bot in ("greedy:worlds=1", "random"):
        fig = report.figure(f"bot {bot} win share")
        assert fig is not None
        assert fig.estimate.n == 20  # every deal, once in each seat


def test_natural_end_comes_from_the_stalled_statistic() -> None:
    report = _run("wypas", 3, ("random",) * 3, deals=6, options={"max_rounds": 2}).variants[0]
    natural = report.figure("natural end")
    assert natural is not None
    assert natural.estimate.value == 0.0  # random sheep never shear five fleeces in 2 rounds
    ended = report.figure("game: ended by = round limit")
    assert ended is not None
    assert ended.estimate.value == 1.0


def test_a_game_without_statistics_says_why_the_ending_is_not_reported() -> None:
    report = _run(TOY_PATH, 2, ("random", "random"), deals=10).variants[0]
    assert report.figure("natural end") is None
    assert any("Natural end versus stall rule: not reported" in n for n in report.notes)
    assert not [f for f in report.figures if f.group == "game"]


def test_each_ladder_step_rotates_one_stronger_bot_against_the_rung_below() -> None:
    ladder = ("random", "Greedy: worlds=1", "greedy:worlds=2")
    analysis = _run("goofspiel", 2, ("random", "random"), deals=8, ladder=ladder)
    assert analysis.ladder == ("random", "greedy:worlds=1", "greedy:worlds=2")
    skill = analysis.blocks_of("A", "skill")
    assert [(b.step, b.seating) for b in skill] == [
        (1, ("greedy:worlds=1", "random")),
        (1, ("random", "greedy:worlds=1")),
        (2, ("greedy:worlds=2", "greedy:worlds=1")),
        (2, ("greedy:worlds=1", "greedy:worlds=2")),
    ]
    report = analysis.variants[0]
    for step in (1, 2):
        won = report.figure(f"skill {step} win share")
        edge = report.figure(f"skill {step} edge")
        assert won is not None
        assert edge is not None
        assert won.estimate.n == 16
        assert edge.estimate.value == pytest.approx(won.estimate.value - 0.5)
        assert won.flag in ("saturated", "rises", "falls", "inconclusive")
        assert report.figure(f"skill {step} score edge") is not None


def test_a_solo_game_compares_the_bots_scores_on_the_same_deals() -> None:
    ladder = ("random", "greedy:worlds=1")
    analysis = _run("bear_mountain", 1, ("random",), deals=4, ladder=ladder)
    report = analysis.variants[0]
    assert report.figure("first player edge") is None
    assert any("not defined for a one-player game" in n for n in report.notes)
    gap = report.figure("skill 1 score edge")
    assert gap is not None
    strong, weak = analysis.blocks_of("A", "skill")
    expected = [
        s.scores[0] - w.scores[0] for s, w in zip(strong.results, weak.results, strict=True)
    ]
    assert gap.estimate.value == pytest.approx(sum(expected) / len(expected))


def test_compare_reports_b_minus_a_and_flags_what_differs() -> None:
    analysis = _run(
        "bear_mountain", 2, ("random", "random"), deals=60, compare={"tiebreaker": True}
    )
    assert [v.options for v in analysis.variants] == [{}, {"tiebreaker": True}]
    pairs = {c.key: c for c in analysis.comparison}
    shared = pairs["shared wins"]
    assert shared.difference.value == pytest.approx(shared.b.value - shared.a.value)
    assert shared.b.value < shared.a.value  # sudden death settles ties
    assert shared.significant  # after the page's correction
    assert "first player edge" not in pairs  # the same as comparing the first player's share
    sudden = pairs["game: ended by = sudden death"]  # a category only B shows, compared with 0
    assert sudden.a.value == 0.0
    assert sudden.b.value > 0.0


def test_bad_designs_are_refused_before_any_game() -> None:
    with pytest.raises(InvalidOptionsError, match="the same options"):
        _run("goofspiel", 2, ("random", "random"), compare={"cards": 6})
    with pytest.raises(InvalidOptionsError, match="at least 2 deals"):
        _run("goofspiel", 2, ("random", "random"), deals=1)
    with pytest.raises(InvalidOptionsError, match="names 1 bots for 2 seats"):
        _run("goofspiel", 2, ("random",))
    with pytest.raises(InvalidOptionsError, match="unknown bot"):
        _run("goofspiel", 2, ("random", "random"), ladder=("random", "wizard"))
    with pytest.raises(InvalidOptionsError, match="names random twice"):
        _run("goofspiel", 2, ("random", "random"), ladder=("random", " Random "))
    with pytest.raises(InvalidOptionsError, match="two bots or more"):
        _run("goofspiel", 2, ("random", "random"), ladder=("random",))
    with pytest.raises(InvalidOptionsError, match="cards"):
        _run("goofspiel", 2, ("random", "random"), compare={"cards": 99})

"""`meeple analyze` writes a report whose every figure can be recomputed from its
per-game results file, and whose files are the same bytes however the games ran."""

from __future__ import annotations

import json
import math
import shlex
import statistics
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from typer.testing import CliRunner

import meeple
from meeple.cli.analyze import split_compare
from meeple.cli.app import app

from ..shared import option_flags

runner = CliRunner()
Z = 1.959964


def _analyze(out: Path, *args: str) -> None:
    result = runner.invoke(app, ["analyze", *args, "--out", str(out)])
    assert result.exit_code == 0, result.output


def _wilson(successes: float, n: int) -> tuple[float, float]:
    """The Wilson interval written as the root of its quadratic (not the library's form)."""
    centre = (successes + Z * Z / 2) / (n + Z * Z)
    half = (
        Z
        * math.sqrt(n)
        / (n + Z * Z)
        * math.sqrt(successes / n * (1 - successes / n) + Z * Z / (4 * n))
    )
    return centre - half, centre + half


def _mean(values: Sequence[float]) -> tuple[float, float, float]:
    mean = statistics.fmean(values)
    half = Z * statistics.stdev(values) / math.sqrt(len(values))
    return mean, mean - half, mean + half


def _check_share(fig: dict[str, Any], successes: float, n: int) -> None:
    low, high = _wilson(successes, n)
    assert fig["kind"] == "share"
    assert fig["n"] == n
    assert fig["value"] == pytest.approx(successes / n)
    assert fig["low"] == pytest.approx(low)
    assert fig["high"] == pytest.approx(high)


def _check_mean(fig: dict[str, Any], values: Sequence[float]) -> None:
    mean, low, high = _mean(values)
    assert fig["kind"] == "mean"
    assert fig["n"] == len(values)
    assert fig["value"] == pytest.approx(mean)
    assert fig["low"] == pytest.approx(low)
    assert fig["high"] == pytest.approx(high)


def test_the_reported_figures_are_recomputed_from_the_results_file(tmp_path: Path) -> None:
    _analyze(tmp_path, "bear_mountain", "--players", "3", "-n", "30", "--seed", "8",
             "--seat", "random", "--skill", "none", "--workers", "1")  # fmt: skip
    report = json.loads((tmp_path / "report.json").read_text(encoding="utf-8"))
    rows = [
        json.loads(line)
        for line in (tmp_path / "results.jsonl").read_text(encoding="utf-8").splitlines()
    ]
    assert len(rows) == 30
    assert {(r["variant"], r["design"]) for r in rows} == {("A", "main")}
    figures: dict[str, dict[str, Any]] = {f["key"]: f for f in report["variants"][0]["figures"]}
    checked: set[str] = set()

    def check(key: str) -> dict[str, Any]:
        checked.add(key)
        return figures[key]

    n = len(rows)
    for p in range(3):
        wins = sum(1 / len(r["winners"]) for r in rows if p in r["winners"])
        _check_share(check(f"seat {p} win share"), wins, n)
        _check_mean(check(f"seat {p} mean score"), [r["scores"][p] for r in rows])
    first = sum(1 / len(r["winners"]) for r in rows if 0 in r["winners"])
    _check_share(check("first player win share"), first, n)
    edge = check("first player edge")
    low, high = _wilson(first, n)
    assert (edge["value"], edge["low"], edge["high"]) == pytest.approx(
        (first / n - 1 / 3, low - 1 / 3, high - 1 / 3)
    )
    lengths = [r["steps"] for r in rows]
    _check_mean(check("length"), lengths)
    percentiles = report["variants"][0]["length_percentiles"]
    for q in (5, 25, 50, 75, 95):
        assert percentiles[str(q)] == pytest.approx(np.percentile(lengths, q))
    _check_share(
        check("natural end"), sum(not r["vitals"]["statistics"]["stalled"] for r in rows), n
    )
    _check_share(check("shared wins"), sum(len(r["winners"]) > 1 for r in rows), n)
    top_tied = sum(sorted(r["scores"])[-1] == sorted(r["scores"])[-2] for r in rows)
    _check_share(check("top score tied"), top_tied, n)
    _check_mean(check("margin"), [sorted(r["scores"])[-1] - sorted(r["scores"])[-2] for r in rows])
    changes = [r["vitals"]["lead_changes"] for r in rows]
    _check_mean(check("lead changes"), changes)
    _check_share(check("games with a lead change"), sum(c > 0 for c in changes), n)
    points = [r["vitals"]["decided_at"] for r in rows]
    _check_mean(check("decision point"), points)
    _check_share(check("decided late"), sum(d > 0.9 for d in points), n)
    _check_share(check("drama"), sum(r["vitals"]["winner_trailed"] for r in rows), n)
    _check_mean(check("branching factor"), [r["vitals"]["branching"] for r in rows])
    _check_mean(check("decision moves"), [r["vitals"]["decision_moves"] for r in rows])
    assert 0 < sum(r["vitals"]["winner_trailed"] for r in rows) < n  # both kinds of game
    stats = [r["vitals"]["statistics"] for r in rows]
    for key in sorted({k for s in stats for k in s} - {"stalled"}):
        given = [s[key] for s in stats if key in s]
        if all(isinstance(v, bool) for v in given):
            _check_share(check(f"game: {key}"), sum(given), len(given))
        elif all(isinstance(v, str) for v in given):
            for value in set(given):
                _check_share(check(f"game: {key} = {value}"), given.count(value), len(given))
        else:
            _check_mean(check(f"game: {key}"), given)
    assert checked == set(figures), f"not recomputed: {sorted(set(figures) - checked)}"
    assert any(k.startswith("game: card decides: ") for k in checked)


def _files(folder: Path) -> dict[str, bytes]:
    return {p.name: p.read_bytes() for p in sorted(folder.iterdir())}


def test_the_report_is_the_same_bytes_for_one_worker_or_several(tmp_path: Path) -> None:
    args = ["goofspiel", "--players", "3", "-n", "6", "--seed", "4", "--rotate",
            "--seat", "greedy:worlds=1", "--seat", "random", "--seat", "random",
            "--compare", "cards=4", "--skill", "greedy:worlds=1"]  # fmt: skip
    _analyze(tmp_path / "one", *args, "--workers", "1")
    _analyze(tmp_path / "two", *args, "--workers", "2")
    one, two = _files(tmp_path / "one"), _files(tmp_path / "two")
    assert sorted(one) == sorted(two)
    assert {"report.html", "report.json", "results.jsonl", "comparison.png"} <= set(one)
    for name in one:
        assert one[name] == two[name], name


def test_the_command_in_the_report_reproduces_it(tmp_path: Path) -> None:
    _analyze(tmp_path / "first", "goofspiel", "-n", "6", "--seed", "2",
             "--seat", "greedy:worlds=1", "--seat", "random",
             "-o", "cards=5", "--compare", "cards=6", "--skill", "greedy:worlds=1",
             "--workers", "1")  # fmt: skip
    report = json.loads((tmp_path / "first" / "report.json").read_text(encoding="utf-8"))
    words = shlex.split(report["command"])
    assert words[:3] == ["meeple", "analyze", "goofspiel"]
    assert "--workers" not in words  # results never depend on it
    _analyze(tmp_path / "again", *words[2:], "--workers", "2")
    assert _files(tmp_path / "first") == _files(tmp_path / "again")


@pytest.mark.parametrize("game", meeple.game_names())
def test_every_registered_game_gets_a_report_from_one_command(tmp_path: Path, game: str) -> None:
    _analyze(tmp_path, game, "-n", "3", "--seat", "random", "--skill", "none", "--workers", "1",
             *option_flags(game))  # fmt: skip
    files = _files(tmp_path)
    for name in ("report.html", "report.json", "results.jsonl"):
        assert name in files
    for name in ("win-rates.png", "scores.png", "lengths.png", "decisions.png"):
        assert files[name].startswith(b"\x89PNG"), name
    page = files["report.html"].decode()
    assert f"<title>Balance report: {meeple.get_game(game).spec.title}</title>" in page
    report = json.loads(files["report.json"])
    assert report["game"]["name"] == game
    assert any(f["key"] == "first player edge" for f in report["variants"][0]["figures"])
    assert any(f["group"] == "game" for f in report["variants"][0]["figures"])  # statistics


def test_a_compared_option_replaces_the_base_one_however_it_is_spelled() -> None:
    """Regression: the base item was kept when the two spellings differed
    (``max-rounds`` and ``MAX_ROUNDS``), so the parser refused the option as given
    twice, and a dashed name was then looked up as an attribute by its dashes."""
    wypas = meeple.get_game("wypas")
    assert split_compare(wypas, ["max-rounds=5"], ["MAX_ROUNDS=6"]) == {"max_rounds": 6}
    assert split_compare(wypas, ["bluff=true"], ["max-rounds=7"]) == {"max_rounds": 7}


def test_analyze_refuses_bad_input_with_a_reason(tmp_path: Path) -> None:
    cases = [
        (["goofspiel", "--compare", "cards=6"], "the same options"),
        (["goofspiel", "--compare", "cards"], "is not of the form key=value"),
        (["goofspiel", "--players", "2", "-s", "random", "-s", "random", "-s", "random"],
         "3 seats given for 2 players"),
        (["goofspiel", "--backend", "spark"], "unknown backend"),
        (["goofspiel", "-n", "1"], "at least 2 deals"),
        (["chess"], "unknown game 'chess'"),
    ]  # fmt: skip
    for args, message in cases:
        result = runner.invoke(app, ["analyze", *args, "--out", str(tmp_path)])
        assert result.exit_code == 2, args
        assert message in result.output, (args, result.output)


def test_score_and_length_plots_are_titled_separate_and_whole_numbered() -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    from meeple.sim.report import plot_lengths
    from meeple.sim.report import plot_scores

    scores = plot_scores(plt, "Goofspiel", [[[1, 3, 3]], [[2, 2, 5]]], ["all games"])
    try:
        assert scores.get_suptitle() == "Goofspiel: final scores by seat"
        axes = scores.get_axes()
        assert [ax.get_title() for ax in axes] == ["Seat 0 (first player)", "Seat 1"]
        assert axes[-1].get_xlabel() == "final score"
        assert all(ax.get_ylabel() == "games" for ax in axes)
        for ax in axes:  # one panel per seat: no seat's bars hide another's
            ticks = [t for t in ax.get_xticks() if 1 <= t <= 5]
            assert ticks
            assert all(float(t).is_integer() for t in ticks)
            assert all(float(t).is_integer() for t in ax.get_yticks())
            centres = sorted(p.get_x() + p.get_width() / 2 for p in ax.patches)
            assert centres == [1, 2, 3, 4, 5]  # one bar per whole score, centred on it
    finally:
        plt.close(scores)
    named = plot_scores(plt, "Goofspiel", [[[1]], [[2]]], ["all games"], ["greedy", "random"])
    try:
        assert [ax.get_title() for ax in named.get_axes()] == [
            "Seat 0 (first player): greedy",
            "Seat 1: random",
        ]
    finally:
        plt.close(named)
    lengths = plot_lengths(plt, "Goofspiel", [[12, 12, 14]], ["all games"], [12])
    try:
        assert lengths.get_suptitle() == "Goofspiel: game length"
        (ax,) = lengths.get_axes()
        assert ax.get_xlabel() == "actions per game"
        assert all(float(t).is_integer() for t in ax.get_xticks())
        edges = sorted({p.get_x() for p in ax.patches})
        assert edges[0] == 11.5  # the bar of 12 actions is centred on 12
    finally:
        plt.close(lengths)


def test_the_command_spells_list_options_and_a_return_to_the_default(tmp_path: Path) -> None:
    _analyze(tmp_path / "first", "bear_mountain", "-n", "2", "--seat", "random", "--skill", "none",
             "--workers", "1",
             "-o", "animals_only=true", "-o", "score_cards=most-bears,most-deer",
             "--compare", "animals_only=false")  # fmt: skip
    report = json.loads((tmp_path / "first" / "report.json").read_text(encoding="utf-8"))
    command = report["command"]
    assert "-o animals_only=true -o score_cards=most-bears,most-deer" in command
    assert "--compare animals_only=false" in command
    assert [v["options"] for v in report["variants"]] == [
        {"animals_only": True, "score_cards": ["most-bears", "most-deer"]},
        {"score_cards": ["most-bears", "most-deer"]},
    ]
    _analyze(tmp_path / "again", *shlex.split(command)[2:], "--workers", "1")
    assert _files(tmp_path / "first") == _files(tmp_path / "again")


def test_the_terminal_says_once_why_the_first_player_figure_is_withheld(tmp_path: Path) -> None:
    args = ["analyze", "goofspiel", "-n", "2", "--seat", "greedy:worlds=1", "--seat", "random",
            "--skill", "none", "--compare", "cards=5", "--workers", "1",
            "--out", str(tmp_path)]  # fmt: skip
    result = runner.invoke(app, args)
    assert result.exit_code == 0, result.output
    assert result.output.count("First-player advantage withheld") == 1
    assert "│ First-player advantage" not in result.output  # no row in the headline table
    same = runner.invoke(app, [*args[:4], "--seat", "random", *args[8:]])
    assert same.exit_code == 0, same.output
    assert "│ First-player advantage" in same.output
    assert "withheld" not in same.output


def test_bots_not_named_are_planned_for_the_time_budget_and_named_in_the_command(
    tmp_path: Path,
) -> None:
    _analyze(tmp_path / "first", "goofspiel", "-n", "2", "--skill", "none", "--workers", "1")
    report = json.loads((tmp_path / "first" / "report.json").read_text(encoding="utf-8"))
    chosen = report["design"]["lineup"]
    assert chosen[0].startswith("mcts:iterations=")
    assert len(set(chosen)) == 1  # the same bot in every seat
    assert report["design"]["bots_chosen"].startswith("Bots chosen for a budget of about 60 s")
    page = " ".join((tmp_path / "first" / "report.html").read_text(encoding="utf-8").split())
    assert "<h2>Who played</h2>" in page
    assert "Bots chosen for a budget of about 60 s on 2 cores" in page
    words = shlex.split(report["command"])
    assert words.count("--seat") == 2  # the planned bots, spelled out: no plan on a rerun
    _analyze(tmp_path / "again", *words[2:], "--workers", "1")
    again = json.loads((tmp_path / "again" / "report.json").read_text(encoding="utf-8"))
    assert again["variants"] == report["variants"]
    assert again["design"]["bots_chosen"] is None

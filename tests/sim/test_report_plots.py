"""The report's plots: each PNG is drawn from the data written under ``plots`` in
report.json, that data is recomputed here from the per-game results file, and every
plot has a title and labelled axes."""

from __future__ import annotations

import json
import math
from collections import Counter
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from typer.testing import CliRunner

from meeple.cli.app import app

Z = 1.959964
PNGS = ("win-rates.png", "scores.png", "lengths.png", "decisions.png", "trajectories.png",
        "ladder.png", "statistics.png", "comparison.png")  # fmt: skip


@pytest.fixture(scope="module")
def report(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Goofspiel, two bots rotated, two variants, a one-step skill ladder: every plot has
    something to show."""
    out = tmp_path_factory.mktemp("report")
    args = ["analyze", "goofspiel", "--players", "2", "-n", "10", "--seed", "6", "--rotate",
            "--seat", "greedy:worlds=1", "--seat", "random", "--compare", "cards=5",
            "--skill", "greedy:worlds=1", "--workers", "1", "--out", str(out)]  # fmt: skip
    result = CliRunner().invoke(app, args)
    assert result.exit_code == 0, result.output
    return out


def _load(report: Path) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    data = json.loads((report / "report.json").read_text(encoding="utf-8"))
    rows = [
        json.loads(line)
        for line in (report / "results.jsonl").read_text(encoding="utf-8").splitlines()
    ]
    return data, rows


def _pairs(values: list[int]) -> list[list[int]]:
    return [[v, n] for v, n in sorted(Counter(values).items())]


def _wilson(successes: float, n: int) -> tuple[float, float]:
    p = successes / n
    centre = (p + Z * Z / (2 * n)) / (1 + Z * Z / n)
    half = Z / (1 + Z * Z / n) * math.sqrt(p * (1 - p) / n + Z * Z / (4 * n * n))
    return centre - half, centre + half


def test_every_png_has_its_data_in_the_json(report: Path) -> None:
    data, _ = _load(report)
    assert sorted(data["plots"]) == sorted(PNGS)
    assert data["files"]["figures"] == list(PNGS)
    for name in PNGS:
        assert (report / name).read_bytes().startswith(b"\x89PNG")


def test_the_plotted_distributions_are_recomputed_from_the_results_file(report: Path) -> None:
    data, rows = _load(report)
    plots = data["plots"]
    by_variant = {v: [r for r in rows if r["variant"] == v and r["design"] == "main"]
                  for v in ("A", "B")}  # fmt: skip
    assert [len(games) for games in by_variant.values()] == [20, 20]  # 10 deals, 2 seatings
    scores = plots["scores.png"]["panels"]
    for p in range(2):
        expected = [_pairs([r["scores"][p] for r in by_variant[v]]) for v in ("A", "B")]
        assert scores[p]["counts"] == expected
    for panel, v in zip(plots["lengths.png"]["panels"], ("A", "B"), strict=True):
        steps = [r["steps"] for r in by_variant[v]]
        assert panel["counts"] == _pairs(steps)
        assert panel["median"] == pytest.approx(float(np.median(steps)))
    decisions = plots["decisions.png"]
    for k, v in enumerate(("A", "B")):
        points = [r["vitals"]["decided_at"] for r in by_variant[v]]
        tenths = Counter(min(math.floor(d * 10), 9) for d in points)  # 1.0 in the last tenth
        assert decisions["decision point"]["counts"][k] == [tenths[i] for i in range(10)]
        changes = [r["vitals"]["lead_changes"] for r in by_variant[v]]
        assert decisions["lead changes"]["counts"][k] == _pairs(changes)


def test_the_plotted_win_shares_are_recomputed_from_the_results_file(report: Path) -> None:
    data, rows = _load(report)
    win = data["plots"]["win-rates.png"]
    assert win["fair share"] == 0.5
    by_seat, by_bot = win["panels"]
    assert by_seat["categories"] == ["seat 0", "seat 1"]
    assert by_bot["categories"] == ["greedy:worlds=1", "random"]
    for k, v in enumerate(("A", "B")):
        games = [r for r in rows if r["variant"] == v and r["design"] == "main"]
        for p in range(2):
            wins = sum(1 / len(r["winners"]) for r in games if p in r["winners"])
            shown = by_seat["values"][k][p]
            assert shown["value"] == pytest.approx(wins / len(games))
            assert (shown["low"], shown["high"]) == pytest.approx(_wilson(wins, len(games)))
        for b, bot in enumerate(by_bot["categories"]):
            seats = [(r, r["seating"].index(bot)) for r in games]
            wins = sum(1 / len(r["winners"]) for r, s in seats if s in r["winners"])
            shown = by_bot["values"][k][b]
            assert shown["n"] == len(seats)
            assert shown["value"] == pytest.approx(wins / len(seats))
            assert (shown["low"], shown["high"]) == pytest.approx(_wilson(wins, len(seats)))


def test_the_statistics_and_comparison_plots_show_the_reported_figures(report: Path) -> None:
    data, _ = _load(report)
    figures = [{f["key"]: f for f in v["figures"]} for v in data["variants"]]
    stats = data["plots"]["statistics.png"]
    assert stats["keys"] == [k for k, f in figures[0].items()
                             if f["group"] == "game" and f["kind"] == "share"]  # fmt: skip
    for k in range(2):
        for key, shown in zip(stats["keys"], stats["values"][k], strict=True):
            fig = figures[k][key]
            assert shown == {n: fig[n] for n in ("kind", "value", "low", "high", "n")}
    rows = data["plots"]["comparison.png"]["rows"]
    shares = [c for c in data["comparison"] if c["a"]["kind"] == "share"]
    assert [r["key"] for r in rows] == [c["key"] for c in shares]
    for row, pair in zip(rows, shares, strict=True):
        shown = {n: row[n] for n in ("kind", "value", "low", "high", "n")}
        assert shown == {n: pair["difference"][n] for n in shown}  # the paired interval
        assert row["significant"] == pair["significant"] == pair["test"]["significant"]


def test_the_trajectories_are_recomputed_from_the_results_file(report: Path) -> None:
    data, rows = _load(report)
    shown = data["plots"]["trajectories.png"]
    assert shown["tenths"] == list(range(1, 11))
    names = {"Branching factor": "branching", "Decision moves": "decision_moves",
             "Score margin (natural ends)": "margin"}  # fmt: skip
    for panel in shown["panels"]:
        field = names[panel["title"]]
        for k, v in enumerate(("A", "B")):
            games = [r for r in rows if r["variant"] == v and r["design"] == "main"]
            assert not any(r["vitals"]["statistics"]["stalled"] for r in games)
            for t in range(10):
                values = [r["vitals"]["by_tenth"][field][t] for r in games]
                values = [x for x in values if x is not None]
                expected = float(np.mean(values)) if values else None
                assert panel["means"][k][t] == pytest.approx(expected)


def test_the_ladder_plot_shows_each_steps_win_share_and_flag(report: Path) -> None:
    data, _ = _load(report)
    ladder = data["plots"]["ladder.png"]
    assert ladder["keys"] == ["skill 1 win share"]
    assert ladder["categories"] == ["greedy:worlds=1\nagainst\nrandom"]
    assert ladder["fair share"] == 0.5
    for k in range(2):
        fig = next(f for f in data["variants"][k]["figures"] if f["key"] == "skill 1 win share")
        assert ladder["values"][k][0] == {n: fig[n] for n in ("kind", "value", "low", "high", "n")}
        assert ladder["flags"][k][0] == fig["flag"]


def test_every_plot_is_titled_and_its_axes_labelled(report: Path) -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    from meeple.sim.plots import draw

    data, _ = _load(report)
    for name, shown in data["plots"].items():
        fig = draw(plt, name, shown)
        try:
            assert fig.get_suptitle().startswith("Goofspiel: "), name
            axes = fig.get_axes()
            for ax in axes:
                assert ax.get_title() or len(axes) == 1, name  # each panel says what it shows
                assert ax.get_ylabel() or ax.get_yticklabels(), name
            legends = [ax.get_legend() for ax in fig.get_axes() if ax.get_legend() is not None]
            assert legends or name == "comparison.png", name  # which bar is which variant
            bottom = fig.get_axes()[-1]
            assert bottom.get_xlabel() or name == "win-rates.png", name
            if name == "win-rates.png":
                assert all(ax.get_ylabel() == "win share (%)" for ax in fig.get_axes())
        finally:
            plt.close(fig)


def test_the_skill_figures_are_recomputed_from_the_skill_games(report: Path) -> None:
    data, rows = _load(report)
    for k, v in enumerate(("A", "B")):
        figures = {f["key"]: f for f in data["variants"][k]["figures"]}
        games = [r for r in rows if r["variant"] == v and r["design"] == "skill"]
        assert {r["step"] for r in games} == {1}
        assert sorted({tuple(r["seating"]) for r in games}) == [
            ("greedy:worlds=1", "random"),
            ("random", "greedy:worlds=1"),
        ]
        seats = [(r, r["seating"].index("greedy:worlds=1")) for r in games]
        assert len(seats) == 20  # 10 deals, the greedy bot once in each seat
        wins = sum(1 / len(r["winners"]) for r, s in seats if s in r["winners"])
        won = figures["skill 1 win share"]
        assert won["value"] == pytest.approx(wins / 20)
        assert (won["low"], won["high"]) == pytest.approx(_wilson(wins, 20))
        z = (wins / 20 - 0.5) / math.sqrt(0.25 / 20)  # the score test against a fair share
        assert won["test"]["p"] == pytest.approx(math.erfc(abs(z) / math.sqrt(2)))
        edge = figures["skill 1 edge"]
        assert (edge["value"], edge["low"], edge["high"]) == pytest.approx(
            (wins / 20 - 0.5, won["low"] - 0.5, won["high"] - 0.5)
        )
        gaps = [r["scores"][s] - r["scores"][1 - s] for r, s in seats]
        gap = figures["skill 1 score edge"]
        half = Z * float(np.std(gaps, ddof=1)) / math.sqrt(len(gaps))
        assert (gap["value"], gap["low"], gap["high"]) == pytest.approx(
            (float(np.mean(gaps)), float(np.mean(gaps)) - half, float(np.mean(gaps)) + half)
        )

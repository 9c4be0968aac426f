"""Variants A and B play the same deals in the same seatings, so B - A is paired: its
interval and test are recomputed here from the results file, independently of the
library (a 2x2 table and Agresti and Min's formula for a yes/no figure, numpy for a
mean, McNemar's and SciPy's normal tail for the tests)."""

from __future__ import annotations

import json
import math
from typing import Any

import numpy as np
import pytest
from scipy import stats
from typer.testing import CliRunner

from meeple.cli.app import app

Z = 1.959964


@pytest.fixture(scope="module")
def report(tmp_path_factory: pytest.TempPathFactory) -> tuple[dict[str, Any], list[Any]]:
    """Bear Went Over the Mountain with and without the tiebreaker, 2 players."""
    out = tmp_path_factory.mktemp("paired")
    args = ["analyze", "bear_mountain", "--players", "2", "-n", "40", "--seed", "3",
            "--seat", "random", "--skill", "none", "--compare", "tiebreaker=true",
            "--workers", "1", "--out", str(out)]  # fmt: skip
    result = CliRunner().invoke(app, args)
    assert result.exit_code == 0, result.output
    data = json.loads((out / "report.json").read_text(encoding="utf-8"))
    rows = [
        json.loads(line)
        for line in (out / "results.jsonl").read_text(encoding="utf-8").splitlines()
    ]
    return data, rows


def _pairs(rows: list[Any], value: Any) -> list[tuple[float, float]]:
    """(A's value, B's value) of each deal and seating both variants played."""
    by = {
        (r["variant"], r["rotation"], r["index"]): value(r) for r in rows if r["design"] == "main"
    }
    return [(by[("A", rot, i)], by[("B", rot, i)]) for (v, rot, i) in by if v == "A"]


def _comparison(data: dict[str, Any], key: str) -> dict[str, Any]:
    return next(c for c in data["comparison"] if c["key"] == key)


def test_a_yes_no_figure_gets_agresti_and_mins_paired_interval(report: Any) -> None:
    data, rows = report
    pairs = _pairs(rows, lambda r: float(len(r["winners"]) > 1))
    n = len(pairs)
    assert n == 40
    b = sum(1 for x, y in pairs if x == 1 and y == 0)  # shared in A only
    c = sum(1 for x, y in pairs if x == 0 and y == 1)  # shared in B only
    # Agresti & Min (2005): half a pair added to each cell of the 2x2 table.
    centre = (c - b) / (n + 2)
    var = ((b + 0.5 + c + 0.5) / (n + 2) - ((c + 0.5) - (b + 0.5)) ** 2 / (n + 2) ** 2) / (n + 2)
    pair = _comparison(data, "shared wins")
    diff = pair["difference"]
    assert pair["paired"] is True
    assert diff["n"] == n
    assert diff["value"] == pytest.approx((c - b) / n)
    assert diff["low"] == pytest.approx(max(-1.0, min(diff["value"], centre - Z * math.sqrt(var))))
    assert diff["high"] == pytest.approx(min(1.0, max(diff["value"], centre + Z * math.sqrt(var))))
    mcnemar = (b - c) ** 2 / (b + c)
    assert pair["test"]["p"] == pytest.approx(stats.chi2.sf(mcnemar, 1))
    assert "McNemar" in pair["test"]["method"]


def test_a_mean_gets_the_normal_interval_of_the_paired_differences(report: Any) -> None:
    data, rows = report
    pairs = _pairs(rows, lambda r: float(r["vitals"]["lead_changes"]))
    d = np.array([y - x for x, y in pairs])
    half = Z * d.std(ddof=1) / math.sqrt(len(d))
    diff = _comparison(data, "lead changes")["difference"]
    assert (diff["value"], diff["low"], diff["high"]) == pytest.approx(
        (d.mean(), d.mean() - half, d.mean() + half)
    )
    z = d.mean() / (d.std(ddof=1) / math.sqrt(len(d)))  # the paired z-test
    test = _comparison(data, "lead changes")["test"]
    assert test["p"] == pytest.approx(2 * stats.norm.sf(abs(z)))
    assert test["method"] == "paired z-test"


def test_the_paired_interval_is_narrower_than_an_unpaired_one(report: Any) -> None:
    """The tiebreaker changes few games: pairing removes the deals' own variation."""
    data, rows = report
    pairs = _pairs(rows, lambda r: float(r["vitals"]["lead_changes"]))
    a, b = np.array([x for x, _ in pairs]), np.array([y for _, y in pairs])
    unpaired = Z * math.sqrt(a.var(ddof=1) / len(a) + b.var(ddof=1) / len(b))  # Welch
    diff = _comparison(data, "lead changes")["difference"]
    assert (diff["high"] - diff["low"]) / 2 < unpaired / 2


def test_significance_on_the_page_is_the_corrected_one(report: Any) -> None:
    data, _ = report
    family = data["tests"]["family"]
    assert data["tests"]["correction"] == "Holm"
    ps = [t["p"] for t in family]
    m = len(ps)
    order = np.argsort(ps)
    expected = np.minimum(1, np.maximum.accumulate([(m - k) * ps[i] for k, i in enumerate(order)]))
    for k, i in enumerate(order):
        assert family[i]["p_adjusted"] == pytest.approx(expected[k])
        assert family[i]["significant"] == (expected[k] < 0.05)
    for pair in data["comparison"]:
        shown = next(t for t in family if t["key"] == pair["test"]["key"])
        assert pair["significant"] == shown["significant"]

"""Estimates with 95% intervals: shares (Wilson), means, and differences between two runs."""

from __future__ import annotations

import math
import statistics

import pytest

from meeple.sim.stats import Estimate
from meeple.sim.stats import difference
from meeple.sim.stats import mean_of
from meeple.sim.stats import percentile
from meeple.sim.stats import share
from meeple.sim.stats import shifted
from meeple.sim.stats import wilson_interval


def test_a_share_carries_its_wilson_interval() -> None:
    est = share(50, 100)
    assert est.kind == "share"
    assert est.value == 0.5
    assert est.low == pytest.approx(0.4038, abs=1e-4)
    assert est.high == pytest.approx(0.5962, abs=1e-4)
    assert est.n == 100
    assert share(0, 0).low == 0.0
    assert share(0, 0).high == 1.0


def test_a_mean_carries_a_normal_interval_from_the_sample_sd() -> None:
    values = [1, 2, 3, 4, 5, 6, 7, 8]
    est = mean_of(values)
    sd = statistics.stdev(values)
    assert est.kind == "mean"
    assert est.value == 4.5
    assert est.sd == pytest.approx(sd)
    assert est.low == pytest.approx(4.5 - 1.959964 * sd / math.sqrt(8))
    assert est.high == pytest.approx(4.5 + 1.959964 * sd / math.sqrt(8))


def test_a_mean_of_fewer_than_two_values_has_no_interval() -> None:
    assert mean_of([3]).low is None
    assert mean_of([3]).high is None
    assert mean_of([]).n == 0


def test_difference_of_shares_is_newcombes_hybrid_score_interval() -> None:
    # Newcombe (1998), Statistics in Medicine 17:873, example (a): 56/70 - 48/80.
    a = share(48, 80)
    b = share(56, 70)
    diff = difference(a, b)
    assert diff.kind == "difference"
    assert diff.value == pytest.approx(0.2)
    assert diff.low == pytest.approx(0.0524, abs=1e-4)
    assert diff.high == pytest.approx(0.3339, abs=1e-4)
    assert diff.significant


def test_difference_of_means_is_welchs_normal_interval() -> None:
    a = mean_of([1.0, 2.0, 3.0, 4.0])
    b = mean_of([2.0, 4.0, 6.0, 8.0, 10.0])
    diff = difference(a, b)
    se = math.sqrt(
        statistics.variance([1, 2, 3, 4]) / 4 + statistics.variance([2, 4, 6, 8, 10]) / 5
    )
    assert diff.value == pytest.approx(3.5)
    assert diff.low == pytest.approx(3.5 - 1.959964 * se)
    assert diff.high == pytest.approx(3.5 + 1.959964 * se)


def test_an_interval_that_holds_zero_is_not_significant() -> None:
    assert not difference(share(50, 100), share(52, 100)).significant
    with pytest.raises(ValueError, match="cannot compare a share with a mean"):
        difference(share(1, 2), mean_of([1.0, 2.0]))


def test_shifted_moves_a_share_by_a_constant() -> None:
    edge = shifted(share(60, 100), -0.5)
    assert edge.kind == "difference"
    assert edge.value == pytest.approx(0.1)
    assert edge.low == pytest.approx(share(60, 100).low - 0.5)  # type: ignore[operator]  # set
    assert edge.significant


def test_percentiles_interpolate_linearly() -> None:
    values = list(range(10, 20))
    assert percentile(values, 50) == 14.5
    assert percentile(values, 0) == 10
    assert percentile(values, 100) == 19
    assert percentile([7], 95) == 7


def test_estimates_are_json() -> None:
    assert share(1, 4).to_json() == {
        "kind": "share",
        "value": 0.25,
        "low": share(1, 4).low,
        "high": share(1, 4).high,
        "n": 4,
    }
    assert "sd" in mean_of([1.0, 2.0]).to_json()
    assert isinstance(Estimate.__doc__, str)


def test_a_wilson_interval_always_holds_its_share() -> None:
    """Rounding must not push an end past the share itself (plots draw value - low)."""
    for n in range(1, 300):
        for wins in (0, 1, n // 3, n - 1, n):
            low, high = wilson_interval(wins, n)
            assert 0.0 <= low <= wins / n <= high <= 1.0, (wins, n)

"""The report's tests, each against an independent computation: SciPy's chi-square
tail, a brute-force exact multinomial test, Holm's method by hand, the score test
that a Wilson interval inverts, the paired sign-flip test that McNemar's is."""

from __future__ import annotations

import itertools
import math

import pytest
from scipy import stats

from meeple.sim.significance import chi_square_sf
from meeple.sim.significance import exact_multinomial_p
from meeple.sim.significance import holm
from meeple.sim.significance import paired_test
from meeple.sim.significance import score_test
from meeple.sim.significance import seat_balance_test
from meeple.sim.stats import paired_difference
from meeple.sim.stats import wilson_interval


@pytest.mark.parametrize("df", [1, 2, 3, 4, 5, 6, 7])
def test_the_chi_square_tail_is_scipys(df: int) -> None:
    for x in (0.0, 0.05, 1.0, 3.84, 10.0, 30.6, 80.0):
        assert chi_square_sf(x, df) == pytest.approx(stats.chi2.sf(x, df), rel=1e-9, abs=1e-15)


def _brute_exact(counts: tuple[int, ...]) -> float:
    n, k = sum(counts), len(counts)

    def ways(xs: tuple[int, ...]) -> int:
        out = math.factorial(n)
        for x in xs:
            out //= math.factorial(x)
        return out

    seen = ways(counts)
    every = (xs for xs in itertools.product(range(n + 1), repeat=k) if sum(xs) == n)
    return float(sum(ways(xs) for xs in every if ways(xs) <= seen) / k**n)


@pytest.mark.parametrize(
    "counts", [(3, 0), (2, 1), (5, 1, 0), (4, 4, 1), (0, 0, 0, 6), (2, 2, 2), (7, 1, 1, 0)]
)
def test_the_exact_multinomial_test_sums_every_outcome_no_more_likely(
    counts: tuple[int, ...],
) -> None:
    assert exact_multinomial_p(counts) == pytest.approx(_brute_exact(counts))


def test_the_seat_test_is_chi_square_with_enough_games_else_exact() -> None:
    method, statistic, p = seat_balance_test([30.0, 18.0, 12.0], [30, 18, 12])
    expected = stats.chisquare([30, 18, 12])
    assert method == "chi-square, 2 df"
    assert statistic == pytest.approx(expected.statistic)
    assert p == pytest.approx(expected.pvalue)
    method, _, p = seat_balance_test([5.5, 1.5, 1.0], [5, 1, 1])  # 8 games: 2.7 expected each
    assert method == "exact multinomial (sole wins)"
    assert p == pytest.approx(_brute_exact((5, 1, 1)))


def test_holm_multiplies_the_ith_smallest_by_m_minus_i_plus_1_and_stays_monotone() -> None:
    assert holm([0.01, 0.04, 0.03, 0.005]) == pytest.approx([0.03, 0.06, 0.06, 0.02])
    assert holm([0.5, 0.9]) == pytest.approx([1.0, 1.0])
    assert holm([]) == []


def test_the_score_test_agrees_with_the_wilson_interval() -> None:
    for wins, n in ((9, 10), (30, 50), (14, 40), (50, 100)):
        low, high = wilson_interval(wins, n)
        for fair in (0.25, 1 / 3, 0.5):
            _, p = score_test(wins, n, fair)
            assert (p < 0.05) == (not low <= fair <= high), (wins, n, fair)


def test_the_paired_test_of_yes_no_pairs_is_mcnemars() -> None:
    a = [1.0] * 12 + [0.0] * 5 + [1.0] * 20 + [0.0] * 13
    b = [0.0] * 12 + [1.0] * 5 + [1.0] * 20 + [0.0] * 13
    _, p = paired_test(a, b)
    assert p == pytest.approx(stats.chi2.sf((12 - 5) ** 2 / (12 + 5), 1))
    assert paired_test([1.0, 0.0], [1.0, 0.0]) == (0.0, 1.0)  # no pair differs


def test_the_paired_test_of_means_rejects_exactly_when_the_interval_leaves_out_zero() -> None:
    a = [3.0, 5.0, 2.0, 7.0, 4.0, 4.0, 6.0, 1.0]
    for shift in (0.0, 0.5, 1.0, 1.5, 2.0):
        b = [x + shift + (0.8 if i % 2 else -0.8) for i, x in enumerate(a)]
        diff = paired_difference(a, b, "mean")
        _, p = paired_test(a, b, "mean")
        assert diff.low is not None
        assert diff.high is not None
        assert (p < 0.05) == (diff.low > 0 or diff.high < 0), shift
        expected = stats.ttest_rel(b, a)  # same statistic; the normal tail, not Student's
        assert p == pytest.approx(2 * stats.norm.sf(abs(expected.statistic)))
    assert paired_test([1.0, 2.0], [2.0, 3.0], "mean") == (float("inf"), 0.0)  # always +1


def test_a_paired_share_interval_never_shrinks_to_a_point() -> None:
    same = paired_difference([1.0, 0.0] * 50, [1.0, 0.0] * 50, "share")
    assert same.value == 0.0
    assert same.low is not None
    assert same.high is not None
    assert same.low < 0.0 < same.high
    with pytest.raises(ValueError, match="differ in size"):
        paired_difference([1.0], [], "mean")

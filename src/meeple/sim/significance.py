"""The tests behind a balance report's "significant": seat balance over all seats, one
share against its fair value, a paired difference, and Holm's correction for the
many tests on one page (`holm`).

Every function is plain arithmetic on the numbers given (no SciPy), so a report
needs nothing beyond the standard library; the test suite checks each against SciPy.
"""

from __future__ import annotations

import math
from collections.abc import Iterator
from collections.abc import Sequence
from fractions import Fraction
from typing import Any
from typing import Final

import attrs

__all__ = [
    "ALPHA",
    "CORRECTION",
    "EXACT_BELOW",
    "SignificanceTest",
    "chi_square_sf",
    "exact_multinomial_p",
    "holm",
    "normal_p",
    "paired_test",
    "score_test",
    "seat_balance_test",
]

ALPHA: Final = 0.05
"""A result is significant when its corrected p-value is below this."""

CORRECTION: Final = "Holm"
"""The multiplicity correction applied across a report's page (Holm's step-down method:
it holds the chance of any false "significant" on the page to 5%, whatever the
dependence between the tests)."""

EXACT_BELOW: Final = 5.0
"""With fewer expected wins per seat than this, the chi-square approximation is poor
and the seat test is the exact multinomial test instead."""


@attrs.frozen
class SignificanceTest:
    """One test on the page: what it tests, how, its p-value and, once the page's tests
    are corrected together, its corrected p-value."""

    key: str
    """Stable identifier (``A: all seats``, ``B - A: shared wins``)."""
    label: str
    method: str
    """The test's name as a reader would look it up (``chi-square, 2 df``)."""
    statistic: float | None
    p: float
    p_adjusted: float | None = None
    """After `holm` over every test of the page (None until then)."""

    @property
    def significant(self) -> bool:
        """Whether the corrected p-value is below `ALPHA`."""
        return self.p_adjusted is not None and self.p_adjusted < ALPHA

    def to_json(self) -> dict[str, Any]:
        """A JSON-able dict."""
        return {
            "key": self.key,
            "label": self.label,
            "method": self.method,
            "statistic": self.statistic,
            "p": self.p,
            "p_adjusted": self.p_adjusted,
            "significant": self.significant,
        }


def normal_p(z: float) -> float:
    """The two-sided p-value of a standard normal statistic."""
    return math.erfc(abs(z) / math.sqrt(2.0))


def score_test(successes: float, n: int, fair: float) -> tuple[float, float]:
    """(z, p): a share successes/n against the value `fair`, by the score test (the test
    a Wilson interval inverts: the interval leaves out `fair` exactly when p < 0.05)."""
    if n == 0 or not 0.0 < fair < 1.0:
        return 0.0, 1.0
    z = (successes / n - fair) / math.sqrt(fair * (1.0 - fair) / n)
    return z, normal_p(z)


def paired_test(a: Sequence[float], b: Sequence[float], kind: str = "share") -> tuple[float, float]:
    """(z, p) of the paired test of b - a, the one its paired interval goes with.

    Shares: the sign-flip test in its normal form (with A and B alike, each pair's
    difference is as likely negated, so the sum has mean 0 and variance the sum of
    squared differences); for 0/1 values this is McNemar's test. Means: the paired
    z-test (the differences' mean over its standard error), which rejects exactly when
    the normal interval of the differences leaves out 0.
    """
    diffs = [y - x for x, y in zip(a, b, strict=True)]
    total = math.fsum(diffs)
    if kind == "share":
        spread = math.fsum(d * d for d in diffs)
        return (
            (0.0, 1.0)
            if spread == 0.0
            else (total / math.sqrt(spread), normal_p(total / math.sqrt(spread)))
        )
    n = len(diffs)
    if n < 2:
        return 0.0, 1.0
    mean = total / n
    sd = math.sqrt(math.fsum((d - mean) ** 2 for d in diffs) / (n - 1))
    if sd == 0.0:
        return (0.0, 1.0) if mean == 0.0 else (math.copysign(math.inf, mean), 0.0)
    z = mean / (sd / math.sqrt(n))
    return z, normal_p(z)


def chi_square_sf(x: float, df: int) -> float:
    """P(X >= x) for a chi-square variable with `df` (a whole number >= 1) degrees of
    freedom, by the closed forms for whole degrees of freedom."""
    if df < 1:
        raise ValueError(f"degrees of freedom must be at least 1, not {df}")
    if x <= 0.0:
        return 1.0
    half = x / 2.0
    if df % 2 == 0:
        term, total = 1.0, 1.0
        for i in range(1, df // 2):
            term *= half / i
            total += term
        return min(1.0, math.exp(-half) * total)
    total = math.erfc(math.sqrt(half))
    term = math.sqrt(x) * math.sqrt(2.0 / math.pi) * math.exp(-half)
    for i in range(1, (df + 1) // 2):
        total += term
        term *= x / (2 * i + 1)
    return min(1.0, total)


def _partitions(total: int, parts: int, largest: int) -> Iterator[tuple[int, ...]]:
    """Every way to write `total` as `parts` whole numbers, largest first, none above
    `largest`."""
    if parts == 1:
        if total <= largest:
            yield (total,)
        return
    for first in range(min(total, largest), -1, -1):
        if first * parts < total:
            break
        for rest in _partitions(total - first, parts - 1, first):
            yield (first, *rest)


def _arrangements(parts: Sequence[int]) -> int:
    """How many seat orders give the counts `parts` (k! over the repeats' factorials)."""
    out = math.factorial(len(parts))
    for value in set(parts):
        out //= math.factorial(parts.count(value))
    return out


def _ways(counts: Sequence[int]) -> int:
    """The multinomial coefficient n! / (c1! c2! ...)."""
    out = math.factorial(sum(counts))
    for c in counts:
        out //= math.factorial(c)
    return out


def exact_multinomial_p(counts: Sequence[int]) -> float:
    """The exact multinomial test of equal chances: the probability, with every seat
    equally likely to win, of counts no more likely than these (exact arithmetic)."""
    n, k = sum(counts), len(counts)
    if k < 2 or n == 0:
        return 1.0
    observed = _ways(counts)
    tail = sum(
        _arrangements(parts) * _ways(parts)
        for parts in _partitions(n, k, n)
        if _ways(parts) <= observed
    )
    return float(min(Fraction(1), Fraction(tail, k**n)))


def seat_balance_test(wins: Sequence[float], sole_wins: Sequence[int]) -> tuple[str, float, float]:
    """(method, statistic, p): are all seats equally likely to win?

    wins: per seat, the games it won (a win shared by k players counts 1/k), over games
    in which every seat had the same chance by design. With at least `EXACT_BELOW`
    expected wins per seat, Pearson's chi-square goodness-of-fit test against equal
    shares (seats - 1 degrees of freedom; shared wins make it a little conservative).
    With fewer, the exact multinomial test on the games one seat won alone.
    """
    seats, games = len(wins), math.fsum(wins)
    expected = games / seats
    if expected >= EXACT_BELOW:
        statistic = math.fsum((w - expected) ** 2 / expected for w in wins)
        return f"chi-square, {seats - 1} df", statistic, chi_square_sf(statistic, seats - 1)
    return "exact multinomial (sole wins)", float(sum(sole_wins)), exact_multinomial_p(sole_wins)


def holm(ps: Sequence[float]) -> list[float]:
    """Holm's step-down adjusted p-values, in the order given: the i-th smallest p
    times (m - i + 1), never below an adjusted smaller one, at most 1."""
    m = len(ps)
    order = sorted(range(m), key=lambda i: ps[i])
    adjusted = [1.0] * m
    running = 0.0
    for rank, i in enumerate(order):
        running = max(running, min(1.0, (m - rank) * ps[i]))
        adjusted[i] = running
    return adjusted

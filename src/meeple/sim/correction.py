"""One correction for every test on a report's page: the all-seats test of each variant,
each ladder step and each B - A comparison are corrected together by Holm's method
(`meeple.sim.significance.holm`), so "significant" on the page means significant
among all of them, not one test in twenty by chance."""

from __future__ import annotations

from collections.abc import Sequence

import attrs

from .figures import Comparison
from .figures import VariantReport
from .significance import SignificanceTest
from .significance import holm

__all__ = ["correct_page", "page_tests"]


def page_tests(
    variants: Sequence[VariantReport], comparison: Sequence[Comparison]
) -> list[SignificanceTest]:
    """Every test on the page, in page order: per variant its seat test and its figures'
    tests, then the comparisons'."""
    tests: list[SignificanceTest] = []
    for v in variants:
        if v.seat_test is not None:
            tests.append(v.seat_test)
        tests += [f.test for f in v.figures if f.test is not None]
    tests += [c.test for c in comparison]
    return tests


def correct_page(
    variants: Sequence[VariantReport], comparison: Sequence[Comparison]
) -> tuple[tuple[VariantReport, ...], tuple[Comparison, ...]]:
    """The variants and comparisons with every test's Holm-corrected p-value filled in."""
    tests = page_tests(variants, comparison)
    adjusted = dict(zip((t.key for t in tests), holm([t.p for t in tests]), strict=True))

    def fix(test: SignificanceTest) -> SignificanceTest:
        return attrs.evolve(test, p_adjusted=adjusted[test.key])

    fixed_variants = tuple(
        attrs.evolve(
            v,
            seat_test=None if v.seat_test is None else fix(v.seat_test),
            figures=tuple(
                f if f.test is None else attrs.evolve(f, test=fix(f.test)) for f in v.figures
            ),
        )
        for v in variants
    )
    fixed_comparison = tuple(attrs.evolve(c, test=fix(c.test)) for c in comparison)
    return fixed_variants, fixed_comparison

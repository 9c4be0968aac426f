"""What a balance analysis reports: the games of one design and seating (`Block`),
one figure with its interval (`Figure`), one variant's figures (`VariantReport`) and
a figure of two variants side by side (`Comparison`, made by `compare_variants`).

A figure keeps the value each game (or seat of a game) gave it, keyed by its *unit*
(design, ladder step, seating, deal and, for a seat's figure, the seat). Both
variants play the same deals and seatings, so a comparison pairs the two variants'
values unit by unit: its interval and test are paired.
"""

from __future__ import annotations

from collections.abc import Hashable
from collections.abc import Sequence
from typing import Any
from typing import Final
from typing import Literal

import attrs

from .runner import GameResult
from .significance import SignificanceTest
from .significance import paired_test
from .stats import Estimate
from .stats import mean_of
from .stats import paired_difference
from .stats import share

__all__ = [
    "Block",
    "Comparison",
    "DesignName",
    "Figure",
    "Observations",
    "Unit",
    "VariantReport",
    "compare_variants",
    "mean_figure",
    "share_figure",
]

Unit = tuple[Hashable, ...]
"""What one value of a figure comes from: ``(design, step, rotation, deal[, seat])``."""

Observations = tuple[tuple[Unit, float], ...]

DesignName = Literal["main", "skill"]
"""The designs of an analysis: the lineup (main) and one stronger bot (skill)."""


@attrs.frozen
class Block:
    """The games of one variant, design and seating, in deal order."""

    variant: str
    """The variant's label (``A``, ``B``)."""
    design: DesignName
    rotation: int
    """Index of the seating within its design (within its ladder step for ``skill``)."""
    seating: tuple[str, ...]
    """The bot in each seat."""
    results: tuple[GameResult, ...]
    step: int = 0
    """The skill design's ladder step (1 is the second rung against the first); 0 for main."""

    def unit(self, result: GameResult, *seat: int) -> Unit:
        """The unit of `result` (one of this block's games), or of one of its seats."""
        return (self.design, self.step, self.rotation, result.index, *seat)


@attrs.frozen
class Figure:
    """One reported figure: an estimate with its interval, named and explained."""

    key: str
    """Stable identifier, also used to pair figures of two variants."""
    label: str
    """What a person reads."""
    group: str
    """Section of the report: seats, balance, length, ending, ties, lead, skill, game."""
    estimate: Estimate
    explanation: str
    """One sentence: what the figure means."""
    observations: Observations = attrs.field(default=(), eq=False, repr=False)
    """Each unit's value (a share's are 0 to 1), for pairing; not written to JSON (the
    results file holds the games they come from)."""
    test: SignificanceTest | None = None
    """The figure's own test, where it has one (a ladder step against a fair share)."""
    flag: str | None = None
    """A verdict a reader must not miss (a ladder step: ``saturated``, ``inconclusive``)."""

    def to_json(self) -> dict[str, Any]:
        """A JSON-able dict (``test`` and ``flag`` only where the figure has them)."""
        data = {
            "key": self.key,
            "label": self.label,
            "group": self.group,
            "explanation": self.explanation,
            **self.estimate.to_json(),
        }
        if self.test is not None:
            data["test"] = self.test.to_json()
        if self.flag is not None:
            data["flag"] = self.flag
        return data


def share_figure(key: str, label: str, group: str, obs: Observations, why: str) -> Figure:
    """A share (values 0 to 1, a shared win counting its fraction) with its Wilson interval."""
    return Figure(key, label, group, share(sum(v for _, v in obs), len(obs)), why, obs)


def mean_figure(key: str, label: str, group: str, obs: Observations, why: str) -> Figure:
    """A mean with its normal interval."""
    return Figure(key, label, group, mean_of([v for _, v in obs]), why, obs)


@attrs.frozen
class VariantReport:
    """Everything measured for one option set."""

    label: str
    options: dict[str, Any] = attrs.field(eq=False)
    """The options that differ from the rulebook game, as JSON."""
    figures: tuple[Figure, ...]
    notes: tuple[str, ...]
    """Figures withheld and why, failures, caveats."""
    length_percentiles: tuple[tuple[int, float], ...]
    """(percentile, actions) for 5, 25, 50, 75 and 95 (main design)."""
    seat_test: SignificanceTest | None = None
    """Are all seats equally likely to win (only where the design makes seats comparable)."""

    def figure(self, key: str) -> Figure | None:
        """The figure with this key, if reported."""
        for fig in self.figures:
            if fig.key == key:
                return fig
        return None

    def to_json(self) -> dict[str, Any]:
        """A JSON-able dict."""
        return {
            "label": self.label,
            "options": self.options,
            "figures": [f.to_json() for f in self.figures],
            "notes": list(self.notes),
            "length_percentiles": {str(q): v for q, v in self.length_percentiles},
            "seat_test": None if self.seat_test is None else self.seat_test.to_json(),
        }


@attrs.frozen
class Comparison:
    """One figure in both variants and the paired difference B - A with its test."""

    key: str
    label: str
    a: Estimate
    b: Estimate
    difference: Estimate
    """B - A over the units both variants report, with its paired interval."""
    test: SignificanceTest
    """The paired test of B - A (its corrected p-value decides "significant")."""

    @property
    def significant(self) -> bool:
        """Whether B differs from A after the page's correction for many tests."""
        return self.test.significant

    def to_json(self) -> dict[str, Any]:
        """A JSON-able dict."""
        return {
            "key": self.key,
            "label": self.label,
            "a": self.a.to_json(),
            "b": self.b.to_json(),
            "difference": self.difference.to_json(),
            "paired": True,
            "test": self.test.to_json(),
            "significant": self.significant,
        }


NOT_COMPARED: Final = ("first player win share", "seat-bot ")
"""Figures (keys, or the start of keys) not compared: the first player's share is seat
0's, and the seat-by-bot cells are too many to test one by one. Differences from a
fair value are not compared either: their B - A is their share's."""


def _compared(fig: Figure) -> bool:
    return fig.estimate.kind != "difference" and not fig.key.startswith(NOT_COMPARED)


def _paired_values(a: Figure, b: Figure) -> tuple[list[float], list[float]]:
    """Each side's values over the units both report, in A's order."""
    other = dict(b.observations)
    units = [u for u, _ in a.observations if u in other]
    mine = dict(a.observations)
    return [mine[u] for u in units], [other[u] for u in units]


def compare_variants(a: VariantReport, b: VariantReport) -> tuple[Comparison, ...]:
    """B - A for every figure both variants report (shares and means), paired by unit.

    Both variants play the same deals in the same seatings, so each difference is
    taken game by game (`paired_difference`) and tested by the paired test that goes
    with its interval (`paired_test`); a game that counts in one variant only (a
    stalled game, say) is left out of the pair.
    """
    out: list[Comparison] = []
    for fig in a.figures:
        other = b.figure(fig.key)
        if other is None or not _compared(fig):
            continue
        xs, ys = _paired_values(fig, other)
        z, p = paired_test(xs, ys, fig.estimate.kind)
        method = _paired_method(fig.estimate.kind, xs, ys)
        test = SignificanceTest(f"B - A: {fig.key}", f"B - A: {fig.label}", method, z, p)
        out.append(
            Comparison(
                fig.key,
                fig.label,
                fig.estimate,
                other.estimate,
                paired_difference(xs, ys, fig.estimate.kind),
                test,
            )
        )
    return tuple(out)


def _paired_method(kind: str, *sides: Sequence[float]) -> str:
    if kind != "share":
        return "paired z-test"
    binary = all(v in (0.0, 1.0) for side in sides for v in side)
    return "paired sign-flip test" + (", McNemar" if binary else "")

"""What a balance analysis reports: the games of one design and seating (`Block`),
one figure with its interval (`Figure`), one variant's figures (`VariantReport`) and
a figure of two variants side by side (`Comparison`, made by `compare_variants`)."""

from __future__ import annotations

from typing import Any
from typing import Final
from typing import Literal

import attrs

from .runner import GameResult
from .stats import Estimate
from .stats import difference

__all__ = [
    "Block",
    "Comparison",
    "DesignName",
    "Figure",
    "VariantReport",
    "compare_variants",
]

DesignName = Literal["main", "skill"]
"""The designs of an analysis: the lineup (main) and one stronger bot (skill)."""


@attrs.frozen
class Block:
    """The games of one variant, design and seating, in deal order."""

    variant: str
    """The variant's label (``A``, ``B``)."""
    design: DesignName
    rotation: int
    """Index of the seating within its design."""
    seating: tuple[str, ...]
    """The bot in each seat."""
    results: tuple[GameResult, ...]


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

    def to_json(self) -> dict[str, Any]:
        """A JSON-able dict."""
        return {
            "key": self.key,
            "label": self.label,
            "group": self.group,
            "explanation": self.explanation,
            **self.estimate.to_json(),
        }


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
        }


@attrs.frozen
class Comparison:
    """One figure in both variants and the difference B - A."""

    key: str
    label: str
    a: Estimate
    b: Estimate
    difference: Estimate

    def to_json(self) -> dict[str, Any]:
        """A JSON-able dict."""
        return {
            "key": self.key,
            "label": self.label,
            "a": self.a.to_json(),
            "b": self.b.to_json(),
            "difference": self.difference.to_json(),
            "significant": self.difference.significant,
        }


_NOT_COMPARED: Final = frozenset({"first player edge", "skill edge"})
"""Figures that are another figure minus a constant: their difference is that figure's."""


def compare_variants(a: VariantReport, b: VariantReport) -> tuple[Comparison, ...]:
    """B - A for every figure both variants report (shares and means)."""
    out: list[Comparison] = []
    for fig in a.figures:
        other = b.figure(fig.key)
        if other is None or fig.key in _NOT_COMPARED or fig.estimate.kind == "difference":
            continue
        out.append(
            Comparison(
                fig.key,
                fig.label,
                fig.estimate,
                other.estimate,
                difference(fig.estimate, other.estimate),
            )
        )
    return tuple(out)

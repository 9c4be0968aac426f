"""What each plot of a balance report shows, as JSON-able data.

`plot_data` gives, for every plot the report draws, its titles, axis labels and the
numbers behind it: the report writes this into ``report.json`` under ``plots`` and
`meeple.sim.plots` draws the PNGs from exactly this data, so a picture and its
JSON never disagree. Shares are fractions (0 to 1) with their 95% intervals, as
everywhere in ``report.json``; counts are ``[value, games]`` pairs.
"""

from __future__ import annotations

import itertools
import math
from collections import Counter
from collections.abc import Callable
from collections.abc import Iterable
from collections.abc import Sequence
from typing import Any
from typing import Final

from .analysis import Analysis
from .figures import Figure
from .formatting import options_text
from .ladder import ladder_steps
from .played import stalled
from .runner import GameResult
from .vitals import TENTHS

__all__ = [
    "DECISION_BINS",
    "PLOTS",
    "counts",
    "lengths_data",
    "plot_data",
    "scores_data",
    "series_labels",
]

DECISION_BINS: Final = tuple(i / 10 for i in range(11))
"""Edges of the decision-point histogram (tenths of a game; the last bin holds 1)."""


def counts(values: Iterable[int]) -> list[list[int]]:
    """``[value, how often]`` pairs in value order."""
    return [[value, n] for value, n in sorted(Counter(values).items())]


def series_labels(analysis: Analysis) -> list[str]:
    """One legend entry per variant (``all games`` when there is only one)."""
    return [
        f"{v.label}: {options_text(v.options)}" if len(analysis.variants) > 1 else "all games"
        for v in analysis.variants
    ]


def _games(analysis: Analysis, label: str) -> list[GameResult]:
    """The variant's main-design games that finished without an error."""
    return [r for b in analysis.blocks_of(label, "main") for r in b.results if r.error is None]


def _natural(analysis: Analysis, label: str) -> list[GameResult]:
    """Those of them that reached a natural end (stalled games are counted apart)."""
    return [r for r in _games(analysis, label) if not stalled(r)]


def _estimates(analysis: Analysis, keys: list[str]) -> list[list[dict[str, Any] | None]]:
    """Per variant, each key's estimate as JSON (None where the variant lacks it)."""
    out: list[list[dict[str, Any] | None]] = []
    for v in analysis.variants:
        row: list[dict[str, Any] | None] = []
        for key in keys:
            fig = v.figure(key)
            row.append(None if fig is None else fig.estimate.to_json())
        out.append(row)
    return out


def _win_rates(analysis: Analysis) -> dict[str, Any]:
    players = analysis.players
    comparable = analysis.seats_comparable
    panels: list[tuple[str, list[str], list[str], bool]] = [
        (
            "By seat" if comparable else "By seat (different bots: not a seat comparison)",
            [
                f"seat {p}" if comparable else f"seat {p}\n{analysis.lineup[p]}"
                for p in range(players)
            ],
            [f"seat {p} win share" for p in range(players)],
            comparable,
        )
    ]
    bots = [f.key for f in analysis.variants[0].figures if f.key.startswith("bot ")]
    if bots:
        names = [k.removeprefix("bot ").removesuffix(" win share") for k in bots]
        panels.append(("By bot (every bot in every seat)", names, bots, True))
    return {
        "title": f"{analysis.title}: win share with 95% intervals",
        "y label": "win share (%)",
        "fair share": 1.0 / players if players > 1 else None,
        "series": series_labels(analysis),
        "panels": [
            {
                "title": title,
                "categories": names,
                "keys": keys,
                "fair share line": fair and players > 1,
                "values": _estimates(analysis, keys),
            }
            for title, names, keys, fair in panels
        ],
    }


def scores_data(
    title: str,
    per_seat: Sequence[Sequence[Iterable[int]]],
    series: Sequence[str],
    bots: Sequence[str] | None = None,
    note: str = "",
) -> dict[str, Any]:
    """The scores plot: one panel per seat, `per_seat[seat][k]` the scores of series k;
    `bots` names each seat's bot when seats hold different bots."""
    players = len(per_seat)
    return {
        "title": f"{title}: final scores by seat{note}",
        "x label": "final score",
        "y label": "games",
        "series": list(series),
        "panels": [
            {"title": _seat_title(p, players, bots), "counts": [counts(s) for s in scores]}
            for p, scores in enumerate(per_seat)
        ],
    }


def lengths_data(
    title: str,
    series: Sequence[Iterable[int]],
    labels: Sequence[str],
    medians: Sequence[float | None] = (),
) -> dict[str, Any]:
    """The lengths plot: one panel per series, with its median where known."""
    return {
        "title": f"{title}: game length",
        "x label": "actions per game",
        "y label": "games",
        "panels": [
            {
                "title": label,
                "counts": counts(steps),
                "median": medians[i] if i < len(medians) else None,
            }
            for i, (steps, label) in enumerate(zip(series, labels, strict=True))
        ],
    }


def _scores(analysis: Analysis) -> dict[str, Any]:
    per_seat = [
        [[r.scores[p] for r in _natural(analysis, v.label)] for v in analysis.variants]
        for p in range(analysis.players)
    ]
    bots = None if analysis.seats_comparable else analysis.lineup
    labels = series_labels(analysis)
    return scores_data(analysis.title, per_seat, labels, bots, " (natural ends)")


def _seat_title(p: int, players: int, bots: Sequence[str] | None) -> str:
    name = f"Seat {p}" + (" (first player)" if p == 0 and players > 1 else "")
    return f"{name}: {bots[p]}" if bots else name


def _lengths(analysis: Analysis) -> dict[str, Any]:
    return lengths_data(
        analysis.title,
        [[r.steps for r in _games(analysis, v.label)] for v in analysis.variants],
        series_labels(analysis),
        [dict(v.length_percentiles).get(50) for v in analysis.variants],
    )


def _decile(point: float) -> int:
    """The decision-point bin of `point` (a point of exactly 1 is in the last bin)."""
    for i, (low, high) in enumerate(itertools.pairwise(DECISION_BINS)):
        if low <= point < high:
            return i
    return len(DECISION_BINS) - 2


def _decisions(analysis: Analysis) -> dict[str, Any] | None:
    if analysis.players < 2:
        return None
    points: list[list[int]] = []
    changes: list[list[list[int]]] = []
    for v in analysis.variants:
        vitals = [r.vitals for r in _natural(analysis, v.label) if r.vitals is not None]
        bins = Counter(_decile(x.decided_at) for x in vitals)
        points.append([bins.get(i, 0) for i in range(len(DECISION_BINS) - 1)])
        changes.append(counts(x.lead_changes for x in vitals))
    return {
        "title": f"{analysis.title}: how games are decided (natural ends)",
        "series": series_labels(analysis),
        "decision point": {
            "title": "When the winners took the lead for good",
            "x label": "decision point (fraction of the game's actions)",
            "y label": "games",
            "bins": list(DECISION_BINS),
            "counts": points,
        },
        "lead changes": {
            "title": "Lead changes per game",
            "x label": "lead changes in the game",
            "y label": "games",
            "counts": changes,
        },
    }


def _statistics(analysis: Analysis) -> dict[str, Any] | None:
    first = analysis.variants[0]
    figs = [f for f in first.figures if f.group == "game" and f.estimate.kind == "share"]
    if not figs:
        return None
    keys = [f.key for f in figs]
    return {
        "title": f"{analysis.title}: the game's own statistics (95% intervals)",
        "x label": "share of games (%)",
        "series": series_labels(analysis),
        "categories": [f.label for f in figs],
        "keys": keys,
        "values": _estimates(analysis, keys),
    }


def _comparison(analysis: Analysis) -> dict[str, Any] | None:
    rows = [c for c in analysis.comparison if c.a.kind == "share"]
    if not rows:
        return None
    a, b = analysis.variants
    return {
        "title": f"{analysis.title}: variant B against variant A (95% paired intervals)",
        "subtitle": f"A: {options_text(a.options)}   B: {options_text(b.options)}",
        "x label": "B - A (percentage points)",
        "rows": [
            {
                "key": c.key,
                "label": c.label,
                "significant": c.significant,
                **c.difference.to_json(),
            }
            for c in rows
        ],
    }


def _ladder(analysis: Analysis) -> dict[str, Any] | None:
    if not analysis.ladder:
        return None
    solo = analysis.players == 1
    steps = ladder_steps(analysis.ladder)
    keys = [f"skill {k} {'score edge' if solo else 'win share'}" for k, _, _ in steps]
    return {
        "title": f"{analysis.title}: the skill ladder (95% intervals)",
        "x label": "ladder step: the stronger bot against the rung below",
        "y label": "score edge (points)" if solo else "stronger bot's win share (%)",
        "percent": not solo,
        "fair share": None if solo else 1.0 / analysis.players,
        "series": series_labels(analysis),
        "categories": [f"{strong}\nagainst\n{weak}" for _, strong, weak in steps],
        "keys": keys,
        "values": _estimates(analysis, keys),
        "flags": [[_flag(v.figure(k)) for k in keys] for v in analysis.variants],
    }


def _flag(fig: Figure | None) -> str | None:
    return None if fig is None else fig.flag


def _mean_by_tenth(rows: list[tuple[float | None, ...]]) -> list[float | None]:
    """Each tenth's mean over the games that have a value there."""
    out: list[float | None] = []
    for t in range(TENTHS):
        values = [row[t] for row in rows if len(row) > t and row[t] is not None]
        out.append(math.fsum(v for v in values if v is not None) / len(values) if values else None)
    return out


def _trajectories(analysis: Analysis) -> dict[str, Any]:
    lines: dict[str, list[list[float | None]]] = {"branching": [], "decisions": [], "margin": []}
    for v in analysis.variants:
        every = [r.vitals for r in _games(analysis, v.label) if r.vitals is not None]
        natural = [r.vitals for r in _natural(analysis, v.label) if r.vitals is not None]
        lines["branching"].append(_mean_by_tenth([x.branching_by_tenth for x in every]))
        lines["decisions"].append(_mean_by_tenth([x.decision_moves_by_tenth for x in every]))
        lines["margin"].append(_mean_by_tenth([x.margin_by_tenth for x in natural]))
    return {
        "title": f"{analysis.title}: over the game, tenth by tenth",
        "x label": "tenth of the game's actions",
        "series": series_labels(analysis),
        "tenths": list(range(1, TENTHS + 1)),
        "panels": [
            {"title": "Branching factor", "y label": "legal actions per decision",
             "means": lines["branching"]},
            {"title": "Decision moves", "y label": "decisions with a choice (share)",
             "means": lines["decisions"]},
            {"title": "Score margin (natural ends)", "y label": "leader's margin (points)",
             "means": lines["margin"]},
        ],
    }  # fmt: skip


PLOTS: Final[tuple[tuple[str, Callable[[Analysis], dict[str, Any] | None]], ...]] = (
    ("win-rates.png", _win_rates),
    ("scores.png", _scores),
    ("lengths.png", _lengths),
    ("decisions.png", _decisions),
    ("trajectories.png", _trajectories),
    ("ladder.png", _ladder),
    ("statistics.png", _statistics),
    ("comparison.png", _comparison),
)
"""Every plot a report may draw, in order, with the function giving its data (None:
nothing to show, e.g. no second variant to compare)."""


def plot_data(analysis: Analysis) -> dict[str, dict[str, Any]]:
    """File name -> what that plot shows, for every plot with something to show."""
    out: dict[str, dict[str, Any]] = {}
    for name, make in PLOTS:
        data = make(analysis)
        if data is not None:
            out[name] = data
    return out

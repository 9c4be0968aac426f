"""The game's own statistics as figures: shares of text values and of true facts, means
of numbers, each over the games that report it (the ``statistics`` capability)."""

from __future__ import annotations

from collections.abc import Mapping
from collections.abc import Sequence
from typing import Any

from ..core.capabilities import ENDED_BY
from ..core.capabilities import STALLED
from .figures import Figure
from .figures import Unit
from .figures import mean_figure
from .figures import share_figure
from .runner import GameResult

__all__ = ["game_figures"]


def game_figures(
    results: Sequence[GameResult], units: Sequence[Unit], categories: Mapping[str, Sequence[str]]
) -> list[Figure]:
    """One figure per number or true/false fact, one per value of a text statistic
    (every value in `categories` too, as a share of 0 where these games never show it).
    `STALLED` is left out: "How games end" reports it."""
    stats = [dict(r.vitals.statistics) if r.vitals else {} for r in results]
    keys = sorted({k for s in stats for k in s if k != STALLED}, key=lambda k: (k != ENDED_BY, k))
    figures: list[Figure] = []
    for key in keys:
        given = [(u, s[key]) for u, s in zip(units, stats, strict=True) if key in s]
        figures += _figures_of(key, given, categories.get(key, ()))
    return figures


def _figures_of(key: str, given: list[tuple[Unit, Any]], extra: Sequence[str]) -> list[Figure]:
    n = len(given)
    values = [v for _, v in given]
    if all(isinstance(v, bool) for v in values):
        obs = tuple((u, float(v)) for u, v in given)
        why = f"Share of the {n} games that report it where it holds."
        return [share_figure(f"game: {key}", key, "game", obs, why)]
    if all(isinstance(v, int | float) and not isinstance(v, bool) for v in values):
        obs = tuple((u, float(v)) for u, v in given)
        why = f"Average over the {n} games that report it."
        return [mean_figure(f"game: {key}", key, "game", obs, why)]
    texts = [(u, str(v)) for u, v in given]
    figures = []
    for value in sorted({t for _, t in texts} | set(extra)):
        why = (
            f"Share of games that ended by {value}."
            if key == ENDED_BY
            else f"Share of the {n} games that report {key} where it is {value}."
        )
        obs = tuple((u, float(t == value)) for u, t in texts)
        figures.append(share_figure(f"game: {key} = {value}", f"{key}: {value}", "game", obs, why))
    return figures

"""How games are won and how play goes: ties and margins, lead changes, drama, and
Ludii's branching factor and decision moves, from each game's `Vitals`."""

from __future__ import annotations

from collections.abc import Callable
from collections.abc import Sequence
from typing import Any
from typing import Final

from .figures import Figure
from .figures import Observations
from .figures import mean_figure
from .figures import share_figure
from .played import Played
from .runner import GameResult
from .vitals import Vitals

__all__ = ["LATE", "lead_figures", "play_figures", "tie_figures"]

Maker = Callable[[str, str, str, Observations, str], Figure]
"""`share_figure` or `mean_figure`."""

LATE: Final = 0.9
"""A game is "decided late" when its winners took the lead for good only after this
fraction of its actions."""


def _top_two(result: GameResult) -> tuple[int, int]:
    top, second = sorted(result.scores, reverse=True)[:2]
    return top, second


def tie_figures(games: Played, players: int) -> list[Figure]:
    """Shared wins; with several players, tied top scores and the winning margin."""
    figures = [
        share_figure(
            "shared wins",
            "Shared wins",
            "ties",
            tuple((b.unit(r), float(len(r.winners) > 1)) for b, r in games),
            "Share of games won by several players together.",
        )
    ]
    if players == 1:
        return figures
    tied = tuple((b.unit(r), float(_top_two(r)[0] == _top_two(r)[1])) for b, r in games)
    margins = tuple((b.unit(r), float(_top_two(r)[0] - _top_two(r)[1])) for b, r in games)
    figures.append(
        share_figure(
            "top score tied",
            "Top score tied",
            "ties",
            tied,
            "Share of games whose best score was reached by several players (a rulebook "
            "tie-break may still have picked one winner).",
        )
    )
    figures.append(
        mean_figure(
            "margin",
            "Winning margin",
            "ties",
            margins,
            "Average gap between the best and the second-best score.",
        )
    )
    return figures


_LEAD: Final[tuple[tuple[Maker, str, str, Callable[[Vitals], float], str], ...]] = (
    (
        mean_figure,
        "lead changes",
        "Lead changes per game",
        lambda v: float(v.lead_changes),
        "How often the sole leader (who would win if the game stopped now) changed.",
    ),
    (
        share_figure,
        "games with a lead change",
        "Games with a lead change",
        lambda v: float(v.lead_changes > 0),
        "Share of games in which the lead passed from one player to another.",
    ),
    (
        mean_figure,
        "decision point",
        "Decision point",
        lambda v: v.decided_at,
        "Average fraction of a game's actions after which only its winners led: "
        "near 1, the last decisions decide.",
    ),
    (
        share_figure,
        "decided late",
        "Decided in the last tenth",
        lambda v: float(v.decided_at > LATE),
        "Share of games whose winners took the lead for good only in the last 10% of the actions.",
    ),
    (
        share_figure,
        "drama",
        "Drama: the winner trailed",
        lambda v: float(v.winner_trailed),
        "Share of games in which an eventual winner was behind on points at some "
        "point before the last action (Ludii's drama): high, comebacks happen.",
    ),
)
"""The lead's figures: how each is made, its key and label, its value in one game."""

_PLAY: Final[tuple[tuple[Maker, str, str, Callable[[Vitals], float], str], ...]] = (
    (
        mean_figure,
        "branching factor",
        "Branching factor",
        lambda v: v.branching,
        "Average number of legal actions a decision offered (each game's mean, "
        "averaged over games).",
    ),
    (
        mean_figure,
        "decision moves",
        "Decision moves",
        lambda v: v.decision_moves,
        "Share of decisions that offered a real choice (more than one legal action), "
        "each game's share averaged over games.",
    ),
)
"""Ludii's branching factor and decision moves (the plot shows them over the game)."""


def _from_vitals(games: Played, group: str, table: Sequence[tuple[Any, ...]]) -> list[Figure]:
    units = [(b.unit(r), r.vitals) for b, r in games if r.vitals is not None]
    return [
        make(key, label, group, tuple((u, value(v)) for u, v in units), why)
        for make, key, label, value, why in table
    ]


def lead_figures(games: Played, players: int) -> list[Figure]:
    """Lead changes, when games are decided, and drama (with several players)."""
    return [] if players == 1 else _from_vitals(games, "lead", _LEAD)


def play_figures(games: Played) -> list[Figure]:
    """Ludii's branching factor and decision moves."""
    return _from_vitals(games, "play", _PLAY)

"""The vital signs of one variant, computed from its games (`summarize_block`): seats
and balance, length, how games end, ties, lead and drama, how play goes, the skill
ladder and the game's own statistics, each a `Figure` with its 95% interval and a
sentence saying what it means.

Games a stall rule ended (the game's ``stalled`` statistic) are counted apart: every
figure about who won, the scores, ties, margins, the lead and drama counts natural
ends only, and the stalled games are shown on their own under "How games end".
Length, how play goes and the game's own statistics count every game.
"""

from __future__ import annotations

from collections.abc import Mapping
from collections.abc import Sequence
from typing import Any

from ..core.capabilities import STALLED
from .figures import Block
from .figures import Figure
from .figures import VariantReport
from .figures import mean_figure
from .figures import share_figure
from .game_figures import game_figures
from .ladder import ladder_figures
from .play_figures import LATE
from .play_figures import lead_figures
from .play_figures import play_figures
from .play_figures import tie_figures
from .played import Played
from .played import good_games
from .played import split_stalled
from .played import stalled
from .played import win
from .seat_figures import balance_figures
from .seat_figures import seat_figures
from .seat_figures import seat_test
from .stats import percentile

__all__ = ["LATE", "summarize_block"]


def summarize_block(
    label: str,
    options: dict[str, Any],
    players: int,
    main: Sequence[Block],
    skill: Sequence[Block],
    ladder: Sequence[str],
    categories: Mapping[str, Sequence[str]] | None = None,
) -> VariantReport:
    """The figures of one variant from its main-design and skill-ladder blocks.

    ladder: the skill ladder's rungs, weakest first (empty: not measured).
    categories: values of text statistics to report even where these games never
    show them (as a share of 0), so two variants can be compared value by value.
    """
    played = good_games(main)
    finished, stall = split_stalled(played)
    notes = _failures(main, skill) + _stall_notes(played, stall)
    plan = [b.seating for b in main]
    balance, balance_notes = balance_figures(finished, players, plan)
    ladder_figs, ladder_notes = ladder_figures(label, skill, ladder, players)
    figures = [
        *seat_figures(finished, players),
        *balance,
        *_length_figures(played),
        *_ending_figures(played, stall, players),
        *tie_figures(finished, players),
        *lead_figures(finished, players),
        *play_figures(played),
        *ladder_figs,
        *game_figures([r for _, r in played], [b.unit(r) for b, r in played], categories or {}),
    ]
    if not ladder:
        ladder_notes.append("Skill ladder: not played (--skill none).")
    lengths = sorted(float(r.steps) for _, r in played)
    return VariantReport(
        label,
        options,
        tuple(figures),
        tuple(notes + balance_notes + ladder_notes),
        tuple((q, percentile(lengths, q)) for q in (5, 25, 50, 75, 95)) if lengths else (),
        seat_test(label, finished, players, plan),
    )


def _failures(main: Sequence[Block], skill: Sequence[Block]) -> list[str]:
    failed = [r for b in (*main, *skill) for r in b.results if r.error is not None]
    if not failed:
        return []
    first = failed[0]
    reason = (first.error or "").strip().splitlines()[-1:] or ["?"]
    return [
        f"{len(failed)} games failed and are left out; the first: seed {first.seed} ({reason[0]})"
    ]


def _stall_notes(played: Played, stall: Played) -> list[str]:
    if not played or all(stalled(r) is None for _, r in played):
        return [
            "Natural end versus stall rule: not reported, the game does not say "
            f"(its statistics capability gives no {STALLED!r}); every game counts as a "
            "natural end."
        ]
    if not stall:
        return []
    return [
        f"{len(stall)} of {len(played)} games ({len(stall) / len(played):.0%}) were ended "
        "by the stall rule: the win, score, tie, lead and drama figures count the "
        f"{len(played) - len(stall)} natural ends only; the stalled games are shown apart "
        "under How games end."
    ]


def _length_figures(played: Played) -> list[Figure]:
    obs = tuple((b.unit(r), float(r.steps)) for b, r in played)
    why = "Average number of actions (decisions) in a game, stalled games included."
    return [mean_figure("length", "Game length (actions)", "length", obs, why)]


def _ending_figures(played: Played, stall: Played, players: int) -> list[Figure]:
    said = [(b, r) for b, r in played if stalled(r) is not None]
    if not said:
        return []
    figures = [
        share_figure(
            "natural end",
            "Natural end",
            "ending",
            tuple((b.unit(r), float(not stalled(r))) for b, r in said),
            "Share of games that reached the rulebook's end rather than a stall rule "
            "(a round limit added because play could go on for ever).",
        )
    ]
    if stall and players > 1:
        figures += _stalled_seats(stall, players)
    return figures


def _stalled_seats(stall: Played, players: int) -> list[Figure]:
    """Who the stall rule named as winners, seat by seat, apart from natural ends."""
    return [
        share_figure(
            f"stalled: seat {p} win share",
            f"Stalled games: seat {p} win share",
            "ending",
            tuple((b.unit(r), win(r, p)) for b, r in stall),
            f"Among the {len(stall)} games the stall rule ended, the share it gave seat {p} "
            "as winner; these games are not in the seat figures above.",
        )
        for p in range(players)
    ]

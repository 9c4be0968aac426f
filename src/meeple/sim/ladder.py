"""The skill ladder: bots from weakest to strongest, each step one bot of a rung
against bots of the rung below, rotated through every seat (Ludii's practice of
evaluating a game with a ladder of agents). How the win share rises along the ladder
says how much better play pays; a step is flagged (`flag_ladder`):

* ``saturated``: the stronger bot wins nearly always (`SATURATED`): skill matters,
  but the step cannot say how much more it would;
* ``rises`` / ``falls``: the stronger bot wins significantly more (less) than a fair
  share, after the page's correction for many tests;
* ``inconclusive``: no significant difference. The bots may be too close in strength,
  or the games too few, to tell skill from luck: never read as "luck decides".

The default ladder is written once, in `default_ladder`.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Final

import attrs

from ..core.errors import InvalidOptionsError
from .design import bot_spec
from .design import skill_seatings
from .figures import Block
from .figures import Figure
from .figures import VariantReport
from .figures import mean_figure
from .figures import share_figure
from .played import Played
from .played import good_games
from .played import split_stalled
from .played import win
from .significance import SignificanceTest
from .significance import paired_test
from .significance import score_test
from .stats import shifted

__all__ = [
    "FLAG_MEANINGS",
    "HEURISTIC_RUNG",
    "SATURATED",
    "check_ladder",
    "default_ladder",
    "flag_ladder",
    "ladder_figures",
    "ladder_seatings",
    "ladder_steps",
    "mcts_rung",
]

SATURATED: Final = 0.95
"""A step is saturated when the stronger bot's win share is at least this."""

HEURISTIC_RUNG: Final = "heuristic"
"""The rung of the game's heuristic bot: one step ahead, each position valued by the
game's ``heuristic`` capability (a game without one is valued by its outcome so far,
as greedy values it)."""

FLAG_MEANINGS: Final = {
    "saturated": "the stronger bot wins nearly always (at least 95%): skill matters, but "
    "this step cannot tell how much more it would",
    "rises": "the stronger bot wins significantly more than a fair share: better play pays "
    "at this level",
    "falls": "the bot meant to be stronger wins significantly less: it is not the stronger "
    "player in this game",
    "inconclusive": "no significant difference: these bots are too close in strength, or "
    "the games too few, to tell skill from luck (this is not evidence that luck decides)",
}
"""What each ladder flag means, as the page says it."""


def mcts_rung(iterations: int, kind: str = "mcts") -> str:
    """The spec of an MCTS rung with this iteration budget: ``mcts`` (random playouts),
    or ``guided`` (leaves and priors from the game's heuristic) for a game with one."""
    return f"{kind}:iterations={iterations}"


def default_ladder(iterations: int, kind: str = "mcts") -> tuple[str, ...]:
    """random, greedy (one world), the heuristic rung, then MCTS of `kind` at
    `iterations` and at four times as many: the ladder a report plays unless told
    otherwise."""
    return (
        "random",
        "greedy:worlds=1",
        HEURISTIC_RUNG,
        mcts_rung(iterations, kind),
        mcts_rung(4 * iterations, kind),
    )


def check_ladder(ladder: Sequence[str]) -> tuple[str, ...]:
    """The rungs written one way; InvalidOptionsError for fewer than two or a repeat."""
    rungs = tuple(bot_spec(r) for r in ladder)
    if len(rungs) == 1:
        raise InvalidOptionsError(f"the skill ladder needs two bots or more, not only {rungs[0]}")
    for i, rung in enumerate(rungs):
        if rung in rungs[:i]:
            raise InvalidOptionsError(
                f"the skill ladder needs different bots, but names {rung} twice"
            )
    return rungs


def ladder_steps(ladder: Sequence[str]) -> list[tuple[int, str, str]]:
    """(step, stronger, weaker) for each rung above the first, step 1 first."""
    return [(i, ladder[i], ladder[i - 1]) for i in range(1, len(ladder))]


def ladder_seatings(ladder: Sequence[str], players: int) -> list[tuple[int, int, tuple[str, ...]]]:
    """(step, rotation, seating) of every game seating the ladder plays."""
    return [
        (step, r, seating)
        for step, strong, weak in ladder_steps(ladder)
        for r, seating in enumerate(skill_seatings(strong, weak, players))
    ]


def ladder_figures(
    label: str, blocks: Sequence[Block], ladder: Sequence[str], players: int
) -> tuple[list[Figure], list[str]]:
    """(figures, notes) of every ladder step; stalled games are left out and counted."""
    figures: list[Figure] = []
    notes: list[str] = []
    for step, strong, weak in ladder_steps(ladder):
        mine = [b for b in blocks if b.step == step]
        finished, stall = split_stalled(good_games(mine))
        if stall:
            notes.append(
                f"Skill ladder, {strong} against {weak}: {len(stall)} stalled games left out."
            )
        if players == 1:
            figures.append(_solo_step(label, step, strong, weak, finished))
        else:
            figures += _step(label, step, strong, weak, finished, players)
    return figures, notes


def _step(
    label: str, step: int, strong: str, weak: str, games: Played, players: int
) -> list[Figure]:
    fair = 1.0 / players
    seat_of = [(b, r, b.seating.index(strong)) for b, r in games]
    wins = tuple((b.unit(r), win(r, s)) for b, r, s in seat_of)
    won = share_figure(
        f"skill {step} win share",
        f"{strong} against {weak}: win share",
        "skill",
        wins,
        f"Share of games one {strong} won against {players - 1} {weak} "
        "(rotated through every seat).",
    )
    z, p = score_test(math.fsum(v for _, v in wins), len(wins), fair)
    test = SignificanceTest(
        f"{label}: skill {step}", f"{label}: {strong} against {weak}", "score test", z, p
    )
    edge = Figure(
        f"skill {step} edge",
        f"{strong} against {weak}: edge",
        "skill",
        shifted(won.estimate, -fair),
        f"That win share minus the fair share 1/{players}.",
    )
    gaps = tuple(
        (
            b.unit(r),
            r.scores[s] - math.fsum(r.scores[q] for q in range(players) if q != s) / (players - 1),
        )
        for b, r, s in seat_of
    )
    score = mean_figure(
        f"skill {step} score edge",
        f"{strong} against {weak}: score edge",
        "skill",
        gaps,
        f"Average of {strong}'s score minus the mean score of the {weak} bots in the same game.",
    )
    return [
        Figure(won.key, won.label, won.group, won.estimate, won.explanation, wins, test),
        edge,
        score,
    ]


def _solo_step(label: str, step: int, strong: str, weak: str, games: Played) -> Figure:
    """One player: the two bots play the same deals alone; their scores are compared."""
    by_deal: dict[int, dict[str, int]] = {}
    for b, r in games:
        by_deal.setdefault(r.index, {})[b.seating[0]] = r.scores[0]
    pairs = [(d, s) for d, s in sorted(by_deal.items()) if len(s) == 2]
    gaps = tuple((("skill", step, 0, d), float(s[strong] - s[weak])) for d, s in pairs)
    z, p = paired_test(
        [float(s[weak]) for _, s in pairs], [float(s[strong]) for _, s in pairs], "mean"
    )
    figure = mean_figure(
        f"skill {step} score edge",
        f"{strong} against {weak}: score edge",
        "skill",
        gaps,
        f"Average of {strong}'s score minus {weak}'s on the same deal.",
    )
    test = SignificanceTest(
        f"{label}: skill {step}", f"{label}: {strong} against {weak}", "paired z-test", z, p
    )
    return Figure(
        figure.key, figure.label, "skill", figure.estimate, figure.explanation, gaps, test
    )


def flag_ladder(report: VariantReport, players: int) -> VariantReport:
    """The report with each ladder step's figures flagged (after the page's correction)."""
    flags: dict[str, str] = {}
    for fig in report.figures:
        if fig.group == "skill" and fig.test is not None:
            step = fig.key.split()[1]
            flags[step] = _flag(fig, players)
    figures = tuple(
        attrs.evolve(f, flag=flags[f.key.split()[1]])
        if f.group == "skill" and f.key.split()[1] in flags
        else f
        for f in report.figures
    )
    return attrs.evolve(report, figures=figures)


def _flag(fig: Figure, players: int) -> str:
    assert fig.test is not None
    if players > 1 and fig.estimate.value >= SATURATED:
        return "saturated"
    if fig.test.significant:
        above = fig.estimate.value > (1.0 / players if players > 1 else 0.0)
        return "rises" if above else "falls"
    return "inconclusive"

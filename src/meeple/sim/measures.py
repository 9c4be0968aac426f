"""The vital signs of one variant, computed from its games: seats, balance, length,
ending, ties, lead, skill and the game's own statistics, each a `Figure` with its 95%
interval and a sentence saying what it means (see `summarize_block`)."""

from __future__ import annotations

import math
from collections.abc import Mapping
from collections.abc import Sequence
from typing import Any
from typing import Final

from ..core.capabilities import ENDED_BY
from ..core.capabilities import STALLED
from .design import seats_comparable
from .figures import Block
from .figures import Figure
from .figures import VariantReport
from .runner import GameResult
from .stats import Estimate
from .stats import mean_of
from .stats import percentile
from .stats import share
from .stats import shifted

__all__ = ["LATE", "summarize_block"]

LATE: Final = 0.9
"""A game is "decided late" when its winners took the lead for good only after this
fraction of its actions."""


def _good(blocks: Sequence[Block]) -> list[tuple[Block, GameResult]]:
    return [(b, r) for b in blocks for r in b.results if r.error is None]


def summarize_block(
    label: str,
    options: dict[str, Any],
    players: int,
    main: Sequence[Block],
    skill: Sequence[Block],
    strong: str | None,
    weak: str,
    categories: Mapping[str, Sequence[str]] | None = None,
) -> VariantReport:
    """The figures of one variant from its main-design and skill-design blocks.

    categories: values of text statistics to report even where these games never
    show them (as a share of 0), so two variants can be compared value by value.
    """
    figures: list[Figure] = []
    notes: list[str] = []
    games = _good(main)
    failed = [r for b in main for r in b.results if r.error is not None]
    failed += [r for b in skill for r in b.results if r.error is not None]
    if failed:
        first = failed[0]
        reason = (first.error or "").strip().splitlines()[-1:] or ["?"]
        notes.append(
            f"{len(failed)} games failed and are left out; the first: seed {first.seed} "
            f"({reason[0]})"
        )
    n = len(games)
    fair = 1.0 / players
    plan = [b.seating for b in main]

    def add(key: str, label_: str, group: str, est: Estimate, why: str) -> None:
        figures.append(Figure(key, label_, group, est, why))

    # -- seats -------------------------------------------------------------------------
    for p in range(players):
        wins = math.fsum(1.0 / len(r.winners) for _, r in games if p in r.winners)
        add(
            f"seat {p} win share",
            f"Seat {p} win share",
            "seats",
            share(wins, n),
            f"Share of games seat {p} won (a win shared by k players counts 1/k).",
        )
    for p in range(players):
        add(
            f"seat {p} mean score",
            f"Seat {p} mean score",
            "seats",
            mean_of([r.scores[p] for _, r in games]),
            f"Seat {p}'s average final score.",
        )
    # -- balance: the first player ------------------------------------------------------
    if players == 1:
        notes.append("First-player advantage: not defined for a one-player game.")
    elif not seats_comparable(plan):
        bots = ", ".join(f"seat {p}: {bot}" for p, bot in enumerate(plan[0]))
        notes.append(
            "First-player advantage withheld: the seats hold different bots "
            f"({bots}) in a fixed order, so seat 0's win share measures its bot as much as "
            "its seat. Rotate the bots (--rotate) or put the same bot in every seat."
        )
    else:
        seat0 = share(math.fsum(1.0 / len(r.winners) for _, r in games if 0 in r.winners), n)
        add(
            "first player win share",
            "First player's win share",
            "balance",
            seat0,
            f"Share of games the first player (seat 0) won; {fair:.3f} is a fair share.",
        )
        add(
            "first player edge",
            "First-player advantage",
            "balance",
            shifted(seat0, -fair),
            f"The first player's win share minus the fair share 1/{players}: above 0, "
            "going first helps.",
        )
    distinct = sorted({bot for seating in plan for bot in seating})
    if len(distinct) > 1 and seats_comparable(plan):
        for bot in distinct:
            seat_games = [(r, p) for b, r in games for p in range(players) if b.seating[p] == bot]
            wins = math.fsum(1.0 / len(r.winners) for r, p in seat_games if p in r.winners)
            add(
                f"bot {bot} win share",
                f"Win share of {bot}",
                "balance",
                share(wins, len(seat_games)),
                f"Share of the seats {bot} played that it won, over every seat equally.",
            )
    # -- length -----------------------------------------------------------------------
    lengths = sorted(float(r.steps) for _, r in games)
    add(
        "length",
        "Game length (actions)",
        "length",
        mean_of(lengths),
        "Average number of actions (decisions) in a game.",
    )
    percentiles = tuple((q, percentile(lengths, q)) for q in (5, 25, 50, 75, 95)) if lengths else ()
    # -- ending -------------------------------------------------------------------------
    stats = [dict(r.vitals.statistics) if r.vitals else {} for _, r in games]
    stalled = [s[STALLED] for s in stats if isinstance(s.get(STALLED), bool)]
    if stalled:
        add(
            "natural end",
            "Natural end",
            "ending",
            share(sum(1 for s in stalled if not s), len(stalled)),
            "Share of games that reached the rulebook's end rather than a stall rule "
            "(a round limit added because play could go on for ever).",
        )
    else:
        notes.append(
            "Natural end versus stall rule: not reported, the game does not say "
            f"(its statistics capability gives no {STALLED!r})."
        )
    # -- ties -------------------------------------------------------------------------
    add(
        "shared wins",
        "Shared wins",
        "ties",
        share(sum(1 for _, r in games if len(r.winners) > 1), n),
        "Share of games won by several players together.",
    )
    if players > 1:
        add(
            "top score tied",
            "Top score tied",
            "ties",
            share(sum(1 for _, r in games if sorted(r.scores)[-2] == max(r.scores)), n),
            "Share of games whose best score was reached by several players (a rulebook "
            "tie-break may still have picked one winner).",
        )
        add(
            "margin",
            "Winning margin",
            "ties",
            mean_of([float(sorted(r.scores)[-1] - sorted(r.scores)[-2]) for _, r in games]),
            "Average gap between the best and the second-best score.",
        )
    # -- lead -------------------------------------------------------------------------
    vitals = [r.vitals for _, r in games if r.vitals is not None]
    if players > 1:
        add(
            "lead changes",
            "Lead changes per game",
            "lead",
            mean_of([float(v.lead_changes) for v in vitals]),
            "How often the sole leader (who would win if the game stopped now) changed.",
        )
        add(
            "games with a lead change",
            "Games with a lead change",
            "lead",
            share(sum(1 for v in vitals if v.lead_changes > 0), len(vitals)),
            "Share of games in which the lead passed from one player to another.",
        )
        add(
            "decision point",
            "Decision point",
            "lead",
            mean_of([v.decided_at for v in vitals]),
            "Average fraction of a game's actions after which only its winners led: "
            "near 1, the last decisions decide.",
        )
        add(
            "decided late",
            "Decided in the last tenth",
            "lead",
            share(sum(1 for v in vitals if v.decided_at > LATE), len(vitals)),
            "Share of games whose winners took the lead for good only in the last 10% "
            "of the actions.",
        )
    # -- skill ------------------------------------------------------------------------
    if strong is not None and skill:
        figures.extend(_skill_figures(skill, strong, weak, players))
    elif strong is None:
        notes.append("Skill sensitivity: not measured (--skill none).")
    # -- the game's own statistics --------------------------------------------------------
    figures.extend(_game_figures(stats, categories or {}))
    return VariantReport(label, options, tuple(figures), tuple(notes), percentiles)


def _skill_figures(blocks: Sequence[Block], strong: str, weak: str, players: int) -> list[Figure]:
    figures: list[Figure] = []
    if players == 1:
        by_deal: dict[int, dict[str, int]] = {}
        for b in blocks:
            for r in b.results:
                if r.error is None:
                    by_deal.setdefault(r.index, {})[b.seating[0]] = r.scores[0]
        gaps = [float(d[strong] - d[weak]) for _, d in sorted(by_deal.items()) if len(d) == 2]
        figures.append(_score_edge(strong, weak, gaps, f"{weak}'s on the same deal"))
        return figures
    seat_of = [(r, b.seating.index(strong)) for b, r in _good(blocks)]
    wins = math.fsum(1.0 / len(r.winners) for r, s in seat_of if s in r.winners)
    won = share(wins, len(seat_of))
    figures.append(
        Figure(
            "skill win share",
            f"Win share of {strong} against {weak}",
            "skill",
            won,
            f"Share of games one {strong} won against {players - 1} {weak} "
            "(rotated through every seat).",
        )
    )
    figures.append(
        Figure(
            "skill edge",
            "Skill sensitivity",
            "skill",
            shifted(won, -1.0 / players),
            f"That win share minus the fair share 1/{players}: well above 0, the better "
            "player wins more often (skill matters); near 0, luck decides.",
        )
    )
    gaps = [
        float(r.scores[s])
        - math.fsum(r.scores[q] for q in range(players) if q != s) / (players - 1)
        for r, s in seat_of
    ]
    figures.append(
        _score_edge(strong, weak, gaps, f"the mean score of the {weak} bots in the same game")
    )
    return figures


def _score_edge(strong: str, weak: str, gaps: Sequence[float], against: str) -> Figure:
    """How many points the stronger bot scores above `against` (solo: the weaker bot on
    the same deal; else the weaker bots at its table), on average."""
    return Figure(
        "skill score edge",
        f"Score edge of {strong} over {weak}",
        "skill",
        mean_of(gaps),
        f"Average of {strong}'s score minus {against}.",
    )


def _game_figures(
    stats: Sequence[Mapping[str, Any]], categories: Mapping[str, Sequence[str]]
) -> list[Figure]:
    """Shares of text values and of true facts, means of numbers, over the games that
    give each key."""
    figures: list[Figure] = []
    keys = sorted({k for s in stats for k in s if k != STALLED}, key=lambda k: (k != ENDED_BY, k))
    for key in keys:
        values = [s[key] for s in stats if key in s]
        n = len(values)
        if all(isinstance(v, bool) for v in values):
            figures.append(
                Figure(
                    f"game: {key}",
                    key,
                    "game",
                    share(sum(1 for v in values if v), n),
                    f"Share of the {n} games that report it where it holds.",
                )
            )
        elif all(isinstance(v, int | float) and not isinstance(v, bool) for v in values):
            figures.append(
                Figure(
                    f"game: {key}",
                    key,
                    "game",
                    mean_of([float(v) for v in values]),
                    f"Average over the {n} games that report it.",
                )
            )
        else:
            texts = [str(v) for v in values]
            for value in sorted(set(texts) | set(categories.get(key, ()))):
                why = (
                    f"Share of games that ended by {value}."
                    if key == ENDED_BY
                    else f"Share of the {n} games that report {key} where it is {value}."
                )
                figures.append(
                    Figure(
                        f"game: {key} = {value}",
                        f"{key}: {value}",
                        "game",
                        share(texts.count(value), n),
                        why,
                    )
                )
    return figures

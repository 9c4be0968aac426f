"""A balance analysis: a game's vital signs under a seat-fair design, for one or two
option sets, every figure with its 95% interval.

`analyze` plays the games (through `run_tasks`, so on local processes or Ray with
identical results) and `summarize_block` turns them into `Figure` objects; the
report writer (`meeple.sim.report`) draws and prints them. Everything here depends
only on the arguments, never on the backend, the workers or the clock.

Designs, per option set (a *variant*), all on the same deals (game seeds):

* **main**: the lineup, rotated through the seats with ``rotate`` (see
  `meeple.sim.design`). Seat figures, game length, endings, ties, lead changes,
  decision points and the game's own statistics come from it.
* **skill** (unless ``skill`` is None): one stronger bot against weaker ones,
  rotated through every seat: how much a better player wins more.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping, Sequence
from typing import Any, Final, Literal

import attrs

from ..core.capabilities import ENDED_BY, STALLED
from ..core.errors import InvalidOptionsError
from ..core.options import build_options, options_to_json
from ..core.registry import resolve_game
from .batch import Backend, Task, check_batch, chunk_size_for, run_tasks
from .design import bot_spec, seatings, seats_comparable, skill_seatings
from .runner import GameResult
from .stats import Estimate, difference, mean_of, percentile, share, shifted

__all__ = [
    "LATE",
    "Analysis",
    "Block",
    "Comparison",
    "Figure",
    "VariantReport",
    "analyze",
    "compare_variants",
    "summarize_block",
]

LATE: Final = 0.9
"""A game is "decided late" when its winners took the lead for good only after this
fraction of its actions."""

DesignName = Literal["main", "skill"]


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


@attrs.frozen
class Analysis:
    """A finished analysis: the setting, the games, the figures, the comparison."""

    game: str
    """The game's registered name."""
    game_ref: str
    """The game as the caller named it (a registered name or ``package.module:ATTR``)."""
    title: str
    rules_version: str
    players: int
    deals: int
    seed: int
    lineup: tuple[str, ...]
    rotate: bool
    skill: str | None
    skill_against: str
    blocks: tuple[Block, ...]
    variants: tuple[VariantReport, ...]
    comparison: tuple[Comparison, ...]

    @property
    def seats_comparable(self) -> bool:
        """Whether the main design makes seats comparable (see `meeple.sim.design`)."""
        return seats_comparable(seatings(self.lineup, self.rotate))

    def blocks_of(self, variant: str, design: DesignName) -> tuple[Block, ...]:
        """The blocks of one variant and design, in seating order."""
        return tuple(b for b in self.blocks if b.variant == variant and b.design == design)


Progress = Callable[[int], None]


def analyze(
    game: str,
    players: int,
    lineup: Sequence[str],
    deals: int,
    seed: int = 0,
    *,
    rotate: bool = False,
    options: Mapping[str, Any] | None = None,
    compare: Mapping[str, Any] | None = None,
    skill: str | None = "greedy:worlds=1",
    skill_against: str = "random",
    backend: Backend = "local",
    workers: int | None = None,
    ray_address: str | None = None,
    progress: Progress | None = None,
) -> Analysis:
    """Play every design for the base options (variant A) and, with `compare`, for the
    base options updated by `compare` (variant B); summarize and compare them.

    lineup: one bot spec per seat (see `meeple.sim.design.lineup_for`).
    deals: game seeds, ``game_seed(seed, 0..deals-1)``; each is played once per
        seating of each design and variant.
    """
    resolved = resolve_game(game)
    lineup = tuple(bot_spec(bot) for bot in lineup)
    skill = None if skill is None else bot_spec(skill)
    skill_against = bot_spec(skill_against)
    if skill is not None and skill == skill_against:
        raise InvalidOptionsError(
            f"the skill design needs two different bots, not {skill} against itself"
        )
    if len(lineup) != players:
        raise InvalidOptionsError(f"the lineup names {len(lineup)} bots for {players} seats")
    if deals < 2:
        raise InvalidOptionsError(f"an analysis needs at least 2 deals, not {deals}")
    base = dict(options or {})
    variants: list[tuple[str, dict[str, Any]]] = [("A", _canonical(resolved, base))]
    if compare:
        other = _canonical(resolved, {**base, **compare})
        if other == variants[0][1]:
            raise InvalidOptionsError("--compare gives the same options as the base set")
        variants.append(("B", other))
    options_of = dict(variants)
    plans: list[tuple[str, DesignName, int, tuple[str, ...]]] = []
    for label in options_of:
        for r, seating in enumerate(seatings(lineup, rotate)):
            plans.append((label, "main", r, seating))
        if skill is not None:
            for r, seating in enumerate(skill_seatings(skill, skill_against, players)):
                plans.append((label, "skill", r, seating))
    for label, _, _, seating in plans:
        check_batch(game, players, seating, options_of[label])
    size = chunk_size_for(deals * len(plans), workers)
    tasks: list[Task] = []
    owner: list[int] = []
    for p, (label, _, _, seating) in enumerate(plans):
        for start in range(0, deals, size):
            indices = tuple(range(start, min(deals, start + size)))
            tasks.append(
                Task(game, players, seating, seed, indices, options_of[label], vitals=True)
            )
            owner.append(p)
    done = run_tasks(
        tasks, backend=backend, workers=workers, progress=progress, ray_address=ray_address
    )
    gathered: list[list[GameResult]] = [[] for _ in plans]
    for p, results in zip(owner, done, strict=True):
        gathered[p].extend(results)
    blocks = tuple(
        Block(label, design, r, seating, tuple(sorted(gathered[p], key=lambda g: g.index)))
        for p, (label, design, r, seating) in enumerate(plans)
    )
    categories = _categories([b for b in blocks if b.design == "main"])
    reports = tuple(
        summarize_block(
            label,
            opts,
            players,
            [b for b in blocks if b.variant == label and b.design == "main"],
            [b for b in blocks if b.variant == label and b.design == "skill"],
            skill,
            skill_against,
            categories,
        )
        for label, opts in variants
    )
    return Analysis(
        game=resolved.spec.name,
        game_ref=game,
        title=resolved.spec.title,
        rules_version=resolved.spec.rules_version,
        players=players,
        deals=deals,
        seed=seed,
        lineup=tuple(lineup),
        rotate=rotate,
        skill=skill,
        skill_against=skill_against,
        blocks=blocks,
        variants=reports,
        comparison=compare_variants(reports[0], reports[1]) if len(reports) == 2 else (),
    )


def _canonical(game: Any, values: Mapping[str, Any]) -> dict[str, Any]:
    """The options as JSON, defaults left out (checked by building them)."""
    return options_to_json(build_options(game.spec.name, game.options_type, dict(values)))


def _categories(blocks: Sequence[Block]) -> dict[str, tuple[str, ...]]:
    """Every value each text statistic takes in these games (so that both variants
    report every value, a value one of them never saw as a share of 0)."""
    found: dict[str, set[str]] = {}
    for b in blocks:
        for r in b.results:
            for key, value in r.vitals.statistics if r.vitals else ():
                if isinstance(value, str):
                    found.setdefault(key, set()).add(value)
    return {key: tuple(sorted(values)) for key, values in found.items()}


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
        figures.append(
            Figure(
                "skill score edge",
                f"Score edge of {strong} over {weak}",
                "skill",
                mean_of(gaps),
                f"Average of {strong}'s score minus {weak}'s on the same deal.",
            )
        )
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
        Figure(
            "skill score edge",
            f"Score edge of {strong} over {weak}",
            "skill",
            mean_of(gaps),
            f"Average of {strong}'s score minus the mean score of the {weak} bots "
            "in the same game.",
        )
    )
    return figures


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

"""A balance analysis: a game's vital signs under a seat-fair design, for one or two
option sets, every figure with its 95% interval, every test corrected together.

`analyze` plays the games (through `run_tasks`, so on local processes or Ray with
identical results) and `summarize_block` turns them into `Figure` objects; the
report writer (`meeple.sim.report`) draws and prints them. Everything here depends
only on the arguments, never on the backend, the workers or the clock.

Designs, per option set (a *variant*), all on the same deals (game seeds):

* **main**: the lineup, rotated through the seats with ``rotate`` (see
  `meeple.sim.design`). Seat figures, game length, endings, ties, lead changes,
  drama, how play goes and the game's own statistics come from it.
* **skill** (unless the ladder is empty): the skill ladder (`meeple.sim.ladder`),
  each step one bot of a rung against bots of the rung below, rotated through every
  seat: how much better play wins more.

Both variants play the same deals in the same seatings, so B - A is paired.
"""

from __future__ import annotations

from collections.abc import Callable
from collections.abc import Mapping
from collections.abc import Sequence
from typing import Any

import attrs

from ..core.errors import InvalidOptionsError
from ..core.options import build_options
from ..core.options import options_to_json
from ..core.registry import resolve_game
from .batch import Backend
from .batch import Task
from .batch import check_batch
from .batch import chunk_size_for
from .batch import run_tasks
from .correction import correct_page
from .design import bot_spec
from .design import seatings
from .design import seats_comparable
from .figures import Block
from .figures import Comparison
from .figures import DesignName
from .figures import Figure
from .figures import VariantReport
from .figures import compare_variants
from .ladder import check_ladder
from .ladder import flag_ladder
from .ladder import ladder_seatings
from .measures import LATE
from .measures import summarize_block
from .runner import GameResult

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
    ladder: tuple[str, ...]
    """The skill ladder's rungs, weakest first (empty: not played)."""
    blocks: tuple[Block, ...]
    variants: tuple[VariantReport, ...]
    comparison: tuple[Comparison, ...]
    chosen: str | None = None
    """How the bots were chosen when the caller did not name them (a time budget)."""

    @property
    def seats_comparable(self) -> bool:
        """Whether the main design makes seats comparable (see `meeple.sim.design`)."""
        return seats_comparable(seatings(self.lineup, self.rotate))

    def blocks_of(self, variant: str, design: DesignName) -> tuple[Block, ...]:
        """The blocks of one variant and design, in seating order."""
        return tuple(b for b in self.blocks if b.variant == variant and b.design == design)


Progress = Callable[[int], None]

Plan = tuple[str, DesignName, int, int, tuple[str, ...]]
"""(variant, design, ladder step, rotation, seating): one seating of one design."""

DEFAULT_LADDER = ("random", "greedy:worlds=1")
"""The ladder of `analyze` unless told: one step, cheap enough for any game (the
command line plays a longer one, sized to a time budget: `meeple.sim.budget`)."""


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
    ladder: Sequence[str] = DEFAULT_LADDER,
    backend: Backend = "local",
    workers: int | None = None,
    ray_address: str | None = None,
    progress: Progress | None = None,
    chosen: str | None = None,
) -> Analysis:
    """Play every design for the base options (variant A) and, with `compare`, for the
    base options updated by `compare` (variant B); summarize, compare and correct.

    lineup: one bot spec per seat (see `meeple.sim.design.lineup_for`).
    deals: game seeds, ``game_seed(seed, 0..deals-1)``; each is played once per
        seating of each design and variant.
    ladder: the skill ladder's bots, weakest first; empty to skip it.
    chosen: a sentence for the page saying how the bots were chosen, if not by hand.
    """
    resolved = resolve_game(game)
    lineup, rungs = _checked_design(lineup, ladder, players, deals)
    variants = _variants(resolved, options, compare)
    plans = _plans(variants, lineup, rotate, rungs, players)
    for label, _, _, _, seating in plans:
        check_batch(game, players, seating, dict(variants)[label])
    blocks = _play(game, players, seed, deals, plans, dict(variants), backend, workers,
                   ray_address, progress)  # fmt: skip
    reports, comparison = _summaries(blocks, variants, players, rungs)
    return Analysis(
        game=resolved.spec.name,
        game_ref=game,
        title=resolved.spec.title,
        rules_version=resolved.spec.rules_version,
        players=players,
        deals=deals,
        seed=seed,
        lineup=lineup,
        rotate=rotate,
        ladder=rungs,
        blocks=blocks,
        variants=reports,
        comparison=comparison,
        chosen=chosen,
    )


def _checked_design(
    lineup: Sequence[str], ladder: Sequence[str], players: int, deals: int
) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """The lineup and ladder written one way; InvalidOptionsError for a bad design."""
    bots = tuple(bot_spec(bot) for bot in lineup)
    rungs = check_ladder(ladder) if ladder else ()
    if len(bots) != players:
        raise InvalidOptionsError(f"the lineup names {len(bots)} bots for {players} seats")
    if deals < 2:
        raise InvalidOptionsError(f"an analysis needs at least 2 deals, not {deals}")
    return bots, rungs


def _variants(
    resolved: Any, options: Mapping[str, Any] | None, compare: Mapping[str, Any] | None
) -> list[tuple[str, dict[str, Any]]]:
    """(label, options as JSON) of variant A and, with `compare`, of variant B."""
    base = dict(options or {})
    variants: list[tuple[str, dict[str, Any]]] = [("A", _canonical(resolved, base))]
    if compare:
        other = _canonical(resolved, {**base, **compare})
        if other == variants[0][1]:
            raise InvalidOptionsError("--compare gives the same options as the base set")
        variants.append(("B", other))
    return variants


def _plans(
    variants: Sequence[tuple[str, dict[str, Any]]],
    lineup: tuple[str, ...],
    rotate: bool,
    ladder: tuple[str, ...],
    players: int,
) -> list[Plan]:
    """Every seating each variant plays: the main design's, then the ladder's."""
    plans: list[Plan] = []
    for label, _ in variants:
        plans += [(label, "main", 0, r, s) for r, s in enumerate(seatings(lineup, rotate))]
        if ladder:
            plans += [(label, "skill", k, r, s) for k, r, s in ladder_seatings(ladder, players)]
    return plans


def _play(
    game: str,
    players: int,
    seed: int,
    deals: int,
    plans: Sequence[Plan],
    options_of: Mapping[str, dict[str, Any]],
    backend: Backend,
    workers: int | None,
    ray_address: str | None,
    progress: Progress | None,
) -> tuple[Block, ...]:
    """Every plan's games on every deal, in chunks spread over the workers."""
    size = chunk_size_for(deals * len(plans), workers)
    tasks: list[Task] = []
    owner: list[int] = []
    for p, (label, _, _, _, seating) in enumerate(plans):
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
    return tuple(
        Block(label, design, r, seating, tuple(sorted(gathered[p], key=lambda g: g.index)), step)
        for p, (label, design, step, r, seating) in enumerate(plans)
    )


def _summaries(
    blocks: Sequence[Block],
    variants: Sequence[tuple[str, dict[str, Any]]],
    players: int,
    ladder: tuple[str, ...],
) -> tuple[tuple[VariantReport, ...], tuple[Comparison, ...]]:
    """Each variant's figures, B - A, every test corrected together, the ladder flagged."""
    categories = _categories([b for b in blocks if b.design == "main"])

    def of(label: str, design: DesignName) -> list[Block]:
        return [b for b in blocks if b.variant == label and b.design == design]

    reports = tuple(
        summarize_block(
            label, opts, players, of(label, "main"), of(label, "skill"), ladder, categories
        )
        for label, opts in variants
    )
    comparison = compare_variants(reports[0], reports[1]) if len(reports) == 2 else ()
    reports, comparison = correct_page(reports, comparison)
    return tuple(flag_ladder(r, players) for r in reports), comparison


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

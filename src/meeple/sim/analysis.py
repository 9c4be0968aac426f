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
from .design import bot_spec
from .design import seatings
from .design import seats_comparable
from .design import skill_seatings
from .figures import Block
from .figures import Comparison
from .figures import DesignName
from .figures import Figure
from .figures import VariantReport
from .figures import compare_variants
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

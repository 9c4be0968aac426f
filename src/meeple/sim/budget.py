"""Competent bots within a time budget: what `meeple analyze` plays when not told.

A balance figure from weak play is a figure about weak play, so the report's default
bots are the strongest that fit `BUDGET_SECONDS` on `BUDGET_CORES` cores: MCTS in every
seat of the main design, and a skill ladder up to MCTS at four times that budget
(`meeple.sim.ladder.default_ladder`). In a game with a ``heuristic`` capability the MCTS
is ``guided`` (in the default runs level with the heuristic bot or better, where plain
MCTS at 25 iterations lost to it); in one without, it is plain ``mcts``, and the
heuristic rung plays the main design where the budget allows fewer than `COMPETENT`
iterations. The iteration budget is the largest of `TIERS` whose estimated run fits; if
none does at `DEFAULT_DEALS` deals, fewer deals are played (never fewer than
`MIN_DEALS`).

The estimate never reads the clock, so the same command plans the same bots on
any machine: one seeded probe game (`PROBE_BOT` in every seat, or `GUIDED_PROBE_BOT`
in a game with a heuristic) gives the number of actions and each decision's legal
actions; each bot's work is counted in *steps* (one state advanced and its legal
actions listed), and `STEP_SECONDS` converts steps to seconds, calibrated on the
built-in games. It is an estimate: a game whose steps
are much dearer than the built-in games' takes longer than planned.
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from typing import Any
from typing import Final

import attrs

from ..bots import make_bot
from ..bots.spec import parse_bot_spec
from ..core.capabilities import HasHeuristic
from ..core.protocols import Game
from ..core.turns import asking_order
from .design import bot_param
from .design import seatings
from .ladder import HEURISTIC_RUNG
from .ladder import default_ladder
from .ladder import ladder_seatings
from .ladder import mcts_rung
from .runner import game_seed

__all__ = [
    "BUDGET_CORES",
    "BUDGET_SECONDS",
    "COMPETENT",
    "DEFAULT_DEALS",
    "GUIDED_PROBE_BOT",
    "MIN_DEALS",
    "STEP_SECONDS",
    "TIERS",
    "BotPlan",
    "Probe",
    "estimate_seconds",
    "plan_bots",
    "probe_game",
]

BUDGET_SECONDS: Final = 60.0
"""The default report's time budget: about a minute..."""
BUDGET_CORES: Final = 2
"""...on two cores (more cores finish sooner; the plan does not depend on them)."""
DEFAULT_DEALS: Final = 40
"""Deals of a default report, unless the budget asks for fewer."""
MIN_DEALS: Final = 10
"""The fewest deals a default report plays, whatever the budget."""
TIERS: Final = (400, 200, 100, 50, 25, 10)
"""MCTS iteration budgets tried, strongest first."""
COMPETENT: Final = 25
"""The fewest MCTS iterations the main design seats: below this, MCTS lost to the
heuristic rung in the built-in games (Wypas: 10 iterations won 3% against it, with
3 players), so the main design seats the heuristic rung instead."""
STEP_SECONDS: Final = 10e-6
"""Seconds one step of bot work costs on one core (calibrated on the built-in games)."""
PROBE_BOT: Final = "greedy:worlds=1"
"""The bot in every seat of the probe game of a game without a heuristic: cheap, and it
plays games to their end."""
GUIDED_PROBE_BOT: Final = HEURISTIC_RUNG
"""The bot in every seat of the probe game of a game with a heuristic: the guided MCTS
the plan seats values positions with that heuristic, and games between them last about
as long as the heuristic bot's (Wypas, 3 players: 241 actions, guided bots' about 220;
greedy bots, looking at the score alone, ran it to the round limit, 2,040)."""
_DETERMINIZE: Final = 2
"""Steps one sampled world (`game.determinize`) is counted as."""
_TREE: Final = 2
"""Steps an MCTS iteration's walk down its tree is counted as."""
_GUIDED: Final = 20
"""Steps a ``guided`` iteration's heuristic values (its leaf's, and its share of the
priors) are counted as (calibrated on the built-in games' default reports)."""


@attrs.frozen
class Probe:
    """One probe game: for each decision, its seat and how many legal actions it had."""

    players: int
    decisions: tuple[tuple[int, int], ...]
    guided: bool = False
    """Whether the game offers a heuristic, so its MCTS rungs are ``guided``."""

    @property
    def kind(self) -> str:
        """The MCTS kind of the main design and the ladder's top rungs."""
        return "guided" if self.guided else "mcts"


@attrs.frozen
class BotPlan:
    """The bots and deals a report plays, and a sentence saying how they were chosen."""

    lineup: tuple[str, ...]
    ladder: tuple[str, ...]
    deals: int
    seconds: float
    """Estimated seconds on `BUDGET_CORES` cores."""
    reason: str


def probe_game(game: Game, players: int, options: Any = None) -> Probe:
    """Play one seeded game with `PROBE_BOT` in every seat (`GUIDED_PROBE_BOT` in a game
    with a heuristic), noting each decision."""
    guided = isinstance(game, HasHeuristic)
    spec = GUIDED_PROBE_BOT if guided else PROBE_BOT
    state = game.start(players, seed=game_seed(0, 0), options=options)
    bots = [make_bot(spec, game, game_seed(1, p)) for p in range(players)]
    decisions: list[tuple[int, int]] = []
    bound = game.spec.max_steps(players)
    while not state.is_over and len(decisions) < bound:
        player = next(iter(asking_order(state)))
        legal = state.legal_actions(player)
        decisions.append((player, len(legal)))
        state = state.apply(bots[player].choose(state.view(player), legal), player)
    return Probe(players, tuple(decisions), guided)


@functools.cache
def _work(spec: str) -> tuple[float, float, int | None, float]:
    """(fixed steps, steps per iteration before the rollout, rollout depth (None: to the
    end), sampled worlds) of one decision of bot `spec`."""
    if parse_bot_spec(spec).kind == "random":
        return 1.0, 0.0, 0, 0.0
    seconds = bot_param(spec, "time_limit")
    if seconds is not None:
        return float(seconds) / STEP_SECONDS, 0.0, 0, 0.0
    iterations = bot_param(spec, "iterations")
    if iterations is not None:
        depth = bot_param(spec, "rollout_depth")
        return 0.0, float(iterations), None if depth is None else int(depth), 0.0
    return 0.0, 0.0, 0, float(bot_param(spec, "worlds") or 1)


def _decision_steps(spec: str, legal: int, remaining: int) -> float:
    """Steps one decision of bot `spec` costs, with `legal` actions and `remaining`
    actions left in the game: an MCTS iteration samples a world, walks its tree and
    plays out (to its depth or the end); a greedy world is sampled and each action tried.
    A ``guided`` iteration plays out nothing but values the node it reaches and, once
    a node, each of its actions one step ahead (`_GUIDED`)."""
    fixed, iterations, depth, worlds = _work(spec)
    rollout = remaining if depth is None else min(depth, remaining)
    if parse_bot_spec(spec).kind == "guided":
        rollout = _GUIDED
    return fixed + iterations * (_DETERMINIZE + _TREE + rollout) + worlds * (_DETERMINIZE + legal)


def _game_steps(probe: Probe, seating: Sequence[str]) -> float:
    total = len(probe.decisions)
    return total + sum(
        _decision_steps(seating[player], legal, total - j - 1)
        for j, (player, legal) in enumerate(probe.decisions)
        if legal > 1
    )


def estimate_seconds(
    probe: Probe,
    lineup: Sequence[str],
    rotate: bool,
    ladder: Sequence[str],
    deals: int,
    variants: int = 1,
) -> float:
    """Estimated seconds of a report on `BUDGET_CORES` cores."""
    plan = list(seatings(lineup, rotate))
    plan += [seating for _, _, seating in ladder_seatings(ladder, probe.players)] if ladder else []
    steps = sum(_game_steps(probe, seating) for seating in plan)
    return steps * deals * variants * STEP_SECONDS / BUDGET_CORES


def plan_bots(
    probe: Probe,
    *,
    lineup: Sequence[str] | None,
    rotate: bool,
    ladder: Sequence[str] | None,
    deals: int | None,
    variants: int = 1,
) -> BotPlan:
    """The strongest tier that fits the budget, for what the caller left open (None)."""
    players = probe.players
    for tier in TIERS:
        chosen_lineup = (
            tuple(lineup) if lineup is not None else (_main_bot(tier, probe.kind),) * players
        )
        chosen_ladder = tuple(ladder) if ladder is not None else default_ladder(tier, probe.kind)
        count = deals if deals is not None else DEFAULT_DEALS
        seconds = estimate_seconds(probe, chosen_lineup, rotate, chosen_ladder, count, variants)
        fits = seconds <= BUDGET_SECONDS
        if not fits and tier == TIERS[-1] and deals is None:
            per_deal = seconds / count
            count = max(MIN_DEALS, min(count, int(BUDGET_SECONDS / per_deal)))
            seconds = per_deal * count
        if fits or tier == TIERS[-1]:
            return BotPlan(
                chosen_lineup,
                chosen_ladder,
                count,
                seconds,
                _reason(tier, probe.kind, count, seconds),
            )
    raise AssertionError("unreachable: the last tier always returns")


def _main_bot(tier: int, kind: str) -> str:
    """The main design's bot: MCTS at the tier, or the heuristic rung where plain MCTS
    gets fewer than `COMPETENT` iterations."""
    return mcts_rung(tier, kind) if tier >= COMPETENT or kind == "guided" else HEURISTIC_RUNG


def _reason(tier: int, kind: str, deals: int, seconds: float) -> str:
    main = (
        ""
        if tier >= COMPETENT or kind == "guided"
        else f"; below {COMPETENT} iterations MCTS plays worse than the {HEURISTIC_RUNG} bot, "
        "so the main design seats that"
    )
    search = "guided MCTS (the game's heuristic at its leaves)" if kind == "guided" else "MCTS"
    return (
        f"Bots chosen for a budget of about {BUDGET_SECONDS:.0f} s on {BUDGET_CORES} cores: "
        f"the strongest {search} budget of {', '.join(map(str, TIERS))} iterations that "
        f"fits is {tier} ({deals} deals, an estimated {seconds:.0f} s from a probe game's "
        f"length and choices; an estimate, not a measurement){main}."
    )

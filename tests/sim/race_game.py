"""A tiny race for the balance report's tests: a game where skill decides, one where
luck does, and a round limit that stalls some games.

Rules of "Race": players take turns; on a turn a player steps 1 or 2 forward. The
first to reach the target ends the game (a natural end). If nobody has reached it
after the round limit, the game stops there (a stall). The furthest player wins,
tied players share. With ``luck=true`` the step is a coin from the seed (1 or 2)
whatever the player chose, so no choice matters.

Heuristic bots always step 2 (the heuristic is the distance run), so in the skill race
a heuristic bot beats a random one nearly always: the ladder's "saturated" case. In the
luck race no bot is better than another: the "inconclusive" case.
"""

from __future__ import annotations

import attrs

from meeple.core import ENDED_BY
from meeple.core import NOBODY
from meeple.core import ONE_SEAT
from meeple.core import STALLED
from meeple.core import GameBase
from meeple.core import MalformedActionError
from meeple.core import Outcome
from meeple.core import StateBase
from meeple.core import replace
from meeple.core import rng as R  # noqa: N812  # R reads well for "the rng module"
from meeple.core.capabilities import Statistic
from meeple.core.edit import bump
from meeple.core.seats import next_seat

from ..shared import spec_of_test_game


@attrs.frozen
class Options:
    """The target, the round limit and whether the steps are left to chance."""

    target: int = 8
    rounds: int = 6
    luck: bool = False

    def __attrs_post_init__(self) -> None:
        if not 1 <= self.target <= 40 or not 1 <= self.rounds <= 40:
            raise ValueError("target and rounds must be 1-40")


@attrs.frozen
class Step:
    """Step `size` (1 or 2) forward."""

    size: int

    def __str__(self) -> str:
        return f"step {self.size}"


def parse_action(text: str) -> Step:
    """The inverse of ``str(action)``."""
    if text not in ("step 1", "step 2"):
        raise MalformedActionError(f"race: cannot read {text!r} (write: step 1 or step 2)")
    return Step(int(text[-1]))


@attrs.frozen(slots=False)
class State(StateBase):
    """Where everyone is, whose turn, the turns taken and the coin's stream."""

    players: int
    to_act: frozenset[int]
    places: tuple[int, ...]
    turns: int
    rng: int
    target: int
    rounds: int
    luck: bool
    stalled: bool = False

    @property
    def over(self) -> bool:
        """Whether the race has ended (nobody is to act)."""
        return not self.to_act


def start(players: int, seed: int, options: Options) -> State:
    """Everyone at 0, seat 0 to move."""
    return State(
        players,
        ONE_SEAT[0],
        (0,) * players,
        0,
        R.seed_rng(seed),
        options.target,
        options.rounds,
        options.luck,
    )


def legal_actions(s: State, p: int) -> tuple[Step, ...]:
    """Always the two steps."""
    return (Step(1), Step(2))


def successor(s: State, a: Step, p: int) -> State:
    """Step (by the coin in the luck race); the target or the round limit ends it."""
    size, rng = a.size, s.rng
    if s.luck:
        coin, rng = R.below(s.rng, 2)
        size = coin + 1
    places = bump(s.places, p, size)
    turns = s.turns + 1
    if places[p] >= s.target:
        return replace(s, to_act=NOBODY, places=places, turns=turns, rng=rng)
    if turns >= s.rounds * s.players:
        return replace(s, to_act=NOBODY, places=places, turns=turns, rng=rng, stalled=True)
    nxt = ONE_SEAT[next_seat(p, s.players)]
    return replace(s, to_act=nxt, places=places, turns=turns, rng=rng)


def outcome(s: State) -> Outcome:
    """The furthest wins."""
    return Outcome.from_keys(list(s.places), final=s.over)


@attrs.frozen
class View:
    """Everything is public but the coin's stream."""

    player: int | None
    players: int
    to_act: frozenset[int]
    places: tuple[int, ...]
    turns: int
    target: int
    rounds: int
    luck: bool
    stalled: bool


def view_of(s: State, player: int | None) -> View:
    """All but the coin."""
    return View(
        player, s.players, s.to_act, s.places, s.turns, s.target, s.rounds, s.luck, s.stalled
    )


def determinize(view: View, seed: int) -> State:
    """A fresh coin stream from `seed`."""
    return State(
        view.players, view.to_act, view.places, view.turns, R.seed_rng(seed),
        view.target, view.rounds, view.luck, view.stalled,
    )  # fmt: skip


def prompt(view: View) -> str:
    """One line, from the seat's view (the hook never sees the state)."""
    return "step 1 or step 2" if view.to_act else "the race is over"


def render(view: View) -> str:
    """Each runner's place."""
    return "\n".join(f"{p}: {n}/{view.target}" for p, n in enumerate(view.places))


class Race(GameBase[State, Step, View]):
    """The race, wired into the core's template, with a heuristic and statistics."""

    spec = spec_of_test_game("race", "Race", 4, lambda players: 40 * players)
    options_type = Options
    state_type = State
    view_type = View
    action_types = (Step,)

    # the rules
    _start = staticmethod(start)
    _legal_actions = staticmethod(legal_actions)
    _successor = staticmethod(successor)
    _outcome = staticmethod(outcome)

    def statistics(self, state: State) -> dict[str, Statistic]:
        """How the race ended."""
        return {ENDED_BY: "round limit" if state.stalled else "target", STALLED: state.stalled}

    # what a seat sees and types
    _view = staticmethod(view_of)
    _determinize = staticmethod(determinize)
    _parse_action = staticmethod(parse_action)
    _render = staticmethod(render)
    _prompt = staticmethod(prompt)

    def heuristic(self, state: State) -> tuple[float, ...]:
        """The share of the target each runner has covered."""
        return tuple(min(1.0, n / state.target) for n in state.places)


RACE = Race()
"""Not registered: analyses name it ``tests.sim.race_game:RACE``."""

"""The smallest game on the core's template (GameBase + StateBase), for the core's tests.

Rules of "Nim with a hidden bonus": heaps of stones; on a turn a player takes 1-3
stones from one heap. Whoever takes the last stone wins. At the start each player
is dealt a secret bonus chip (0 or 1) from the seed; it only breaks nothing (it is
shown in the outcome's details), but it gives the views something to hide.

Everything the built-in games split into modules sits in this one file, in the
same order: options, actions (printer and parser side by side), state, setup,
legal, transitions, scoring, view, explain, render, game.
"""

from __future__ import annotations

import enum
from typing import Final

import attrs

from meeple.core import NOBODY
from meeple.core import ONE_SEAT
from meeple.core import EncodingBase
from meeple.core import GameBase
from meeple.core import Layout
from meeple.core import MalformedActionError
from meeple.core import Outcome
from meeple.core import StateBase
from meeple.core import replace
from meeple.core import rng as R  # noqa: N812  # R reads well for "the rng module"
from meeple.core.edit import bump
from meeple.core.seats import next_seat

from .shared import spec_of_test_game

HEAPS: Final = (3, 4, 5)


@attrs.frozen
class Options:
    """Nim's one option."""

    heaps: tuple[int, ...] = HEAPS
    """Stones in each heap at the start."""

    def __attrs_post_init__(self) -> None:
        if not self.heaps or any(not 1 <= h <= 9 for h in self.heaps):
            raise ValueError("heaps must hold 1-9 stones each")


@attrs.frozen
class Take:
    """Take `count` stones from heap `heap`."""

    heap: int
    count: int

    def __str__(self) -> str:
        return f"take {self.count} from {self.heap}"


def parse_action(text: str) -> Take:
    """The inverse of ``str(action)``."""
    words = text.split()
    if len(words) != 4 or words[0] != "take" or words[2] != "from":
        raise MalformedActionError(f"nim: cannot read {text!r} (write: take N from H)")
    if not (words[1].isdigit() and words[3].isdigit()):
        raise MalformedActionError(f"nim: cannot read {text!r}: counts are numbers")
    return Take(int(words[3]), int(words[1]))


class Phase(enum.StrEnum):
    """Nim has one phase, and the end."""

    PLAY = "play"
    OVER = "over"


@attrs.frozen(slots=False)
class State(StateBase):
    """Heaps, whose turn, and the secret chips."""

    players: int
    to_act: frozenset[int]
    phase: Phase
    heaps: tuple[int, ...]
    chips: tuple[int, ...]
    winner: int = -1


def start(players: int, seed: int, options: Options) -> State:
    """Deal the chips from the seed."""
    rng = R.seed_rng(seed)
    chips = []
    for _ in range(players):
        chip, rng = R.below(rng, 2)
        chips.append(chip)
    return State(players, ONE_SEAT[0], Phase.PLAY, options.heaps, tuple(chips))


def legal_actions(s: State, p: int) -> tuple[Take, ...]:
    """Every take from every heap."""
    return tuple(
        Take(h, k) for h, stones in enumerate(s.heaps) for k in range(1, min(3, stones) + 1)
    )


def successor(s: State, a: Take, p: int) -> State:
    """Take the stones; the last stone wins."""
    heaps = bump(s.heaps, a.heap, -a.count)
    if not any(heaps):
        return replace(s, to_act=NOBODY, phase=Phase.OVER, heaps=heaps, winner=p)
    return replace(s, to_act=ONE_SEAT[next_seat(p, s.players)], heaps=heaps)


def outcome(s: State) -> Outcome:
    """The winner scores 1."""
    scores = [int(p == s.winner) for p in range(s.players)]
    return Outcome.from_keys(scores, final=s.phase == Phase.OVER)


@attrs.frozen
class View:
    """Everything but the other players' chips."""

    player: int | None
    players: int
    to_act: frozenset[int]
    heaps: tuple[int, ...]
    chip: int | None
    winner: int = -1
    """Who took the last stone (-1 until then): the final outcome tells everyone."""


def view_of(s: State, player: int | None) -> View:
    """Hide the others' chips."""
    chip = None if player is None else s.chips[player]
    return View(player, s.players, s.to_act, s.heaps, chip, s.winner)


def determinize(view: View, seed: int) -> State:
    """Deal the unseen chips from `seed`."""
    rng = R.seed_rng(seed)
    chips = []
    for p in range(view.players):
        chip, rng = R.below(rng, 2)
        chips.append(view.chip if p == view.player and view.chip is not None else chip)
    over = not view.to_act
    phase = Phase.OVER if over else Phase.PLAY
    return State(view.players, view.to_act, phase, view.heaps, tuple(chips), view.winner)


def prompt(v: View) -> str:
    """One line, from the seat's view."""
    return "the game is over" if not v.to_act else "take 1-3 stones from one heap"


def render(view: View) -> str:
    """Heaps as rows of stones."""
    return "\n".join(f"{h}: {'o' * n}" for h, n in enumerate(view.heaps))


def layout(players: int) -> Layout:
    """Heaps, then whose turn."""
    return Layout.of("nim", players, [("heaps", len(HEAPS)), ("to_act", players)])


def encode_view(view: View) -> tuple[float, ...]:
    """Heaps over 9, the seat to act one-hot."""
    w = layout(view.players).writer()
    w.put("heaps", [n / 9 for n in view.heaps])
    w.ones("to_act", view.to_act)
    return w.done()


SPEC = spec_of_test_game("nim", "Nim", 3, lambda players: 9 * 9)


class Nim(GameBase[State, Take, View], EncodingBase[Take, View]):
    """Nim, wired into the core's template with one line per hook."""

    spec = SPEC
    options_type = Options
    state_type = State
    view_type = View
    action_types = (Take,)

    _start = staticmethod(start)
    _parse_action = staticmethod(parse_action)
    _legal_actions = staticmethod(legal_actions)
    _successor = staticmethod(successor)
    _outcome = staticmethod(outcome)
    _view = staticmethod(view_of)
    _determinize = staticmethod(determinize)
    _render = staticmethod(render)
    _prompt = staticmethod(prompt)

    _vocabulary = staticmethod(
        lambda players: tuple(Take(h, k) for h in range(len(HEAPS)) for k in (1, 2, 3))
    )
    _observation_size = staticmethod(lambda players: layout(players).size)
    _encode_view = staticmethod(encode_view)


NIM = Nim()
"""Not registered: the core's tests use it directly."""

"""Building hand-made Wypas positions for rule tests, and seeded walks through games.

`arrange` starts a real game and overwrites the fields a test cares about; every
card the test does not place goes back into the deck, so the position conserves
all the cards and passes `State.validate`.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from meeple.core import ONE_SEAT
from meeple.core import replace
from meeple.core import rng
from meeple.wypas import GAME
from meeple.wypas import Options
from meeple.wypas.components import DECK
from meeple.wypas.components import FACE_NAME
from meeple.wypas.components import NAME_FACE
from meeple.wypas.components import NAME_KIND
from meeple.wypas.components import SHEEP_DECK
from meeple.wypas.components import placed
from meeple.wypas.invariants import cards_in_play
from meeple.wypas.offers import with_offers
from meeple.wypas.redyk import accepted_faces
from meeple.wypas.state import CHOOSE
from meeple.wypas.state import REDYK
from meeple.wypas.state import State

from ..shared import texts as texts

__all__ = [
    "EMPTY",
    "FACE_NAME",
    "accepts",
    "arrange",
    "choose",
    "face",
    "hand",
    "k",
    "pen",
    "play",
    "redyk",
    "sheep",
    "texts",
    "walk",
]

EMPTY: tuple[int, ...] = ()
"""An empty hand or pen."""


def k(name: str) -> int:
    """The kind named `name` (``red-3``, ``dolly-red``, ``super``, ``wolf``...)."""
    return NAME_KIND[name]


def hand(*names: str) -> tuple[int, ...]:
    """A sorted hand of the named cards."""
    return tuple(sorted(k(n) for n in names))


def sheep(name: str, shows: str | None = None) -> int:
    """A placed sheep: ``sheep("red-3")``, ``sheep("dolly-red", "red-5")``, ``sheep("black")``."""
    if name == "black":
        return placed(k("black"), 0)
    return placed(k(name), NAME_FACE[shows if shows is not None else name])


def pen(*cards: str) -> tuple[int, ...]:
    """A pen of plain sheep (or ``black``) by name."""
    return tuple(sheep(c) for c in cards)


def face(name: str) -> int:
    """The face int of ``red-3``."""
    return NAME_FACE[name]


def arrange(players: int = 4, options: Options | None = None, **changes: Any) -> State:
    """A validated position: a fresh game with `changes`, unused cards in the deck.

    `to_act` follows `actor` and the offers the hands make (`meeple.wypas.offers`)
    unless given. The deck is rebuilt (sorted, so the top card is the highest kind)
    from the cards no other zone holds.
    """
    opts = options if options is not None else Options()
    state = GAME.start(players, seed=0, options=opts)
    base: dict[str, Any] = {
        "hands": (EMPTY,) * players,
        "discard": (),
        "drawn": (),
        "lots": (),
        "face_down": -1,
    }
    base.update(changes)
    if "actor" in base and "to_act" not in base:
        base["to_act"] = ONE_SEAT[base["actor"]]
    state = replace(state, deck=(), **base)
    if "deck" not in changes:
        have = Counter(cards_in_play(state))
        want = Counter(DECK if opts.specials else SHEEP_DECK)
        missing = want - have
        assert not have - want, f"the test position uses too many cards: {have - want}"
        state = replace(state, deck=tuple(sorted(missing.elements())))
    if "to_act" not in changes and opts.specials:
        state = with_offers(state, state.waited)
    state.validate()
    return state


def choose(lots: tuple[int, ...], face_down: int, hands: tuple[tuple[int, ...], ...]) -> State:
    """Seat 1 opens the first lot of round 1 (seat 0 is the baca)."""
    return arrange(
        len(hands),
        phase=CHOOSE,
        actor=1,
        opener=1,
        lots=tuple(sorted(lots)),
        face_down=face_down,
        hands=hands,
    )


def redyk(
    cards: tuple[int, ...], pens: tuple[tuple[int, ...], tuple[int, ...]] = ((), ())
) -> State:
    """Seat 0 of 4 in its redyk with `cards` in hand and `pens`."""
    return arrange(
        4,
        phase=REDYK,
        actor=0,
        hands=(cards, (), (), ()),
        pens=(pens, (EMPTY, EMPTY), (EMPTY, EMPTY), (EMPTY, EMPTY)),
    )


def accepts(row: tuple[int, ...]) -> set[str]:
    """The faces (by name) a sheep may show to join pen `row`."""
    return {FACE_NAME[f] for f in accepted_faces(row)}


def play(state: State, *moves: str) -> State:
    """Apply moves in notation, each by the seat the table waits for (`State.actor`);
    seats offered a special card meanwhile let the moment go by."""
    for text in moves:
        state = state.apply(GAME.parse_action(text), state.actor)
    return state


def walk(players: int, seed: int, options: Options, limit: int | None = None) -> list[State]:
    """Every state of a seeded random game (the lowest seat to act picks uniformly from
    `rng.seed_rng(seed)`), from the start to the end or to `limit` moves."""
    state = GAME.start(players, seed=seed, options=options)
    chooser = rng.seed_rng(seed)
    states = [state]
    while not state.is_over and (limit is None or len(states) <= limit):
        seat = min(state.to_act)
        action, chooser = rng.choice(chooser, state.legal_actions(seat))
        state = state.apply(action, seat)
        states.append(state)
    return states

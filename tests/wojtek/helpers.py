"""Building hand-made Miś Wojtek positions for rule tests.

`position` fills in every card the test does not place itself, so the result
always conserves all 55 travel, 104 bear and 6 city cards and passes `validate`.
Decks are given top card LAST, as in the state.

Route colours of the standard board (data/board_standard.json, Buzuluk = route 0)
that the rule tests use: route 6 red, 7 green, 8 yellow, 9 blue, 10 violet,
11 Tehran (red), 12 pink, 13 orange, 14 pink, 18 blue, 45 green, 46 Bologna (pink),
54 pink, 55 blue, then Edinburgh.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import partial
from typing import Any

from meeple.wojtek import GAME
from meeple.wojtek import Options
from meeple.wojtek.board import load_board
from meeple.wojtek.components import BEAR_COUNTS
from meeple.wojtek.components import BEAR_KINDS
from meeple.wojtek.components import BEAR_NAMES
from meeple.wojtek.components import CITIES
from meeple.wojtek.components import COLOURS
from meeple.wojtek.components import TRAVEL_COUNTS
from meeple.wojtek.components import TRAVEL_KINDS
from meeple.wojtek.components import TRAVEL_NAMES
from meeple.wojtek.components import ZERO_TRAVEL
from meeple.wojtek.state import TURN
from meeple.wojtek.state import Phase
from meeple.wojtek.state import State

from .. import shared

BOARD = load_board()


def space(name: str) -> int:
    """Board space number from its id (``route-7``) or title (``Tehran``)."""
    if name in BOARD.ids:
        return BOARD.ids.index(name)
    return BOARD.titles.index(name)


def route(i: int) -> int:
    """The i-th space from Buzuluk (Buzuluk is route 0)."""
    return space(f"route-{i}")


def colour(name: str) -> int:
    """Colour id from its notation name."""
    return COLOURS.index(name)


def bear(name: str) -> int:
    """Bear card kind from its name (``corned beef``, ``person``)."""
    return BEAR_NAMES.index(name)


def hand(*names: str) -> tuple[int, ...]:
    """Travel card counts from names like ``blue`` or ``rainbow`` (repeat to count)."""
    out = [0] * TRAVEL_KINDS
    for name in names:
        out[TRAVEL_NAMES.index(name)] += 1
    return tuple(out)


def collection(*names: str) -> tuple[int, ...]:
    """Bear card counts from card names (repeat to count)."""
    out = [0] * BEAR_KINDS
    for name in names:
        out[bear(name)] += 1
    return tuple(out)


def position(
    players: int,
    *,
    positions: Sequence[int],
    hands: Sequence[tuple[int, ...]] | None = None,
    display: Sequence[int] | None = None,
    travel_top: Sequence[int] = (),
    bear_top: Sequence[int] = (),
    collections: Sequence[tuple[int, ...]] | None = None,
    city_owner: Sequence[int] | None = None,
    travel_discard: tuple[int, ...] = ZERO_TRAVEL,
    bear_discard: tuple[int, ...] | None = None,
    travel_deck: Sequence[int] | None = None,
    bear_deck: Sequence[int] | None = None,
    phase: Phase = TURN,
    current: int = 0,
    round_: int = 2,
    options: Options | None = None,
    ending: bool = False,
    last_round: Sequence[int] = (),
) -> State:
    """A valid state; unplaced cards go under `travel_top` / `bear_top` in kind order."""
    if hands is None:
        hands = [hand("red", "red", "orange", "yellow", "green")] * players
    if display is None:
        display = [
            bear(n)
            for n in ("dates", "sweets", "wrestling", "swimming", "football", "boxing", "shower")
        ]
    if collections is None:
        collections = [(0,) * BEAR_KINDS] * players
    if bear_discard is None:
        bear_discard = (0,) * BEAR_KINDS
    if travel_deck is None:
        left = list(TRAVEL_COUNTS)
        for group in (*hands, travel_discard):
            for k in range(TRAVEL_KINDS):
                left[k] -= group[k]
        for k in travel_top:
            left[k] -= 1
        travel_deck = [k for k in range(TRAVEL_KINDS) for _ in range(left[k])] + list(travel_top)
    if bear_deck is None:
        left = list(BEAR_COUNTS)
        for group in (*collections, bear_discard):
            for k in range(BEAR_KINDS):
                left[k] -= group[k]
        for k in (*display, *bear_top):
            if k >= 0:
                left[k] -= 1
        bear_deck = [k for k in range(BEAR_KINDS) for _ in range(left[k])] + list(bear_top)
    state = State(
        players=players,
        to_act=frozenset({current}),
        rng=12345,
        options=options or Options(),
        phase=phase,
        current=current,
        round=round_,
        positions=tuple(positions),
        hands=tuple(hands),
        travel_deck=tuple(travel_deck),
        travel_discard=travel_discard,
        bear_deck=tuple(bear_deck),
        bear_discard=bear_discard,
        display=tuple(display),
        collections=tuple(collections),
        city_owner=tuple(city_owner) if city_owner is not None else (-1,) * len(CITIES),
        pending=ZERO_TRAVEL,
        last_round=tuple(last_round),
        ending=ending,
    )
    state.validate()
    return state


play = partial(shared.play, GAME)
"""Apply moves written in notation (`tests.shared.play` for this game)."""
names = shared.texts
"""The notation of each action (`tests.shared.texts`)."""


RED, YELLOW, BLUE, VIOLET, PINK = (colour(c) for c in ("red", "yellow", "blue", "violet", "pink"))
"""Colour ids the rule tests use most."""
BOLOGNA = CITIES.index("Bologna")
"""City card id of Bologna."""
EDINBURGH = CITIES.index("Edinburgh")
"""City card id of Edinburgh."""
FILLER = hand("violet", "violet", "green", "green", "green")
"""The hand of players a test does not look at."""


def on_route(
    routes: Sequence[int], first: tuple[int, ...], *hands: tuple[int, ...], **more: Any
) -> State:
    """A `position` with a pawn on each of `routes` (route numbers, one a seat), seat 0
    holding `first` and the next seats `hands` in order; a seat past the last hand given
    holds `FILLER`. Everything else as `position` (``current=``, ``bear_top=`` ...)."""
    held = [first, *hands]
    held += [FILLER] * (len(routes) - len(held))
    return position(len(routes), positions=[route(r) for r in routes], hands=held, **more)


def last_orange_truck() -> State:
    """Three players; seat 0, to act on route 54, holds an orange truck card, and no
    orange space lies beyond route 54: that truck goes to Edinburgh."""
    return on_route((54, 30, 20), hand("orange", "red", "red", "red", "red"))


# Bear card names by type, in card-data order (for scoring tests).
FOOD = ("corned beef", "fruits and honey", "condensed milk", "marmalade", "dates", "sweets")
FUN = ("wrestling", "swimming", "football", "truck ride", "shower", "boxing")
EMBLEMS = (
    "bear with a shell",
    "white eagle",
    "carpathian cross",
    "kresowa bison",
    "monte cassino cross",
    "artillery badge",
)
FLAGS = (
    "flag of scotland",
    "flag of poland",
    "flag of britain",
    "flag of iran",
    "flag of egypt",
    "flag of italy",
)


def owners(*cities_per_seat: int) -> tuple[int, ...]:
    """A city_owner tuple giving each seat that many city cards."""
    out: list[int] = []
    for seat, count in enumerate(cities_per_seat):
        out += [seat] * count
    return tuple(out + [-1] * (6 - len(out)))

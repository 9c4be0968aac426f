"""The Way of the Bear as HTML: an SVG village map, the temple tracks, every player's pieces.

The web front end finds this through the game (`GAME.render_html`), exactly as it
finds a plugin's. It reads only the view, so it cannot show what the seat may not see.
The markup is the template ``templates/table.html`` (escaping by default, see
`meeple.core.templates`); this module prepares what it shows: the map's geometry and
pieces, and the element id of what a player can touch (a village, a stele on a temple
track, the reserve, the bag, the offering, a Seal card).
"""

from __future__ import annotations

import functools
from typing import TYPE_CHECKING
from typing import Final

import attrs

from meeple.core.templates import render_part
from meeple.core.templates import render_table

from .components import CARDS
from .components import COLOURS
from .components import KIND_SEALS
from .components import KIND_TYPE
from .components import KINDS
from .components import NEIGHBOURS
from .components import OFF_BOARD
from .components import TEMPLE_SPACES
from .components import TOKEN_BASE
from .components import TYPE_LETTERS
from .components import TYPES
from .components import VILLAGE_COL
from .components import VILLAGE_ROW
from .components import VILLAGES
from .elements import BAG
from .elements import PASS_TOKEN
from .elements import SKIP_TOKEN
from .elements import WAIVE_TOKEN
from .elements import owed_id
from .elements import reserve_id
from .elements import seal_id
from .elements import stele_id
from .render import render
from .state import RITUAL
from .view import View

if TYPE_CHECKING:
    import markupsafe

__all__ = ["render_html"]

_FILL: Final = {"orange": "#e8892b", "black": "#2b2b2b", "blue": "#2f6fb5", "white": "#ffffff"}
_GAP: Final = 64
_PAD: Final = 32


@attrs.frozen
class Village:
    """One village on the map: where it is drawn and what stands on it."""

    name: str
    x: int
    y: int
    fill: str
    radius: int
    mark: str
    """The letter of the token on it (``m*``: a token with a Dragon Seal)."""
    what: str


@attrs.frozen
class Map:
    """The map's size and roads (the board's, so made once)."""

    width: int
    height: int
    roads: tuple[tuple[int, int, int, int], ...]
    """Each road as (x1, y1, x2, y2)."""


def _xy(v: int) -> tuple[int, int]:
    return _PAD + VILLAGE_COL[v] * _GAP, _PAD + VILLAGE_ROW[v] * _GAP


@functools.cache
def village_map() -> Map:
    """The roads between neighbouring villages, on the villages' grid."""
    roads = tuple(
        (*_xy(v), *_xy(w)) for v, neighbours in enumerate(NEIGHBOURS) for w in neighbours if v < w
    )
    width = max(_xy(v)[0] for v in range(len(VILLAGES))) + _PAD
    height = max(_xy(v)[1] for v in range(len(VILLAGES))) + _PAD
    return Map(width, height, roads)


def _village(v: int, cell: int) -> Village:
    """Village `v` holding `cell`: nothing, a stele, or a knowledge token."""
    x, y = _xy(v)
    if cell == OFF_BOARD:
        return Village(VILLAGES[v], x, y, "#e8e2d4", 8, "", "empty")
    if cell < TOKEN_BASE:
        colour = COLOURS[cell]
        return Village(VILLAGES[v], x, y, _FILL.get(colour, "#999"), 15, "", f"{colour} stele")
    kind = cell - TOKEN_BASE
    seal = "*" if KIND_SEALS[kind] else ""
    what = f"{TYPES[KIND_TYPE[kind]]} token" + (" with a Dragon Seal" if seal else "")
    return Village(VILLAGES[v], x, y, "#fff6dd", 15, f"{TYPE_LETTERS[KIND_TYPE[kind]]}{seal}", what)


@attrs.frozen
class Slot:
    """One space of a temple track, and how it is touched (a stele, or the next space)."""

    full: bool
    element: str | None
    label: str


def _temple(c: int, filled: int) -> list[Slot]:
    colour = COLOURS[c]
    slots = []
    for i in range(TEMPLE_SPACES):
        if i < filled:
            slots.append(Slot(True, stele_id(c, i + 1), f"{colour} stele {i + 1} of {filled}"))
        elif i == filled:
            slots.append(Slot(False, stele_id(c, "next"), f"the next space of the {colour} temple"))
        else:
            slots.append(Slot(False, None, ""))
    return slots


@attrs.frozen
class Token:
    """A touchable word of the turn (``end turn``)."""

    element: str
    label: str
    text: str


def _turn(view: View) -> tuple[list[Token], list[Token]]:
    """The offering owed, then the tokens that end a step (waive, take nothing, end turn)."""
    owed = [
        Token(owed_id(c), f"{n} {COLOURS[c]} owed to the temple", f"{n} {COLOURS[c]}")
        for c, n in enumerate(view.owed)
        if n
    ]
    tokens = []
    if view.waivers:
        tokens.append(Token(WAIVE_TOKEN, f"waive ({view.waivers} left)", "waive a stele"))
    if view.phase == RITUAL:
        tokens.append(Token(SKIP_TOKEN, "take no stele after the Ritual", "take nothing"))
    tokens.append(Token(PASS_TOKEN, "end your turn", "end turn"))
    return owed, tokens


@attrs.frozen
class Seat:
    """A player's row: the reserve by colour, knowledge tokens held, Seal cards held (how
    many; by name once the game is over and every hand is shown)."""

    player: int
    label: str
    reserve: tuple[int, ...]
    tokens: str
    cards: str


def _seats(view: View) -> list[Seat]:
    kinds = [f"{TYPES[KIND_TYPE[k]]}{' (seal)' if KIND_SEALS[k] else ''}" for k in range(KINDS)]
    backs = view.hand_backs
    seats = []
    for p, reserve in enumerate(view.reserves):
        held = ", ".join(f"{kinds[k]}: {n}" for k, n in enumerate(view.tokens[p]) if n) or "none"
        label = f"player {p}" + (" (you)" if p == view.player else "")
        cards = str(len(backs[p])) if p < len(backs) else "0"
        if p < len(view.shown_hands):
            cards = ", ".join(CARDS[c].name for c in view.shown_hands[p]) or "none"
        seats.append(Seat(p, label, reserve, held, cards))
    return seats


@functools.lru_cache(maxsize=64)
def village_layer(board: tuple[int, ...]) -> markupsafe.Markup:
    """The map with what stands on each village (``templates/village_map.html``): the
    same for every seat, so drawn once per board however many look."""
    villages = [_village(v, cell) for v, cell in enumerate(board)]
    return render_part(__package__, "village_map.html", map=village_map(), villages=villages)


def render_html(view: View) -> str:
    """The map, the temples, the bag, each player's reserve and tokens, the viewer's cards."""
    board = view.board
    if len(board) != len(VILLAGES):
        raise ValueError("way_of_bear view has no board of the expected size")
    owed, tokens = _turn(view)
    return render_table(
        __package__,
        "table.html",
        me=view.player,
        village_map=village_layer(board),
        temples=[(COLOURS[c], filled, _temple(c, filled)) for c, filled in enumerate(view.temples)],
        spaces=TEMPLE_SPACES,
        bag=BAG,
        bag_counts=list(zip(COLOURS, view.bag, strict=False)),
        deck_size=int(view.deck_size),
        owed=owed,
        tokens=tokens,
        colours=COLOURS,
        seats=_seats(view),
        reserve_id=reserve_id,
        hand=[(seal_id(i), CARDS[i].name) for i in view.hand],
        fresh=[CARDS[i].name for i in view.fresh],
        played=[CARDS[i].name for i in view.played],
        text=render(view),
    )

"""Miś Wojtek as HTML: an SVG map of the route with its pawns, the display, hands and sets.

The web front end finds this through the game (`GAME.render_html`), exactly as it
finds a plugin's. It reads only the view, the card tables of `components` and the
board named by the view's options, so it cannot show what the seat may not see:
only the viewer's own travel hand is drawn (`view.hand`); other seats appear as
counts, exactly as the view gives them. The markup is the templates
``templates/table.html`` and ``templates/route_map.html`` (escaping by default, see
`meeple.core.templates`); this module and `html_map` prepare what they show. A display
box, a chip of travel cards and a player's row are pieces (``box.html``, ``chip.html``,
``player.html``) and the map is drawn once per pawn positions, so a picture redraws
only what changed.
"""

from __future__ import annotations

import attrs

from meeple.core.templates import draw_piece
from meeple.core.templates import render_table

from .board import Board
from .board import load_board
from .components import BEAR_NAMES
from .components import BEAR_TYPE_NAMES
from .components import CARDS_PER_TYPE
from .components import CITIES
from .components import COLOUR_TITLES
from .components import COLOURS
from .components import NO_CARD
from .components import PAWNS
from .components import PERSON
from .components import RAINBOW
from .components import TRAVEL_NAMES
from .elements import DECK
from .elements import DISCARD
from .elements import THREE_TOKEN
from .elements import box_id
from .elements import hand_id
from .html_map import draw_map
from .render import render
from .scoring import set_sizes
from .view import View

__all__ = ["render_html"]


def _heading(view: View) -> str:
    head = f"Round {view.round}" + (" · last round" if view.ending else "")
    if not view.to_act:
        return head + " · game over"
    if view.ending and view.last_round:
        return head + " (still to play: " + ", ".join(f"player {p}" for p in view.last_round) + ")"
    return head


@attrs.frozen
class Box:
    """One box of the display and the bear card in it (if any)."""

    name: str
    title: str
    element: str
    card: str
    """The bear card's name, or empty."""
    kind: str
    """The card's type (``emblems``, ``person``), or empty."""

    def __html__(self) -> str:
        """The box, as ``templates/box.html`` draws it (where a template prints it)."""
        return draw_piece(__package__, "box.html", self)


def _type_of(kind: int) -> str:
    if kind == PERSON:
        return "person"
    return str(BEAR_TYPE_NAMES[kind // CARDS_PER_TYPE])


def _display(display: tuple[int, ...]) -> list[Box]:
    """The seven boxes, each with its bear card (or empty)."""
    boxes = []
    for colour, kind in enumerate(display):
        name = COLOURS[colour]
        card, kind_of = ("", "") if kind == NO_CARD else (BEAR_NAMES[kind], _type_of(kind))
        boxes.append(Box(name, COLOUR_TITLES[colour], box_id(colour), card, kind_of))
    return boxes


@attrs.frozen
class Chip:
    """Travel cards of one kind with their count (coloured like the card by its kind)."""

    name: str
    count: int
    label: str
    element: str | None
    """The element id (cards of the viewer's hand), or None."""

    def __html__(self) -> str:
        """The chip, as ``templates/chip.html`` draws it (where a template prints it)."""
        return draw_piece(__package__, "chip.html", self)


def _chip(kind: int, count: int, mine: bool = False) -> Chip:
    label = "rainbow (walking)" if kind == RAINBOW else f"{COLOUR_TITLES[kind]} truck"
    return Chip(TRAVEL_NAMES[kind], count, label, hand_id(kind) if mine else None)


Bears = tuple[tuple[str, str, tuple[tuple[str, int], ...]], ...]
"""A player's bear cards (`Player.bears`)."""


@attrs.frozen
class Player:
    """A row of the players table."""

    seat: int
    who: str
    acting: bool
    at: str
    travel: int
    cities: str
    bears: Bears
    """Per bear type held (persons last): its data name, its title, and each card of it
    held with how many."""
    sets: str

    def __html__(self) -> str:
        """The row, as ``templates/player.html`` draws it (where a template prints it)."""
        return draw_piece(__package__, "player.html", self)


def _where(board: Board, space: int) -> str:
    """A space's name and colour, for the players table."""
    colour = board.colours[space]
    title = str(board.titles[space])
    return f"{title} ({COLOUR_TITLES[colour]})" if colour >= 0 else title


def _bears(collection: tuple[int, ...]) -> Bears:
    groups = []
    for t, type_name in enumerate(BEAR_TYPE_NAMES):
        kinds = range(t * CARDS_PER_TYPE, (t + 1) * CARDS_PER_TYPE)
        held = tuple((BEAR_NAMES[k], collection[k]) for k in kinds if collection[k])
        if held:
            groups.append((type_name, type_name, held))
    if collection[PERSON]:
        groups.append(("person", "persons", (("", collection[PERSON]),)))
    return tuple(groups)


def _players(board: Board, view: View) -> list[Player]:
    """A row per player: pawn, place, hand size, city cards, bear cards by type, best sets."""
    rows = []
    for seat, collection in enumerate(view.collections):
        marks = [
            mark
            for mark, on in (
                ("you", seat == view.player),
                ("to act", seat in view.to_act),
                ("one more turn", seat in view.last_round),
            )
            if on
        ]
        who = f"player {seat} ({PAWNS[seat]} bear)" + (f" · {', '.join(marks)}" if marks else "")
        cities = [CITIES[k] for k, o in enumerate(view.city_owner) if o == seat]
        rows.append(
            Player(
                seat=seat,
                who=who,
                acting=seat in view.to_act,
                at=_where(board, view.positions[seat]),
                travel=view.hand_sizes[seat],
                cities=", ".join(cities),
                bears=_bears(collection),
                sets=", ".join(map(str, set_sizes(collection, len(cities)))),
            )
        )
    return rows


def _cards(n: int) -> str:
    return f"{n} card" if n == 1 else f"{n} cards"


def _piles(view: View) -> list[tuple[tuple[str, str] | None, str]]:
    """Deck sizes and the face-up discard piles: (element id and label, or None; text)."""
    discard = view.travel_discard
    by_kind = ", ".join(f"{TRAVEL_NAMES[k]} {n}" for k, n in enumerate(discard) if n)
    deck = f"travel deck: {_cards(view.travel_deck_size)}"
    discards = f"travel discards: {_cards(sum(discard))}" + (f" ({by_kind})" if by_kind else "")
    return [
        (None, f"bear stack: {_cards(view.bear_deck_size)}"),
        (None, f"bear discards: {_cards(sum(view.bear_discard))}"),
        ((DECK, f"the travel deck ({_cards(view.travel_deck_size)})"), deck),
        ((DISCARD, "the travel discard pile"), discards),
    ]


def render_html(view: View) -> str:
    """The map, the display, the viewer's hand, every player's cards, the piles."""
    board = load_board(view.options.board)
    return render_table(
        __package__,
        "table.html",
        heading=_heading(view),
        map=draw_map(view.options.board, tuple(view.positions)),
        boxes=_display(view.display),
        me=view.player,
        hand=[_chip(kind, n, mine=True) for kind, n in enumerate(view.hand) if n],
        three=THREE_TOKEN,
        pending=[_chip(kind, n) for kind, n in enumerate(view.pending) if n],
        players=_players(board, view),
        cities=[
            (name, f"player {owner}" if owner >= 0 else "on the board")
            for name, owner in zip(CITIES, view.city_owner, strict=True)
        ],
        piles=_piles(view),
        text=render(view),
    )

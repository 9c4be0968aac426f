"""The text picture of a view: the route with pawns, the display, the collections; plain
for logs and pipes, in the game's colours for terminals."""

from __future__ import annotations

import functools
import re
from typing import TYPE_CHECKING

from .board import Board
from .board import BoardSpec
from .board import load_board
from .components import BEAR_NAMES
from .components import CITIES
from .components import COLOUR_TITLES
from .components import COLOURS
from .components import NO_CARD
from .components import PAWNS
from .components import TRAVEL_NAMES
from .palette import ANY
from .palette import PAWN
from .palette import TRAVEL
from .scoring import arrange
from .view import View

if TYPE_CHECKING:
    from collections.abc import Iterator

    from rich.text import Text

__all__ = ["legend", "render", "render_styled"]

_TRAVEL = {**TRAVEL, **{t: TRAVEL[c] for c, t in zip(COLOURS, COLOUR_TITLES, strict=True)}}
"""Styles by notation name and by display title ("light green")."""

_PER_LINE = 12


@functools.lru_cache(maxsize=64)
def _spaces(option: str | BoardSpec) -> tuple[tuple[str, ...], tuple[tuple[int, ...], ...]]:
    """Per board (option): each space's label (``colour``, ``City:colour``, ``any``) and
    the path of each deportation site up to its city (that city left out)."""
    board = load_board(option)
    labels = []
    for colour, city in zip(board.colours, board.city_of, strict=True):
        label = COLOURS[colour] if colour >= 0 else "any"
        labels.append(f"{CITIES[city]}:{label}" if city >= 0 else label)
    paths = []
    for site in board.sites:
        path = [site]
        while board.kinds[path[-1]] != "city":
            path.append(board.next[path[-1]])
        paths.append(tuple(path[:-1]))
    return tuple(labels), tuple(paths)


@functools.lru_cache(maxsize=1024)
def _route(option: str | BoardSpec, positions: tuple[int, ...]) -> tuple[str, ...]:
    """The lines of the deportation sites and the route with the pawns on them (the same
    for every seat, and for every state with the pawns where they are)."""
    board = load_board(option)
    labels, paths = _spaces(option)
    pawns: dict[int, str] = {}
    for seat, at in enumerate(positions):
        pawns[at] = pawns.get(at, "") + str(seat)

    def space(at: int) -> str:
        return f"[{labels[at]} @{pawns[at]}]" if at in pawns else f"[{labels[at]}]"

    lines = ["Deportation sites (white arrows to Buzuluk):"]
    lines.extend("  " + " -> ".join(space(s) for s in path) for path in paths)
    lines.append("Route:")
    route = [space(s) for s in board.main_route]
    for i in range(0, len(route), _PER_LINE):
        lines.append("  " + " ".join(route[i : i + _PER_LINE]))
    return tuple(lines)


@functools.lru_cache(maxsize=4096)
def _sets(collection: tuple[int, ...], cities: int) -> str:
    """The sets a collection (and that many city cards) scores as, described."""
    return "; ".join(s.describe() for s in arrange(collection, cities).sets) or "(none)"


def _head(view: View, board: Board) -> list[str]:
    """The lines above the map: the round and the pawns still in Poland."""
    lines = [f"Miś Wojtek, round {view.round}{' (last round)' if view.ending else ''}"]
    at_start = [str(p) for p, s in enumerate(view.positions) if s == board.start]
    if at_start:
        lines.append(f"Poland: pawns {' '.join(at_start)}")
    return lines


def _tail(view: View, board: Board) -> list[str]:
    """The lines below the map: the display, the piles, each player's cards."""
    pos = view.positions
    lines = [
        "Display: "
        + ", ".join(
            f"{COLOUR_TITLES[c]}={BEAR_NAMES[k] if k != NO_CARD else '(empty)'}"
            for c, k in enumerate(view.display)
        ),
        f"Bear stack {view.bear_deck_size}, bear discards {sum(view.bear_discard)}; "
        f"travel deck {view.travel_deck_size}, travel discards {sum(view.travel_discard)}",
    ]
    for seat in range(view.players):
        cities = [CITIES[c] for c, o in enumerate(view.city_owner) if o == seat]
        mark = ">" if seat in view.to_act else " "
        lines.append(
            f"{mark}player {seat} ({PAWNS[seat]}) at {board.titles[pos[seat]]}, "
            f"{view.hand_sizes[seat]} travel cards"
        )
        if seat == view.player:
            held = [f"{n}x{TRAVEL_NAMES[k]}" for k, n in enumerate(view.hand) if n]
            lines.append(f"    hand: {', '.join(held) or '(empty)'}")
        lines.append(f"    sets: {_sets(tuple(view.collections[seat]), len(cities))}")
        if cities:
            lines.append(f"    cities: {', '.join(cities)}")
    if any(view.pending):
        played = [f"{n}x{TRAVEL_NAMES[k]}" for k, n in enumerate(view.pending) if n]
        lines.append(f"Three-card move so far: {', '.join(played)}")
    return lines


def render(view: View) -> str:
    """Text for terminals and logs; hidden cards appear only as counts."""
    board = load_board(view.options.board)
    route = _route(view.options.board, tuple(view.positions))
    return "\n".join([*_head(view, board), *route, *_tail(view, board)])


def legend(view: View) -> str:
    """What every abbreviation and mark of `render(view)` means (``legend``)."""
    pawns = ", ".join(f"{seat} {name}" for seat, name in enumerate(PAWNS[: view.players]))
    return "\n".join(
        [
            "[colour]: a space of that colour; [City:colour]: a city space and its colour;",
            "  [any]: a space any travel card reaches; @N: player N's pawn is there",
            f"pawns: {pawns}",
            "Deportation sites: the paths from each site (white arrows) to Buzuluk",
            "Route: the main route from Buzuluk to Edinburgh, left to right, row by row",
            "Display: the bear card in each colour's box (what a move there collects)",
            "Bear stack, bear discards, travel deck, travel discards: cards in each pile",
            ">player N: the player to act; at route-N / site-colour-N: where the pawn stands",
            "N travel cards: cards in hand; hand: your travel cards, NxCOLOUR is N of that colour",
            "sets: the bear cards collected, in the sets they score as",
            "cities: the city cards claimed",
        ]
    )


_SPACE = re.compile(r"\[(?:(?P<city>[^\]:]+):)?(?P<colour>[a-z]+)(?: @(?P<pawns>\d+))?\]")
_SEAT = re.compile(r"^(?P<mark>>?) ?player \d+ \((?P<pawn>[a-z ]+)\)", re.MULTILINE)
_DISPLAY = re.compile(r"\b(?P<colour>light green|[a-z]+)(?==)")
_CARDS = re.compile(r"(?<=\dx)(?P<colour>[a-z]+)\b")


def _space_styles(plain: str, pos: int = 0) -> Iterator[tuple[str, int, int]]:
    """The style of each space of `plain` from `pos` on, and where it goes: the colour,
    a city's name in bold, each pawn in its own."""
    for space in _SPACE.finditer(plain, pos):
        yield (_TRAVEL.get(space["colour"], ANY), *space.span("colour"))
        if space["city"]:
            yield ("bold", *space.span("city"))
        if space["pawns"]:
            start = space.start("pawns")
            for i, seat in enumerate(space["pawns"]):
                yield PAWN[PAWNS[int(seat)]], start + i, start + i + 1


@functools.lru_cache(maxsize=1024)
def _route_styles(
    option: str | BoardSpec, positions: tuple[int, ...]
) -> tuple[tuple[str, int, int], ...]:
    """`_space_styles` of `_route`'s lines (from their start): worked out once."""
    return tuple(_space_styles("\n".join(_route(option, positions))))


def render_styled(view: View) -> Text:
    """`render(view)` in the game's colours (the ``styled`` capability): every space,
    display box and travel card in its colour, each pawn in its own."""
    from rich.text import Span  # here: only a terminal pays for importing rich
    from rich.text import Text

    board, positions = load_board(view.options.board), tuple(view.positions)
    head, route = _head(view, board), _route(view.options.board, positions)
    text = Text("\n".join([*head, *route, *_tail(view, board)]))
    plain = text.plain
    # the map's spaces, styled once per pawn positions; the head holds no space (and
    # no control code, so the map starts where it did before Text stripped those), and
    # neither holds a seat, display box or card: only the rest is searched
    start = sum(len(line) + 1 for line in head)
    route_styles = _route_styles(view.options.board, positions)
    text.spans.extend(Span(start + a, start + b, style) for style, a, b in route_styles)
    rest = start + len("\n".join(route))
    for style, a, b in _space_styles(plain, rest):
        text.stylize(style, a, b)
    for seat in _SEAT.finditer(plain, rest):
        if seat["mark"]:  # who is to act: ">player 1" in bold
            text.stylize("bold", seat.start(), seat.start("pawn") - 2)
        text.stylize(PAWN[seat["pawn"]], *seat.span("pawn"))
    for colour in (*_DISPLAY.finditer(plain, rest), *_CARDS.finditer(plain, rest)):
        if colour["colour"] == "rainbow":
            start = colour.start()
            for i, name in enumerate(COLOURS):  # seven letters, seven colours
                text.stylize(TRAVEL[name], start + i, start + i + 1)
        elif colour["colour"] in _TRAVEL:
            text.stylize(_TRAVEL[colour["colour"]], *colour.span())
    return text

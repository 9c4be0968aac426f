"""The text picture of a view: the route with pawns, the display, the collections; plain
for logs and pipes, in the game's colours for terminals."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from .board import Board
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
    from rich.text import Text

__all__ = ["legend", "render", "render_styled"]

_TRAVEL = {**TRAVEL, **{t: TRAVEL[c] for c, t in zip(COLOURS, COLOUR_TITLES, strict=True)}}
"""Styles by notation name and by display title ("light green")."""

_PER_LINE = 12


def _space(board: Board, space: int, positions: tuple[int, ...]) -> str:
    colour = board.colours[space]
    label = COLOURS[colour] if colour >= 0 else "any"
    city = board.city_of[space]
    if city >= 0:
        label = f"{CITIES[city]}:{label}"
    pawns = "".join(str(p) for p, at in enumerate(positions) if at == space)
    return f"[{label}{' @' + pawns if pawns else ''}]"


def render(view: View) -> str:
    """Text for terminals and logs; hidden cards appear only as counts."""
    board = load_board(view.options.board)
    pos = view.positions
    lines = [f"Miś Wojtek, round {view.round}{' (last round)' if view.ending else ''}"]
    at_start = [str(p) for p, s in enumerate(pos) if s == board.start]
    if at_start:
        lines.append(f"Poland: pawns {' '.join(at_start)}")
    lines.append("Deportation sites (white arrows to Buzuluk):")
    for _colour, site in enumerate(board.sites):
        path = [site]
        while board.kinds[path[-1]] != "city":
            path.append(board.next[path[-1]])
        lines.append("  " + " -> ".join(_space(board, s, pos) for s in path[:-1]))
    lines.append("Route:")
    route = [_space(board, s, pos) for s in board.main_route]
    for i in range(0, len(route), _PER_LINE):
        lines.append("  " + " ".join(route[i : i + _PER_LINE]))
    lines.append(
        "Display: "
        + ", ".join(
            f"{COLOUR_TITLES[c]}={BEAR_NAMES[k] if k != NO_CARD else '(empty)'}"
            for c, k in enumerate(view.display)
        )
    )
    lines.append(
        f"Bear stack {view.bear_deck_size}, bear discards {sum(view.bear_discard)}; "
        f"travel deck {view.travel_deck_size}, travel discards {sum(view.travel_discard)}"
    )
    for seat in range(view.players):
        cities = [CITIES[c] for c, o in enumerate(view.city_owner) if o == seat]
        sets = arrange(view.collections[seat], len(cities)).sets
        mark = ">" if seat in view.to_act else " "
        lines.append(
            f"{mark}player {seat} ({PAWNS[seat]}) at {board.titles[pos[seat]]}, "
            f"{view.hand_sizes[seat]} travel cards"
        )
        if seat == view.player:
            held = [f"{n}x{TRAVEL_NAMES[k]}" for k, n in enumerate(view.hand) if n]
            lines.append(f"    hand: {', '.join(held) or '(empty)'}")
        lines.append(f"    sets: {'; '.join(s.describe() for s in sets) or '(none)'}")
        if cities:
            lines.append(f"    cities: {', '.join(cities)}")
    if any(view.pending):
        played = [f"{n}x{TRAVEL_NAMES[k]}" for k, n in enumerate(view.pending) if n]
        lines.append(f"Three-card move so far: {', '.join(played)}")
    return "\n".join(lines)


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


def render_styled(view: View) -> Text:
    """`render(view)` in the game's colours (the ``styled`` capability): every space,
    display box and travel card in its colour, each pawn in its own."""
    from rich.text import Text  # here: only a terminal pays for importing rich

    text = Text(render(view))
    plain = text.plain
    for space in _SPACE.finditer(plain):
        text.stylize(_TRAVEL.get(space["colour"], ANY), *space.span("colour"))
        if space["city"]:
            text.stylize("bold", *space.span("city"))
        if space["pawns"]:
            start = space.start("pawns")
            for i, seat in enumerate(space["pawns"]):
                text.stylize(PAWN[PAWNS[int(seat)]], start + i, start + i + 1)
    for seat in _SEAT.finditer(plain):
        if seat["mark"]:  # who is to act: ">player 1" in bold
            text.stylize("bold", seat.start(), seat.start("pawn") - 2)
        text.stylize(PAWN[seat["pawn"]], *seat.span("pawn"))
    for colour in (*_DISPLAY.finditer(plain), *_CARDS.finditer(plain)):
        if colour["colour"] == "rainbow":
            start = colour.start()
            for i, name in enumerate(COLOURS):  # seven letters, seven colours
                text.stylize(TRAVEL[name], start + i, start + i + 1)
        elif colour["colour"] in _TRAVEL:
            text.stylize(_TRAVEL[colour["colour"]], *colour.span())
    return text

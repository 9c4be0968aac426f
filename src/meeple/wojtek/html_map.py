"""The route of Miś Wojtek laid out for its SVG: Poland, the deportation approaches, the
snaking route, and the pawns on it.

Part of the HTML picture (`html`), split off by job: this module works out where every
space and pawn goes; the template ``templates/route_map.html`` draws them (each space a
touchable element under `elements.space_id`, labelled with its name and colour). It
reads only the board and the pawn positions, which are public.
"""

from __future__ import annotations

import functools
from typing import TYPE_CHECKING

import attrs

from meeple.core.templates import render_part

from .board import Board
from .board import BoardSpec
from .board import load_board
from .components import COLOUR_TITLES
from .components import COLOURS
from .components import PAWNS
from .elements import space_id

if TYPE_CHECKING:
    import markupsafe

__all__ = ["FILL", "Layout", "RouteMap", "draw_map", "route_map"]

FILL = {
    "red": "#d64541",
    "orange": "#ef8a2e",
    "yellow": "#f2d03b",
    "green": "#9fd46b",
    "blue": "#3d7dd8",
    "violet": "#8e5cc4",
    "pink": "#ef8fbf",
}
"""Fill of each travel colour (notation names)."""
_PAWN = {
    "silver": "#c4c8cf",
    "white": "#ffffff",
    "dark brown": "#5b3a1e",
    "light brown": "#c08a57",
    "black": "#222222",
}
_PAWN_INK = {"dark brown": "#ffffff", "black": "#ffffff"}
_EDINBURGH_FILL = "#e6c34a"
_CELL = 30
"""Side of a space's square, in SVG units."""
_STEP = 40
"""Distance between neighbouring squares on the strip."""
_PER_ROW = 14
"""Spaces per row of the route strip (the rows snake left-right-left)."""
_TOP = 36
"""Room above the first row for Poland and city names."""
_POLAND_Y = 8


@attrs.frozen
class Space:
    """One square: where, its fill and frame, its name tag, its element and label."""

    id: str
    x: int
    y: int
    fill: str
    city: bool
    note: str
    """The tooltip: name, colour, and whether it is a deportation site."""
    element: str
    label: str
    tag: str
    """The name written by the square (cities and deportation sites), or empty."""
    tag_y: int


@attrs.frozen
class Pawn:
    """One player's pawn: a circle with the seat's number."""

    seat: int
    colour: str
    where: str
    cx: int
    cy: int
    r: int
    fill: str
    ink: str


@attrs.frozen
class Layout:
    """The board's part of the map: the same whoever looks, so made (and drawn) once."""

    spots: dict[int, tuple[int, int]]
    """Where each space is drawn (Poland: where its pawns go)."""
    width: int
    height: int
    route_x: int
    """Where the route strip starts (its label goes above)."""
    top: int
    cell: int
    lines: tuple[tuple[int, int, int, int], ...]
    spaces: tuple[Space, ...]
    poland: tuple[str, str, int, int]
    """Poland's id, its title, the width of its box and its top."""


@attrs.frozen
class RouteMap:
    """Everything the map template draws: the board's layer (drawn once), then the pawns."""

    width: int
    height: int
    board: markupsafe.Markup
    """The spaces and arrows (``templates/route_board.html``)."""
    pawns: tuple[Pawn, ...]


def _approaches(board: Board) -> list[list[int]]:
    """Each deportation site and its spaces up to the route."""
    on_main = set(board.main_route)
    rows: list[list[int]] = []
    drawn: set[int] = set()
    for site in board.sites:
        row = [site]
        at = board.next[site]
        while at >= 0 and at not in on_main and at not in drawn and at not in row:
            row.append(at)
            at = board.next[at]
        drawn.update(row)
        rows.append(row)
    return rows


def _layout(board: Board) -> Layout:
    """Approach rows on the left, then the route as a strip snaking left and right."""
    main = tuple(board.main_route)
    rows = _approaches(board)
    spots: dict[int, tuple[int, int]] = {}
    width_left = max(len(r) for r in rows) * _STEP + 24
    for i, row in enumerate(rows):
        for j, space in enumerate(row):
            spots[space] = (12 + j * _STEP, _TOP + 8 + i * (_STEP + 6))
    x0 = width_left + 56
    for k, space in enumerate(main):
        r, col = divmod(k, _PER_ROW)
        if r % 2:
            col = _PER_ROW - 1 - col
        spots[space] = (x0 + col * _STEP, _TOP + 8 + r * (_STEP + 12))
    height = max(
        _TOP + 8 + len(rows) * (_STEP + 6),
        _TOP + 8 + ((len(main) - 1) // _PER_ROW + 1) * (_STEP + 12),
    )
    half = _CELL // 2
    lines = tuple(
        (x + half, y + half, spots[board.next[s]][0] + half, spots[board.next[s]][1] + half)
        for s, (x, y) in spots.items()
        if board.next[s] >= 0 and board.next[s] in spots
    )
    spaces = tuple(_space(board, s, x, y) for s, (x, y) in spots.items())
    poland = (board.ids[board.start], board.titles[board.start], width_left - 24, _POLAND_Y)
    spots[board.start] = (60, _POLAND_Y - 3)
    return Layout(spots, x0 + _PER_ROW * _STEP + 8, height, x0, _TOP, _CELL, lines, spaces, poland)


@functools.lru_cache(maxsize=8)
def _board_layer(board: Board) -> tuple[Layout, markupsafe.Markup]:
    """The board's layout and its layer of the map, drawn once per board."""
    layout = _layout(board)
    return layout, render_part(__package__, "route_board.html", map=layout)


def _space(board: Board, space: int, x: int, y: int) -> Space:
    """One square: its colour, a thick frame and a name for cities, gold for Edinburgh."""
    colour, title, city = board.colours[space], board.titles[space], board.city_of[space]
    if space == board.finish:
        fill, what = _EDINBURGH_FILL, "counts as every colour"
    else:
        fill, what = FILL.get(COLOURS[colour], "#999999"), COLOUR_TITLES[colour]
    deportation = board.kinds[space] == "deportation"
    tag, tag_y = "", 0
    if city >= 0 or deportation:
        tag = title if city >= 0 else title.split()[0]
        tag_y = y - 4 if city >= 0 else y + _CELL + 9
    return Space(
        id=board.ids[space],
        x=x,
        y=y,
        fill=fill,
        city=city >= 0,
        note=f"{title}: {what}" + (" (deportation site)" if deportation else ""),
        element=space_id(space),
        label=f"{title} ({what})" + (", a deportation site" if deportation else ""),
        tag=tag,
        tag_y=tag_y,
    )


def _pawns(
    board: Board, spots: dict[int, tuple[int, int]], positions: tuple[int, ...]
) -> list[Pawn]:
    """One circle each, side by side where a space holds several."""
    half = _CELL // 2
    crowd: dict[int, int] = {}
    pawns = []
    for seat, space in enumerate(positions):
        x, y = spots.get(space, (4, 4))
        k = crowd.get(space, 0)
        crowd[space] = k + 1
        shared = space in board.shared
        colour = PAWNS[seat]
        pawns.append(
            Pawn(
                seat=seat,
                colour=colour,
                where=board.titles[space],
                cx=x + half + (k * 15 - 8 if shared else 0),
                cy=y + half + (0 if space != board.start else -2),
                r=7 if shared else 9,
                fill=_PAWN.get(colour, "#999999"),
                ink=_PAWN_INK.get(colour, "#222222"),
            )
        )
    return pawns


def route_map(board: Board, positions: tuple[int, ...]) -> RouteMap:
    """Poland and the deportation approaches on the left, then the route as a snaking strip."""
    layout, layer = _board_layer(board)
    return RouteMap(
        layout.width, layout.height, layer, tuple(_pawns(board, layout.spots, positions))
    )


@functools.lru_cache(maxsize=256)  # some 25 kB each on the standard board
def draw_map(option: str | BoardSpec, positions: tuple[int, ...]) -> markupsafe.Markup:
    """The map (``templates/route_map.html``) of the board an option names with the pawns
    where they are: the same for every seat, so drawn once for every view that shows it."""
    return render_part(__package__, "route_map.html", map=route_map(load_board(option), positions))

"""The route of Miś Wojtek as SVG: Poland, the deportation approaches, the snaking route.

Part of the HTML picture (`html`), split off by job: this module lays the board out
and draws every space (each a touchable element under `elements.space_id`, labelled
with its name and colour) and the pawns on it. It reads only the board and the pawn
positions, which are public.
"""

from __future__ import annotations

import html

from meeple.core.elements import element_attrs

from .board import Board
from .components import COLOUR_TITLES
from .components import COLOURS
from .components import PAWNS
from .elements import space_id

__all__ = ["FILL", "route_map"]

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


def _e(value: object) -> str:
    return html.escape(str(value))


def route_map(board: Board, positions: tuple[int, ...]) -> str:
    """Poland and the deportation approaches on the left, then the route as a snaking strip."""
    main = tuple(board.main_route)
    on_main = set(main)
    spots: dict[int, tuple[int, int]] = {}
    lines: list[str] = []
    shapes: list[str] = []

    # Approach rows: each deportation site and its spaces up to the route.
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
    width_left = max(len(r) for r in rows) * _STEP + 24
    poland_y = 8
    for i, row in enumerate(rows):
        y = _TOP + 8 + i * (_STEP + 6)
        for j, space in enumerate(row):
            spots[space] = (12 + j * _STEP, y)
    # The route strip.
    x0 = width_left + 56
    for k, space in enumerate(main):
        r, col = divmod(k, _PER_ROW)
        if r % 2:
            col = _PER_ROW - 1 - col
        spots[space] = (x0 + col * _STEP, _TOP + 8 + r * (_STEP + 12))
    width = x0 + _PER_ROW * _STEP + 8
    height = max(
        _TOP + 8 + len(rows) * (_STEP + 6),
        _TOP + 8 + ((len(main) - 1) // _PER_ROW + 1) * (_STEP + 12),
    )

    half = _CELL // 2
    for space, (x, y) in spots.items():
        nxt = board.next[space]
        if nxt >= 0 and nxt in spots:
            nx, ny = spots[nxt]
            lines.append(
                f'<line x1="{x + half}" y1="{y + half}" x2="{nx + half}" y2="{ny + half}"'
                ' stroke="#b9ab8c" stroke-width="3"/>'
            )

    for space, (x, y) in spots.items():
        shapes.append(_space(board, space, x, y))

    # Poland, where every pawn starts.
    shapes.append(
        f'<g data-space="{_e(board.ids[board.start])}"><title>{_e(board.titles[board.start])}'
        "</title>"
        f'<rect x="12" y="{poland_y}" width="{width_left - 24}" height="{_CELL - 6}" rx="4"'
        ' fill="#f1efe9" stroke="#8a7a5c"/>'
        f'<text x="18" y="{poland_y + 16}" font-size="11" fill="#3b3326">'
        f"{_e(board.titles[board.start])}</text></g>"
    )
    spots[board.start] = (60, poland_y - 3)

    # Pawns: one circle each, side by side where a space holds several.
    crowd: dict[int, int] = {}
    for seat, space in enumerate(positions):
        x, y = spots.get(space, (4, 4))
        k = crowd.get(space, 0)
        crowd[space] = k + 1
        pawn = PAWNS[seat]
        fill = _PAWN.get(pawn, "#999999")
        ink = _PAWN_INK.get(pawn, "#222222")
        shared = space in board.shared
        r = 7 if shared else 9
        cx = x + half + (k * 15 - 8 if shared else 0)
        cy = y + half + (0 if space != board.start else -2)
        shapes.append(  # clicks go through a pawn to its space
            f'<g data-pawn="{seat}" pointer-events="none"><title>player {seat} ({_e(pawn)} bear): '
            f"{_e(board.titles[space])}</title>"
            f'<circle cx="{cx}" cy="{cy}" r="{r}" fill="{fill}" stroke="#222" stroke-width="1.5"/>'
            f'<text x="{cx}" y="{cy + 4}" font-size="10" font-weight="700" text-anchor="middle"'
            f' fill="{ink}">{seat}</text></g>'
        )

    label = f'<text x="{x0}" y="{_TOP - 6}" font-size="11" fill="#5c6478">route →</text>'
    return (
        f'<svg class="wj-map" viewBox="0 0 {width} {height}" width="{width}" height="{height}"'
        ' role="img" aria-label="the route from the deportation sites to Edinburgh"'
        ' style="max-width:100%;height:auto;background:#f7f3e8;border:1px solid #d5d9e2;'
        f'border-radius:6px">{label}<g class="wj-arrows">{"".join(lines)}</g>'
        f"{''.join(shapes)}</svg>"
    )


def _space(board: Board, space: int, x: int, y: int) -> str:
    """One square: its colour, a thick frame and a name for cities, gold for Edinburgh."""
    colour = board.colours[space]
    title = board.titles[space]
    city = board.city_of[space]
    if space == board.finish:
        fill, what = _EDINBURGH_FILL, "counts as every colour"
    else:
        name = COLOURS[colour]
        fill, what = FILL.get(name, "#999999"), COLOUR_TITLES[colour]
    frame = ' stroke="#222" stroke-width="3"' if city >= 0 else ' stroke="#6d6150" stroke-width="1"'
    kind = board.kinds[space]
    note = f"{title}: {what}" + (" (deportation site)" if kind == "deportation" else "")
    name_tag = ""
    if city >= 0 or kind == "deportation":
        short = title if city >= 0 else title.split()[0]
        ty = y - 4 if city >= 0 else y + _CELL + 9
        name_tag = (
            f'<text x="{x + _CELL // 2}" y="{ty}" font-size="9" text-anchor="middle"'
            f' fill="#3b3326">{_e(short)}</text>'
        )
    label = f"{title} ({what})" + (", a deportation site" if kind == "deportation" else "")
    touch = element_attrs(space_id(space), label)
    return (
        f'<g data-space="{_e(board.ids[space])}"{touch}><title>{_e(note)}</title>'
        f'<rect x="{x}" y="{y}" width="{_CELL}" height="{_CELL}" rx="4" fill="{fill}"{frame}/>'
        f"{name_tag}</g>"
    )

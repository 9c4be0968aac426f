"""The Way of the Bear as HTML: an SVG village map, the temple tracks, every player's pieces.

The web front end finds this through the game (`GAME.render_html`), exactly as it
finds a plugin's. It reads only the view, so it cannot show what the seat may not see.
"""

from __future__ import annotations

import html
from typing import Final

from .components import (
    CARDS,
    COLOURS,
    KIND_SEALS,
    KIND_TYPE,
    KINDS,
    NEIGHBOURS,
    OFF_BOARD,
    TEMPLE_SPACES,
    TOKEN_BASE,
    TYPE_LETTERS,
    TYPES,
    VILLAGE_COL,
    VILLAGE_ROW,
    VILLAGES,
)
from .render import render
from .view import View

__all__ = ["render_html"]

_FILL: Final = {"orange": "#e8892b", "black": "#2b2b2b", "blue": "#2f6fb5", "white": "#ffffff"}
_GAP: Final = 64
_PAD: Final = 32


def render_html(view: View) -> str:
    """The map, the temples, the bag, each player's reserve and tokens, the viewer's cards."""
    board = view.board
    if len(board) != len(VILLAGES):
        raise ValueError("way_of_bear view has no board of the expected size")
    me = view.player
    parts = ['<div class="wob-table">', _map(board)]

    rows = []
    for colour, filled in zip(COLOURS, view.temples, strict=False):
        cells = "".join(
            f'<span class="wob-slot{" full" if i < filled else ""}"'
            f' style="--fill:{_FILL.get(colour, "#999")}"></span>'
            for i in range(TEMPLE_SPACES)
        )
        rows.append(
            f'<tr data-temple="{html.escape(colour)}"><th scope="row">{html.escape(colour)}</th>'
            f"<td>{cells}</td><td>{filled}/{TEMPLE_SPACES}</td></tr>"
        )
    parts.append(f'<h3>Temples</h3><table class="wob-temples">{"".join(rows)}</table>')

    parts.append(
        "<p>Bag: "
        + ", ".join(f"{html.escape(col)} {n}" for col, n in zip(COLOURS, view.bag, strict=False))
        + f" · Seal pile: {int(view.deck_size)} cards</p>"
    )

    head = "".join(f"<th>{html.escape(col)}</th>" for col in COLOURS)
    kinds = [f"{TYPES[KIND_TYPE[k]]}{' (seal)' if KIND_SEALS[k] else ''}" for k in range(KINDS)]
    body = []
    tokens = view.tokens
    backs = view.hand_backs
    for p, reserve in enumerate(view.reserves):
        held = (
            ", ".join(f"{html.escape(kinds[k])}: {n}" for k, n in enumerate(tokens[p]) if n)
            or "none"
        )
        cards = len(backs[p]) if p < len(backs) else 0
        label = f"player {p}" + (" (you)" if p == me else "")
        cells = "".join(f"<td>{n}</td>" for n in reserve)
        body.append(
            f'<tr data-player="{p}"><th scope="row">{label}</th>{cells}'
            f"<td>{held}</td><td>{cards}</td></tr>"
        )
    parts.append(
        '<h3>Players</h3><table class="wob-players"><tr><th></th>'
        f"{head}<th>knowledge tokens</th><th>cards held</th></tr>{''.join(body)}</table>"
    )

    if me is not None:
        parts.append(
            f'<h3>Your Seal cards</h3><ol class="seq" data-field="hand">{_names(view.hand)}</ol>'
        )
        if view.fresh:
            parts.append(f'<h3>Drawn this turn</h3><ol class="seq">{_names(view.fresh)}</ol>')
    if view.played:
        parts.append(f'<h3>Played</h3><ol class="seq">{_names(view.played)}</ol>')
    text = html.escape(render(view))
    parts.append(f'<details><summary>Text picture</summary><pre class="text-render">{text}</pre>')
    parts.append("</details></div>")
    return "".join(parts)


def _names(ids: tuple[int, ...]) -> str:
    """Seal cards as list items, or a note that there are none."""
    if not ids:
        return '<span class="empty">(none)</span>'
    return "".join(f"<li>{html.escape(CARDS[i].name)}</li>" for i in ids)


def _map(board: tuple[int, ...]) -> str:
    """The villages as circles on their grid, roads as lines, pieces as fills and letters."""
    x = [_PAD + col * _GAP for col in VILLAGE_COL]
    y = [_PAD + row * _GAP for row in VILLAGE_ROW]
    width, height = max(x) + _PAD, max(y) + _PAD
    lines = []
    for v, neighbours in enumerate(NEIGHBOURS):
        for w in neighbours:
            if v < w:
                lines.append(f'<line x1="{x[v]}" y1="{y[v]}" x2="{x[w]}" y2="{y[w]}"/>')
    nodes = []
    for v, cell in enumerate(board):
        name = html.escape(VILLAGES[v])
        if cell == OFF_BOARD:
            fill, mark, what, radius = "#e8e2d4", "", "empty", 8
        elif cell < TOKEN_BASE:
            colour = COLOURS[cell]
            fill, mark, what, radius = _FILL.get(colour, "#999"), "", f"{colour} stele", 15
        else:
            kind = cell - TOKEN_BASE
            kind_type = TYPES[KIND_TYPE[kind]]
            seal = "*" if KIND_SEALS[kind] else ""
            fill, radius = "#fff6dd", 15
            mark = f"{TYPE_LETTERS[KIND_TYPE[kind]]}{seal}"
            what = f"{kind_type} token" + (" with a Dragon Seal" if seal else "")
        nodes.append(
            f'<g data-village="{name}"><title>{name}: {html.escape(what)}</title>'
            f'<circle cx="{x[v]}" cy="{y[v]}" r="{radius}" fill="{fill}"/>'
            f'<text x="{x[v]}" y="{y[v] + 4}" class="mark">{html.escape(mark)}</text>'
            f'<text x="{x[v] + 17}" y="{y[v] - 14}" class="name">{name[1:]}</text></g>'
        )
    return (
        f'<svg class="wob-map" viewBox="0 0 {width} {height}" width="{width}" height="{height}"'
        f' role="img" aria-label="village map"><g class="roads">{"".join(lines)}</g>'
        f"{''.join(nodes)}</svg>"
    )

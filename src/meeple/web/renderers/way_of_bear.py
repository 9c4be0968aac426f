"""The Way of the Bear as HTML: an SVG village map, the temple tracks, every player's pieces.

Reads the view's public fields with `getattr` and the game's published tables
(`meeple.way_of_bear.components`); if either is not what this expects, it
raises and the generic layout is used instead.
"""

from __future__ import annotations

import html
from typing import Any

from ...core.protocols import Game

__all__ = ["render"]

_FILL = {"orange": "#e8892b", "black": "#2b2b2b", "blue": "#2f6fb5", "white": "#ffffff"}
_GAP = 64
_PAD = 32


def render(game: Game, view: Any) -> str:
    """The map, the temples, the bag, each player's reserve and tokens, the viewer's cards."""
    from ...way_of_bear import components as c

    board = tuple(getattr(view, "board", ()))
    if len(board) != len(c.VILLAGES):
        raise ValueError("way_of_bear view has no board of the expected size")
    me = getattr(view, "player", None)
    parts = ['<div class="wob-table">', _map(c, board)]

    temples = tuple(getattr(view, "temples", ()))
    rows = []
    for colour, filled in zip(c.COLOURS, temples, strict=False):
        cells = "".join(
            f'<span class="wob-slot{" full" if i < filled else ""}"'
            f' style="--fill:{_FILL.get(colour, "#999")}"></span>'
            for i in range(c.TEMPLE_SPACES)
        )
        rows.append(
            f'<tr data-temple="{html.escape(colour)}"><th scope="row">{html.escape(colour)}</th>'
            f"<td>{cells}</td><td>{filled}/{c.TEMPLE_SPACES}</td></tr>"
        )
    parts.append(f'<h3>Temples</h3><table class="wob-temples">{"".join(rows)}</table>')

    bag = tuple(getattr(view, "bag", ()))
    parts.append(
        "<p>Bag: "
        + ", ".join(f"{html.escape(col)} {n}" for col, n in zip(c.COLOURS, bag, strict=False))
        + f" · Seal pile: {int(getattr(view, 'deck_size', 0))} cards</p>"
    )

    head = "".join(f"<th>{html.escape(col)}</th>" for col in c.COLOURS)
    kinds = [
        f"{c.TYPES[c.KIND_TYPE[k]]}{' (seal)' if c.KIND_SEALS[k] else ''}" for k in range(c.KINDS)
    ]
    body = []
    reserves = tuple(getattr(view, "reserves", ()))
    tokens = tuple(getattr(view, "tokens", ()))
    backs = tuple(getattr(view, "hand_backs", ()))
    for p, reserve in enumerate(reserves):
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

    def names(ids: tuple[int, ...]) -> str:
        if not ids:
            return '<span class="empty">(none)</span>'
        return "".join(f"<li>{html.escape(c.CARDS[i].name)}</li>" for i in ids)

    hand = tuple(getattr(view, "hand", ()))
    if me is not None:
        parts.append(
            f'<h3>Your Seal cards</h3><ol class="seq" data-field="hand">{names(hand)}</ol>'
        )
        fresh = tuple(getattr(view, "fresh", ()))
        if fresh:
            parts.append(f'<h3>Drawn this turn</h3><ol class="seq">{names(fresh)}</ol>')
    played = tuple(getattr(view, "played", ()))
    if played:
        parts.append(f'<h3>Played</h3><ol class="seq">{names(played)}</ol>')
    text = html.escape(game.render(view))
    parts.append(f'<details><summary>Text picture</summary><pre class="text-render">{text}</pre>')
    parts.append("</details></div>")
    return "".join(parts)


def _map(c: Any, board: tuple[int, ...]) -> str:
    """The villages as circles on their grid, roads as lines, pieces as fills and letters."""
    x = [_PAD + col * _GAP for col in c.VILLAGE_COL]
    y = [_PAD + row * _GAP for row in c.VILLAGE_ROW]
    width, height = max(x) + _PAD, max(y) + _PAD
    lines = []
    for v, neighbours in enumerate(c.NEIGHBOURS):
        for w in neighbours:
            if v < w:
                lines.append(f'<line x1="{x[v]}" y1="{y[v]}" x2="{x[w]}" y2="{y[w]}"/>')
    nodes = []
    for v, cell in enumerate(board):
        name = html.escape(c.VILLAGES[v])
        if cell == c.OFF_BOARD:
            fill, mark, what, radius = "#e8e2d4", "", "empty", 8
        elif cell < c.TOKEN_BASE:
            colour = c.COLOURS[cell]
            fill, mark, what, radius = _FILL.get(colour, "#999"), "", f"{colour} stele", 15
        else:
            kind = cell - c.TOKEN_BASE
            kind_type = c.TYPES[c.KIND_TYPE[kind]]
            seal = "*" if c.KIND_SEALS[kind] else ""
            fill, radius = "#fff6dd", 15
            mark = f"{c.TYPE_LETTERS[c.KIND_TYPE[kind]]}{seal}"
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

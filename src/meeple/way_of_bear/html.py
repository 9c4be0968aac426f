"""The Way of the Bear as HTML: an SVG village map, the temple tracks, every player's pieces.

The web front end finds this through the game (`GAME.render_html`), exactly as it
finds a plugin's. It reads only the view, so it cannot show what the seat may not see.
What a player can touch (a village, a stele on a temple track, the reserve, the bag,
the offering, a Seal card) is drawn under the id `elements` gives it.
"""

from __future__ import annotations

import html
from typing import Final

from meeple.core.elements import element_attrs

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
    parts = ['<div class="wob-table">', _map(board), _temples(view.temples)]
    bag = ", ".join(f"{html.escape(col)} {n}" for col, n in zip(COLOURS, view.bag, strict=False))
    parts.append(
        f'<p><span class="wob-bag"{element_attrs(BAG, "the bag")}>Bag: {bag}</span>'
        f" · Seal pile: {int(view.deck_size)} cards</p>"
    )
    if me is not None:
        parts.append(_turn(view))
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
        cells = "".join(
            f"<td{_reserve(c, n) if p == me else ''}>{n}</td>" for c, n in enumerate(reserve)
        )
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
            f'<h3>Your Seal cards</h3><ol class="seq" data-field="hand">'
            f"{_names(view.hand, touch=True)}</ol>"
        )
        if view.fresh:
            parts.append(f'<h3>Drawn this turn</h3><ol class="seq">{_names(view.fresh)}</ol>')
    if view.played:
        parts.append(f'<h3>Played</h3><ol class="seq">{_names(view.played)}</ol>')
    text = html.escape(render(view))
    parts.append(f'<details><summary>Text picture</summary><pre class="text-render">{text}</pre>')
    parts.append("</details></div>")
    return "".join(parts)


def _names(ids: tuple[int, ...], touch: bool = False) -> str:
    """Seal cards as list items (`touch`: cards of your hand, which can be played), or a
    note that there are none."""
    if not ids:
        return '<span class="empty">(none)</span>'
    return "".join(
        f"<li{element_attrs(seal_id(i), f'Seal card {CARDS[i].name}') if touch else ''}>"
        f"{html.escape(CARDS[i].name)}</li>"
        for i in ids
    )


def _temples(temples: tuple[int, ...]) -> str:
    """Each temple track: its steles (touchable: a take moves the top ones) and its next
    empty space (where a payment goes)."""
    rows = []
    for c, (colour, filled) in enumerate(zip(COLOURS, temples, strict=False)):
        cells = []
        for i in range(TEMPLE_SPACES):
            touch = ""
            if i < filled:
                touch = element_attrs(stele_id(c, i + 1), f"{colour} stele {i + 1} of {filled}")
            elif i == filled:
                touch = element_attrs(stele_id(c, "next"), f"the next space of the {colour} temple")
            cells.append(
                f'<span class="wob-slot{" full" if i < filled else ""}"{touch}'
                f' style="--fill:{_FILL.get(colour, "#999")}"></span>'
            )
        rows.append(
            f'<tr data-temple="{html.escape(colour)}"><th scope="row">{html.escape(colour)}</th>'
            f"<td>{''.join(cells)}</td><td>{filled}/{TEMPLE_SPACES}</td></tr>"
        )
    return f'<h3>Temples</h3><table class="wob-temples">{"".join(rows)}</table>'


def _reserve(colour: int, count: int) -> str:
    return element_attrs(reserve_id(colour), f"your {COLOURS[colour]} steles ({count})")


def _token(element: str, label: str, text: str) -> str:
    return f'<span class="wob-token"{element_attrs(element, label)}>{html.escape(text)}</span>'


def _turn(view: View) -> str:
    """The offering being paid, the discount, and the tokens that end a step."""
    owed = [
        _token(owed_id(c), f"{n} {COLOURS[c]} owed to the temple", f"{n} {COLOURS[c]}")
        for c, n in enumerate(view.owed)
        if n
    ]
    tokens = []
    if owed:
        tokens.append("Offering owed: " + " ".join(owed))
    if view.waivers:
        tokens.append(_token(WAIVE_TOKEN, f"waive ({view.waivers} left)", "waive a stele"))
    if view.phase == RITUAL:
        tokens.append(_token(SKIP_TOKEN, "take no stele after the Ritual", "take nothing"))
    tokens.append(_token(PASS_TOKEN, "end your turn", "end turn"))
    return f'<p class="wob-turn">{" · ".join(tokens)}</p>'


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
            f'<g data-village="{name}"{element_attrs(VILLAGES[v], f"village {name}: {what}")}>'
            f"<title>{name}: {html.escape(what)}</title>"
            f'<circle cx="{x[v]}" cy="{y[v]}" r="{radius}" fill="{fill}"/>'
            f'<text x="{x[v]}" y="{y[v] + 4}" class="mark">{html.escape(mark)}</text>'
            f'<text x="{x[v] + 17}" y="{y[v] - 14}" class="name">{name[1:]}</text></g>'
        )
    return (
        f'<svg class="wob-map" viewBox="0 0 {width} {height}" width="{width}" height="{height}"'
        f' role="img" aria-label="village map"><g class="roads">{"".join(lines)}</g>'
        f"{''.join(nodes)}</svg>"
    )

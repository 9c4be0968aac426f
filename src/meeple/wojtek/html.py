"""Miś Wojtek as HTML: an SVG map of the route with its pawns, the display, hands and sets.

The web front end finds this through the game (`GAME.render_html`), exactly as it
finds a plugin's. It reads only the view, the card tables of `components` and the
board named by the view's options, so it cannot show what the seat may not see:
only the viewer's own travel hand is drawn (`view.hand`); other seats appear as
counts, exactly as the view gives them. Every text is escaped. Styling is inline
(the page's style sheet belongs to the whole site).
"""

from __future__ import annotations

import html

from .board import Board, load_board
from .components import (
    BEAR_NAMES,
    BEAR_TYPE_NAMES,
    CARDS_PER_TYPE,
    CITIES,
    COLOUR_TITLES,
    COLOURS,
    NO_CARD,
    PAWNS,
    PERSON,
    RAINBOW,
    TRAVEL_NAMES,
)
from .render import render
from .scoring import arrange
from .view import View

__all__ = ["render_html"]

_FILL = {
    "red": "#d64541",
    "orange": "#ef8a2e",
    "yellow": "#f2d03b",
    "green": "#9fd46b",
    "blue": "#3d7dd8",
    "violet": "#8e5cc4",
    "pink": "#ef8fbf",
}
"""Fill of each travel colour (notation names)."""
_INK = {"yellow": "#3b3326", "green": "#3b3326", "pink": "#3b3326", "orange": "#3b3326"}
"""Text colour on the light fills (dark); white elsewhere."""
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


def render_html(view: View) -> str:
    """The map, the display, the viewer's hand, every player's cards, the piles."""
    board = load_board(view.options.board)
    me = view.player
    to_act = view.to_act
    last_round = view.last_round
    head = f"Round {view.round}" + (" · last round" if view.ending else "")
    if not to_act:
        head += " · game over"
    elif view.ending and last_round:
        head += " (still to play: " + ", ".join(f"player {p}" for p in last_round) + ")"
    parts = [
        '<div class="wj-table" data-game="wojtek">',
        f'<p class="wj-round" style="font-weight:600">{_e(head)}</p>',
        _map(board, view.positions),
        _display(view.display),
    ]
    if me is not None:
        parts.append(_hand(view.hand))
    pending = view.pending
    if any(pending):
        parts.append(
            '<h3>Three-card move so far</h3><ol class="seq" data-field="pending">'
            + "".join(_chip(kind, n) for kind, n in enumerate(pending) if n)
            + "</ol>"
        )
    parts.append(_players(board, view))
    parts.append(_cities(view.city_owner))
    parts.append(_piles(view))
    text = _e(render(view))
    parts.append(f'<details><summary>Text picture</summary><pre class="text-render">{text}</pre>')
    parts.append("</details></div>")
    return "".join(parts)


# -- the map ------------------------------------------------------------------------


def _map(board: Board, positions: tuple[int, ...]) -> str:
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
        shapes.append(
            f'<g data-pawn="{seat}"><title>player {seat} ({_e(pawn)} bear): '
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
        fill, what = _FILL.get(name, "#999999"), COLOUR_TITLES[colour]
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
    return (
        f'<g data-space="{_e(board.ids[space])}"><title>{_e(note)}</title>'
        f'<rect x="{x}" y="{y}" width="{_CELL}" height="{_CELL}" rx="4" fill="{fill}"{frame}/>'
        f"{name_tag}</g>"
    )


# -- cards --------------------------------------------------------------------------


def _box_style(name: str) -> str:
    return (
        f"border:3px solid {_FILL.get(name, '#999999')};border-radius:6px;padding:0.3rem 0.5rem;"
        "min-width:6.5rem;background:#ffffff"
    )


def _display(display: tuple[int, ...]) -> str:
    """The seven boxes, each with its bear card (or empty)."""
    boxes = []
    for colour, kind in enumerate(display):
        name = COLOURS[colour]
        if kind == NO_CARD:
            card, kind_of = '<span class="empty">(empty)</span>', ""
        else:
            card = f"<strong>{_e(BEAR_NAMES[kind])}</strong>"
            kind_of = _e(_type_of(kind))
        boxes.append(
            f'<div class="wj-box" data-box="{_e(name)}" style="{_box_style(name)}">'
            f'<div style="font-size:0.8rem;color:#5c6478">{_e(COLOUR_TITLES[colour])}</div>'
            f'{card}<div style="font-size:0.8rem;color:#5c6478">{kind_of}</div></div>'
        )
    return (
        '<h3>Display</h3><div class="wj-display" data-field="display"'
        f' style="display:flex;flex-wrap:wrap;gap:0.4rem">{"".join(boxes)}</div>'
    )


def _type_of(kind: int) -> str:
    if kind == PERSON:
        return "person"
    return str(BEAR_TYPE_NAMES[kind // CARDS_PER_TYPE])


def _chip(kind: int, count: int) -> str:
    """A travel card kind with its count, coloured like the card."""
    name = TRAVEL_NAMES[kind]
    if kind == RAINBOW:
        style = (
            "background:linear-gradient(90deg,#d64541,#ef8a2e,#f2d03b,#9fd46b,#3d7dd8,#8e5cc4);"
            "color:#ffffff;font-weight:600"
        )
        label = "rainbow (walking)"
    else:
        style = f"background:{_FILL.get(name, '#999999')};color:{_INK.get(name, '#ffffff')}"
        label = f"{COLOUR_TITLES[kind]} truck"
    return (
        f'<li data-kind="{_e(name)}" data-count="{count}" style="{style}">'
        f"{count} &times; {_e(label)}</li>"
    )


def _hand(hand: tuple[int, ...]) -> str:
    """The viewer's own travel cards."""
    chips = "".join(_chip(kind, n) for kind, n in enumerate(hand) if n)
    if not chips:
        chips = '<li class="empty">(no cards)</li>'
    return f'<h3>Your travel cards</h3><ol class="seq" data-field="hand">{chips}</ol>'


def _players(board: Board, view: View) -> str:
    """A row per player: pawn, place, hand size, city cards, bear cards by type, best sets."""
    me, to_act, last_round = view.player, view.to_act, view.last_round
    positions = view.positions
    owners = view.city_owner
    cell = "border:1px solid #d5d9e2;padding:0.2rem 0.5rem;text-align:left;vertical-align:top"
    td = f'<td style="{cell}">'
    rows = []
    for seat, collection in enumerate(view.collections):
        pawn = PAWNS[seat]
        marks = []
        if seat == me:
            marks.append("you")
        if seat in to_act:
            marks.append("to act")
        if seat in last_round:
            marks.append("one more turn")
        who = f"player {seat} ({pawn} bear)" + (f" · {', '.join(marks)}" if marks else "")
        cities = [CITIES[k] for k, o in enumerate(owners) if o == seat]
        groups = []
        for t, type_name in enumerate(BEAR_TYPE_NAMES):
            held = [
                _e(BEAR_NAMES[k]) + (f" &times;{collection[k]}" if collection[k] > 1 else "")
                for k in range(t * CARDS_PER_TYPE, (t + 1) * CARDS_PER_TYPE)
                if collection[k]
            ]
            if held:
                groups.append(
                    f'<li data-type="{_e(type_name)}"><strong>{_e(type_name)}</strong>: '
                    f"{', '.join(held)}</li>"
                )
        if collection[PERSON]:
            groups.append(
                f'<li data-type="person"><strong>persons</strong>: {collection[PERSON]}</li>'
            )
        bears = (
            f'<ul style="margin:0;padding-left:1rem">{"".join(groups)}</ul>'
            if groups
            else '<span class="empty">(none)</span>'
        )
        sets = arrange(collection, len(cities)).key
        travel = view.hand_sizes[seat]
        acting = ' class="wj-acting" style="background:#eaf5ee"' if seat in to_act else ""
        rows.append(
            f'<tr data-player="{seat}"{acting}>'
            f'<th scope="row" style="{cell}">{_e(who)}</th>'
            f"{td}{_e(_where(board, positions[seat]))}</td>"
            f"{td}{travel}</td>"
            f"{td}{_e(', '.join(cities)) or '—'}</td>"
            f"{td}{bears}</td>"
            f"{td}{_e(', '.join(str(s) for s in sets)) or '—'}</td></tr>"
        )
    return (
        '<h3>Players</h3><table class="wj-players" style="background:#ffffff">'
        f'<tr><th style="{cell}">player</th><th style="{cell}">at</th>'
        f'<th style="{cell}">travel cards</th><th style="{cell}">city cards</th>'
        f'<th style="{cell}">bear cards</th><th style="{cell}">best sets</th></tr>'
        + "".join(rows)
        + "</table>"
    )


def _where(board: Board, space: int) -> str:
    """A space's name and colour, for the players table."""
    colour = board.colours[space]
    title = str(board.titles[space])
    return f"{title} ({COLOUR_TITLES[colour]})" if colour >= 0 else title


def _cards(n: int) -> str:
    return f"{n} card" if n == 1 else f"{n} cards"


def _cities(owners: tuple[int, ...]) -> str:
    """Each city card and who holds it."""
    items = "".join(
        f'<li data-city="{_e(name)}">{_e(name)}: '
        f"{_e(f'player {owner}' if owner >= 0 else 'on the board')}</li>"
        for name, owner in zip(CITIES, owners, strict=True)
    )
    return f'<h3>City cards</h3><ol class="seq" data-field="cities">{items}</ol>'


def _piles(view: View) -> str:
    """Deck sizes and the face-up discard piles."""
    travel_discard = view.travel_discard
    bear_discard = view.bear_discard
    by_kind = ", ".join(f"{TRAVEL_NAMES[k]} {n}" for k, n in enumerate(travel_discard) if n)
    facts = [
        f"bear stack: {_cards(view.bear_deck_size)}",
        f"bear discards: {_cards(sum(bear_discard))}",
        f"travel deck: {_cards(view.travel_deck_size)}",
        f"travel discards: {_cards(sum(travel_discard))}" + (f" ({by_kind})" if by_kind else ""),
    ]
    items = "".join(f"<li>{_e(f)}</li>" for f in facts)
    return f'<h3>Piles</h3><ul class="wj-piles" data-field="piles">{items}</ul>'

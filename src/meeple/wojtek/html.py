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

from meeple.core.elements import element_attrs

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
from .html_map import FILL
from .html_map import route_map
from .render import render
from .scoring import arrange
from .view import View

__all__ = ["render_html"]

_INK = {"yellow": "#3b3326", "green": "#3b3326", "pink": "#3b3326", "orange": "#3b3326"}
"""Text colour on the light fills (dark); white elsewhere."""


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
        route_map(board, view.positions),
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


# -- cards --------------------------------------------------------------------------


def _box_style(name: str) -> str:
    return (
        f"border:3px solid {FILL.get(name, '#999999')};border-radius:6px;padding:0.3rem 0.5rem;"
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
        what = "empty" if kind == NO_CARD else f"{BEAR_NAMES[kind]} ({_type_of(kind)})"
        touch = element_attrs(box_id(colour), f"the {COLOUR_TITLES[colour]} box: {what}")
        boxes.append(
            f'<div class="wj-box" data-box="{_e(name)}"{touch} style="{_box_style(name)}">'
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


def _chip(kind: int, count: int, mine: bool = False) -> str:
    """A travel card kind with its count, coloured like the card (`mine`: a card of the
    viewer's hand, which can be touched)."""
    name = TRAVEL_NAMES[kind]
    if kind == RAINBOW:
        style = (
            "background:linear-gradient(90deg,#d64541,#ef8a2e,#f2d03b,#9fd46b,#3d7dd8,#8e5cc4);"
            "color:#ffffff;font-weight:600"
        )
        label = "rainbow (walking)"
    else:
        style = f"background:{FILL.get(name, '#999999')};color:{_INK.get(name, '#ffffff')}"
        label = f"{COLOUR_TITLES[kind]} truck"
    touch = element_attrs(hand_id(kind), f"your {label} cards ({count})") if mine else ""
    return (
        f'<li data-kind="{_e(name)}" data-count="{count}"{touch} style="{style}">'
        f"{count} &times; {_e(label)}</li>"
    )


def _hand(hand: tuple[int, ...]) -> str:
    """The viewer's own travel cards."""
    chips = "".join(_chip(kind, n, mine=True) for kind, n in enumerate(hand) if n)
    if not chips:
        chips = '<li class="empty">(no cards)</li>'
    three = (
        f'<p><span class="wj-token"{element_attrs(THREE_TOKEN, "start a three-card move")}'
        ' style="border:2px dashed #8a7a5c;border-radius:5px;padding:0.1rem 0.5rem">'
        "three-card move</span></p>"
    )
    return f'<h3>Your travel cards</h3><ol class="seq" data-field="hand">{chips}</ol>{three}'


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
    deck = f"travel deck: {_cards(view.travel_deck_size)}"
    discards = f"travel discards: {_cards(sum(travel_discard))}" + (
        f" ({by_kind})" if by_kind else ""
    )
    facts = [
        ("", f"bear stack: {_cards(view.bear_deck_size)}"),
        ("", f"bear discards: {_cards(sum(bear_discard))}"),
        (element_attrs(DECK, f"the travel deck ({_cards(view.travel_deck_size)})"), deck),
        (element_attrs(DISCARD, "the travel discard pile"), discards),
    ]
    items = "".join(f"<li{touch}>{_e(fact)}</li>" for touch, fact in facts)
    return f'<h3>Piles</h3><ul class="wj-piles" data-field="piles">{items}</ul>'

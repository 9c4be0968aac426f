"""Bear Went Over the Mountain as HTML: hikes as rows of card tiles with a height profile.

The web front end finds this through the game (`GAME.render_html`), exactly as it
finds a plugin's. It reads only the view, so it cannot show what the seat may not see.
What a player can touch (a face-up slot, a card of their hand, an end of a hike, a
score card) is drawn under the id `elements` gives it, so the page can play by clicks.
"""

from __future__ import annotations

import html
from collections.abc import Callable

from meeple.core.elements import element_attrs

from .components import ANIMALS
from .components import CARDS
from .components import HABITATS
from .components import SCORE_CARDS
from .components import card_name
from .elements import DECK
from .elements import DONE
from .elements import card_id
from .elements import end_id
from .elements import score_id
from .elements import slot_id
from .render import render
from .state import Phase
from .view import View

__all__ = ["render_html"]

_HABITAT_CLASS = {"conifer": "hab-conifer", "hardwood": "hab-hardwood", "meadow": "hab-meadow"}


Touch = Callable[[int, int], tuple[str, str] | None]
"""(card id, place in the row from 1) -> the element (id, label of the place) or None."""


def _tile(card_no: int, label: str | None = None, element: tuple[str, str] | None = None) -> str:
    card = CARDS[card_no - 1]
    left, right = HABITATS[card.left], HABITATS[card.right]
    animals = ", ".join(ANIMALS[a] for a in card.animals) or "no animals"
    elevation = f"{card.elevation:+d}" if card.elevation else "flat"
    head = f'<span class="tile-label">{html.escape(label)}</span>' if label else ""
    facts = f"{left} | {right}; {animals}; {elevation}"
    touch = ""
    if element is not None:
        touch = element_attrs(element[0], f"{card_name(card_no)} ({facts}), {element[1]}")
    return (
        f'<div class="bm-card" data-card="{html.escape(card_name(card_no))}"'
        f' title="{html.escape(facts)}"{touch}>{head}'
        f'<div class="halves">'
        f'<span class="{_HABITAT_CLASS.get(left, "")}">{html.escape(left)}</span>'
        f'<span class="{_HABITAT_CLASS.get(right, "")}">{html.escape(right)}</span></div>'
        f'<div class="animals">{html.escape(animals)}</div>'
        f'<div class="elev">{html.escape(card_name(card_no))} · {elevation}</div></div>'
    )


def _profile(hike: tuple[int, ...]) -> str:
    heights = [0]
    for card in hike:
        heights.append(heights[-1] + CARDS[card - 1].elevation)
    low, high = min(heights), max(heights)
    step, scale = 112, 10  # a tile and its gap (see style.css)
    points = " ".join(f"{i * step + 4},{(high - h) * scale + 6}" for i, h in enumerate(heights))
    width, height = max(1, len(hike)) * step + 8, (high - low) * scale + 12
    return (
        f'<svg class="profile" width="{width}" height="{height}" role="img"'
        f' aria-label="elevation from {low:+d} to {high:+d}">'
        f'<polyline points="{points}" fill="none" stroke="#6b4f2a" stroke-width="2"/></svg>'
    )


def _row_of(cards: tuple[int, ...], numbered: bool = False, touch: Touch | None = None) -> str:
    if not cards:
        return '<span class="empty">(none)</span>'
    tiles = "".join(
        _tile(card, str(i) if numbered else None, touch(card, i) if touch else None)
        for i, card in enumerate(cards, 1)
    )
    return f'<div class="bm-row">{tiles}</div>'


def _in(zone: str, where: str) -> Touch:
    """Every card of a zone is an element (``hand-c05``), labelled with where it lies."""
    return lambda card, _: (card_id(zone, card), where)


def _slot(_: int, i: int) -> tuple[str, str]:
    """A face-up card is touched by its slot (``take N``)."""
    return slot_id(i), f"face-up slot {i}"


def _top_of(size: int) -> Touch:
    """Only the top card of the discard pile (the last of `size`) can be laid."""
    return lambda card, i: (
        (card_id("discard", card), "top of the discard pile") if i == size else None
    )


def _end(hike: int, side: str) -> str:
    """A place at one end of a hike where a card can be laid."""
    arrow = "◀ left end" if side == "left" else "right end ▶"
    label = f"the {side} end of hike {hike + 1}"
    return f'<span class="bm-end"{element_attrs(end_id(hike, side), label)}>{arrow}</span>'


def _token(element: str, label: str, text: str) -> str:
    return f'<span class="bm-token"{element_attrs(element, label)}>{html.escape(text)}</span>'


def render_html(view: View) -> str:
    """The table: score cards, hikes, the face-up row, the viewer's own cards, counts."""
    mode = view.options.mode or "standard"
    solo = mode == "solo"
    me = view.player
    parts = ['<div class="bm-table">']
    sights = [SCORE_CARDS[s - 1] for s in view.score_cards]
    chips = "".join(
        f'<li title="{html.escape(s.slug)}"'
        + (element_attrs(score_id(s.id), f"score card {s.title}") if solo else "")
        + f">{html.escape(s.title)}</li>"
        for s in sights
    )
    parts.append(f'<h3>Score cards</h3><ul class="bm-sights">{chips}</ul>')
    assigned = view.assigned
    for k, hike in enumerate(view.hikes):
        if solo:
            given = ", ".join(SCORE_CARDS[s - 1].title for s in assigned[k]) if assigned else ""
            title = f"Hike {k + 1}" + (f" (scores: {given})" if given else "")
        else:
            title = f"Player {k}'s hike" + (" (you)" if k == me else "")
        cards = _row_of(tuple(hike))
        if solo or (mode == "draft" and k == me):  # where a card can be laid
            cards = f'<div class="bm-ends">{_end(k, "left")}{cards}{_end(k, "right")}</div>'
        parts.append(
            f'<section class="bm-hike" data-hike="{k}"><h3>{html.escape(title)}'
            f" · {len(hike)} cards</h3>{cards}{_profile(tuple(hike))}</section>"
        )
    row = view.row
    if row:
        slots = _row_of(row, numbered=True, touch=_slot)
        parts.append(f"<h3>Face-up cards (take 1..{len(row)})</h3>{slots}")
    hand = view.hand
    if hand:
        mine = _row_of(hand, touch=_in("hand", "in your hand"))
        parts.append(f'<h3>Your hand</h3><div data-field="hand">{mine}</div>')
    picks = view.picks
    if picks:
        chosen = _row_of(picks, touch=_in("pick", "among your selected cards"))
        parts.append(f"<h3>Your selected cards</h3>{chosen}")
    drawn = view.drawn
    if drawn:
        parts.append(f"<h3>Just drawn</h3>{_row_of((drawn,), touch=_in('drawn', 'just drawn'))}")
    discard = view.discard
    if discard:
        pile = _row_of(discard, touch=_top_of(len(discard)))
        parts.append(f"<h3>Discard pile (top last)</h3>{pile}")
    if solo:
        tokens = _token(DECK, "the draw pile", f"draw pile: {view.deck_count} cards")
        if view.phase == Phase.ASSIGN:
            tokens += _token(DONE, "done assigning score cards", "done assigning")
        parts.append(f'<p class="bm-tokens">{tokens}</p>')
    facts = [f"face-down pile: {view.deck_count} cards", f"mode: {mode}"]
    counts = view.hand_counts
    if counts:
        facts.append("hands: " + ", ".join(f"player {p}: {n}" for p, n in enumerate(counts)))
        picks_n = view.pick_counts
        facts.append("selected: " + ", ".join(f"player {p}: {n}" for p, n in enumerate(picks_n)))
    items = "".join(f"<li>{html.escape(f)}</li>" for f in facts)
    parts.append(f'<ul class="bm-facts">{items}</ul>')
    text = html.escape(render(view))
    parts.append(f'<details><summary>Text picture</summary><pre class="text-render">{text}</pre>')
    parts.append("</details></div>")
    return "".join(parts)

"""Bear Went Over the Mountain as HTML: hikes as rows of card tiles with a height profile.

The web front end finds this through the game (`GAME.render_html`), exactly as it
finds a plugin's. It reads only the view, so it cannot show what the seat may not see.
"""

from __future__ import annotations

import html

from .components import ANIMALS, CARDS, HABITATS, SCORE_CARDS, card_name
from .render import render
from .view import View

__all__ = ["render_html"]

_HABITAT_CLASS = {"conifer": "hab-conifer", "hardwood": "hab-hardwood", "meadow": "hab-meadow"}


def _tile(card_id: int, label: str | None = None) -> str:
    card = CARDS[card_id - 1]
    left, right = HABITATS[card.left], HABITATS[card.right]
    animals = ", ".join(ANIMALS[a] for a in card.animals) or "no animals"
    elevation = f"{card.elevation:+d}" if card.elevation else "flat"
    head = f'<span class="tile-label">{html.escape(label)}</span>' if label else ""
    return (
        f'<div class="bm-card" data-card="{html.escape(card_name(card_id))}"'
        f' title="{html.escape(f"{left} | {right}; {animals}; {elevation}")}">{head}'
        f'<div class="halves">'
        f'<span class="{_HABITAT_CLASS.get(left, "")}">{html.escape(left)}</span>'
        f'<span class="{_HABITAT_CLASS.get(right, "")}">{html.escape(right)}</span></div>'
        f'<div class="animals">{html.escape(animals)}</div>'
        f'<div class="elev">{html.escape(card_name(card_id))} · {elevation}</div></div>'
    )


def _profile(hike: tuple[int, ...]) -> str:
    heights = [0]
    for card_id in hike:
        heights.append(heights[-1] + CARDS[card_id - 1].elevation)
    low, high = min(heights), max(heights)
    step, scale = 112, 10  # a tile and its gap (see style.css)
    points = " ".join(f"{i * step + 4},{(high - h) * scale + 6}" for i, h in enumerate(heights))
    width, height = max(1, len(hike)) * step + 8, (high - low) * scale + 12
    return (
        f'<svg class="profile" width="{width}" height="{height}" role="img"'
        f' aria-label="elevation from {low:+d} to {high:+d}">'
        f'<polyline points="{points}" fill="none" stroke="#6b4f2a" stroke-width="2"/></svg>'
    )


def _row_of(cards: tuple[int, ...], numbered: bool = False) -> str:
    if not cards:
        return '<span class="empty">(none)</span>'
    tiles = "".join(
        _tile(card_id, str(i) if numbered else None) for i, card_id in enumerate(cards, 1)
    )
    return f'<div class="bm-row">{tiles}</div>'


def render_html(view: View) -> str:
    """The table: score cards, hikes, the face-up row, the viewer's own cards, counts."""
    mode = view.options.mode or "standard"
    solo = mode == "solo"
    me = view.player
    parts = ['<div class="bm-table">']
    sights = [SCORE_CARDS[s - 1] for s in view.score_cards]
    chips = "".join(
        f'<li title="{html.escape(s.slug)}">{html.escape(s.title)}</li>' for s in sights
    )
    parts.append(f'<h3>Score cards</h3><ul class="bm-sights">{chips}</ul>')
    assigned = view.assigned
    for k, hike in enumerate(view.hikes):
        if solo:
            given = ", ".join(SCORE_CARDS[s - 1].title for s in assigned[k]) if assigned else ""
            title = f"Hike {k + 1}" + (f" (scores: {given})" if given else "")
        else:
            title = f"Player {k}'s hike" + (" (you)" if k == me else "")
        parts.append(
            f'<section class="bm-hike" data-hike="{k}"><h3>{html.escape(title)}'
            f" · {len(hike)} cards</h3>{_row_of(tuple(hike))}{_profile(tuple(hike))}</section>"
        )
    row = view.row
    if row:
        parts.append(f"<h3>Face-up cards (take 1..{len(row)})</h3>{_row_of(row, numbered=True)}")
    hand = view.hand
    if hand:
        parts.append(f'<h3>Your hand</h3><div data-field="hand">{_row_of(hand)}</div>')
    picks = view.picks
    if picks:
        parts.append(f"<h3>Your selected cards</h3>{_row_of(picks)}")
    drawn = view.drawn
    if drawn:
        parts.append(f"<h3>Just drawn</h3>{_row_of((drawn,))}")
    discard = view.discard
    if discard:
        parts.append(f"<h3>Discard pile (top last)</h3>{_row_of(discard)}")
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

"""Goofspiel as HTML (the ``html`` capability): the prize, your hand, the bids, the scores.

Your cards are touchable elements (`elements.card_id`): the web page plays a bid
when you click a card. Everything comes from the view, so another seat's hand or
bid never appears; every text is escaped.
"""

from __future__ import annotations

import html
from collections.abc import Callable

from meeple.core.elements import element_attrs

from .elements import card_id
from .elements import played_id
from .view import View

__all__ = ["render_html"]

_CARD_STYLE = (
    "display:inline-block;min-width:2.2rem;padding:0.4rem 0.5rem;margin:2px;"
    "border:2px solid #3d5a80;border-radius:6px;background:#fff;text-align:center;"
    "font-weight:700"
)


def _row(field: str, title: str, cell: str) -> str:
    return f'<tr data-field="{field}"><th scope="row">{html.escape(title)}</th><td>{cell}</td></tr>'


def _cards(cards: tuple[int, ...], make_id: Callable[[int], str], where: str) -> str:
    tiles = "".join(
        f'<span{element_attrs(make_id(c), f"card {c} {where}")} style="{_CARD_STYLE}">{c}</span>'
        for c in cards
    )
    return tiles or '<span class="empty">(none)</span>'


def _bid_so_far(view: View) -> tuple[int, ...]:
    """The cards this seat bid in the finished rounds (face up before it)."""
    if view.player is None:
        return ()
    return tuple(bids[view.player] for _, bids in view.history)


def render_html(view: View) -> str:
    """A table of what the seat sees; its own cards are the elements a bid touches."""
    prize = "—" if view.prize is None else str(view.prize)
    placed = "".join(f"<li>{'yes' if b else 'no'}</li>" for b in view.bid_placed)
    scores = "".join(f"<li>player {p}: {s}</li>" for p, s in enumerate(view.scores))
    rounds = "".join(
        f"<li>prize {prize_won}: bids {', '.join(map(str, bids))}</li>"
        for prize_won, bids in view.history
    )
    hand = "—" if view.hand is None else _cards(view.hand, card_id, "of your hand")
    rows = [
        _row("prize", "prize on offer", f"<strong>{html.escape(prize)}</strong>"),
        _row("prizes_left", "prizes left", str(view.prizes_left)),
        _row("hand", "your hand", hand),
        _row("played", "your cards bid", _cards(_bid_so_far(view), played_id, "you bid")),
        _row("my_bid", "your bid", "—" if view.my_bid is None else str(view.my_bid)),
        _row("bid_placed", "bid placed", f'<ol class="seq">{placed}</ol>'),
        _row("scores", "scores", f'<ol class="seq">{scores}</ol>'),
        _row("history", "rounds", f'<ol class="seq">{rounds}</ol>' if rounds else "—"),
    ]
    return f'<div class="gs-table"><table class="fields">{"".join(rows)}</table></div>'

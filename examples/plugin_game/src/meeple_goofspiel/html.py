"""Goofspiel as HTML (the ``html`` capability): the prize, your hand, the bids, the scores.

The markup is the template ``templates/table.html``, shipped in the package beside
this module; `meeple.core.templates.render_table` draws it with every value escaped.
Your cards are touchable elements (`elements.card_id`): the web page plays a bid when
you click a card. Everything comes from the view, so another seat's hand or bid never
appears.
"""

from __future__ import annotations

from meeple.core.templates import render_table

from .elements import card_id
from .elements import played_id
from .view import View

__all__ = ["render_html"]


def _bid_so_far(view: View) -> tuple[int, ...]:
    """The cards this seat bid in the finished rounds (face up before it)."""
    if view.player is None:
        return ()
    return tuple(bids[view.player] for _, bids in view.history)


def render_html(view: View) -> str:
    """A table of what the seat sees; its own cards are the elements a bid touches."""
    return render_table(
        __package__,
        "table.html",
        view=view,
        hand=None if view.hand is None else [(card_id(c), c) for c in view.hand],
        played=[(played_id(c), c) for c in _bid_so_far(view)],
    )

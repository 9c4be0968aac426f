"""HTML for a view: the game's own renderer if it has one, else a generic layout.

Every game, built-in or plugin, draws itself through the ``html`` capability
(``game.render_html(view) -> str``, see `meeple.core.capabilities`); this package
knows no game by name. Without the capability, `generic.render` lays out any
view's fields. A renderer that raises is logged and replaced by the generic
layout, so a drawing bug never blocks play. Renderers see only the view, so they
cannot show what the seat may not see.
"""

from __future__ import annotations

import html
import logging
from typing import Any

from ...core.capabilities import HasHtml
from ...core.protocols import Game
from . import generic

__all__ = ["render_html", "render_text"]

log = logging.getLogger("meeple.web")


def render_text(game: Game, view: Any) -> str:
    """The game's plain-text picture of the view, or a note if it fails."""
    try:
        return game.render(view)
    except Exception as err:  # a drawing bug must not block play
        log.exception("%s: text renderer failed", game.spec.name)
        return f"(the text picture failed: {err!r})"


def render_html(game: Game, view: Any) -> str:
    """An HTML fragment showing the view: the game's own, else the generic layout."""
    try:
        if isinstance(game, HasHtml):
            return str(game.render_html(view))
    except Exception:  # fall back to the generic layout below
        log.exception("%s: HTML renderer failed; using the generic layout", game.spec.name)
    return generic.render(game, view, render_text(game, view))


def escape(value: object) -> str:
    """HTML-escaped text of anything."""
    return html.escape(str(value))

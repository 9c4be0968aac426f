"""HTML for a view: the game's own renderer if it has one, else a generic layout.

Lookup order: ``game.render_html(view) -> str`` (a game or plugin draws itself),
then a renderer in this package registered for the game's name, then
`generic.render`, which lays out any view's fields. A renderer that raises is
logged and replaced by the generic layout, so a drawing bug never blocks play.
Renderers see only the view, so they cannot show what the seat may not see.
"""

from __future__ import annotations

import html
import importlib
import logging
from collections.abc import Callable
from typing import Any

from ...core.protocols import Game
from . import generic

__all__ = ["RENDERERS", "render_html", "render_text"]

log = logging.getLogger("meeple.web")

RENDERERS: dict[str, Callable[[Game, Any], str]] = {}
"""HTML renderers by game name, added at run time (tests, embedding applications)."""

BUILTIN: dict[str, str] = {
    "bear_mountain": "meeple.web.renderers.bear_mountain",
    "way_of_bear": "meeple.web.renderers.way_of_bear",
    "wojtek": "meeple.web.renderers.wojtek",
    "wypas": "meeple.web.renderers.wypas",
}
"""Modules with a ``render(game, view)`` for a built-in game, imported on first use."""


def _builtin(name: str) -> Callable[[Game, Any], str] | None:
    if name in RENDERERS:
        return RENDERERS[name]
    module = BUILTIN.get(name)
    if module is None:
        return None
    renderer: Callable[[Game, Any], str] = importlib.import_module(module).render
    return renderer


def render_text(game: Game, view: Any) -> str:
    """The game's plain-text picture of the view, or a note if it fails."""
    try:
        return game.render(view)
    except Exception as err:  # a drawing bug must not block play
        log.exception("%s: text renderer failed", game.spec.name)
        return f"(the text picture failed: {err!r})"


def render_html(game: Game, view: Any) -> str:
    """An HTML fragment showing the view."""
    own: Callable[[Any], str] | None = getattr(game, "render_html", None)
    try:
        if callable(own):
            return str(own(view))
        builtin = _builtin(game.spec.name)
        if builtin is not None:
            return builtin(game, view)
    except Exception:  # fall back to the generic layout below
        log.exception("%s: HTML renderer failed; using the generic layout", game.spec.name)
    return generic.render(game, view, render_text(game, view))


def escape(value: object) -> str:
    """HTML-escaped text of anything."""
    return html.escape(str(value))

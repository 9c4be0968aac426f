"""A readable HTML layout of any view: its fields as a table, then the text picture.

Tuples become ordered lists (or a table, when they hold attrs objects), nested
attrs objects become sub-tables, frozensets are shown sorted, and None as a
dash. Every value is escaped. Each field's row carries ``data-field`` so tests
and style sheets can find it.
"""

from __future__ import annotations

import dataclasses
import html
from typing import Any

import attrs

from ...core.protocols import Game

__all__ = ["fields_of", "render", "render_value"]

_SKIP = frozenset({"players", "to_act"})
"""Shown elsewhere on the page (the seat list and the prompt)."""

_MAX_DEPTH = 6


def fields_of(obj: Any) -> list[tuple[str, Any]] | None:
    """An attrs or dataclass object's ``(name, value)`` pairs; None for anything else."""
    if attrs.has(type(obj)):
        return [(f.name, getattr(obj, f.name)) for f in attrs.fields(type(obj))]
    if dataclasses.is_dataclass(obj) and not isinstance(obj, type):
        return [(f.name, getattr(obj, f.name)) for f in dataclasses.fields(obj)]
    return None


def render(game: Game, view: Any, text: str) -> str:
    """The view's fields as a table, then the game's text picture in a ``<pre>``."""
    parts = [f'<div class="generic-view" data-game="{html.escape(game.spec.name)}">']
    pairs = fields_of(view)
    if pairs is not None:
        parts.append('<table class="fields">')
        for name, value in pairs:
            if name in _SKIP:
                continue
            label = html.escape(name.replace("_", " "))
            parts.append(
                f'<tr data-field="{html.escape(name)}"><th scope="row">{label}</th>'
                f"<td>{render_value(value)}</td></tr>"
            )
        parts.append("</table>")
    parts.append(f'<pre class="text-render">{html.escape(text)}</pre></div>')
    return "".join(parts)


def render_value(value: Any, depth: int = 0) -> str:
    """One value as HTML."""
    if depth > _MAX_DEPTH:
        return html.escape(repr(value))
    if value is None:
        return '<span class="none">—</span>'
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, str | int | float):
        return html.escape(str(value))
    pairs = fields_of(value)
    if pairs is not None:
        rows = "".join(
            f'<tr><th scope="row">{html.escape(n.replace("_", " "))}</th>'
            f"<td>{render_value(v, depth + 1)}</td></tr>"
            for n, v in pairs
        )
        return f'<table class="sub">{rows}</table>'
    if isinstance(value, frozenset | set):
        value = tuple(sorted(value, key=lambda v: (type(v).__name__, repr(v))))
    if isinstance(value, tuple | list):
        if not value:
            return '<span class="empty">(none)</span>'
        items = "".join(f"<li>{render_value(v, depth + 1)}</li>" for v in value)
        return f'<ol class="seq">{items}</ol>'
    if isinstance(value, dict):
        rows = "".join(
            f'<tr><th scope="row">{html.escape(str(k))}</th>'
            f"<td>{render_value(v, depth + 1)}</td></tr>"
            for k, v in value.items()
        )
        return f'<table class="sub">{rows}</table>'
    return html.escape(str(value))

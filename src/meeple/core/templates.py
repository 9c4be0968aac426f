"""A game's HTML picture drawn from a Jinja2 template that ships beside the game.

The ``html`` capability (``render_html(view) -> str``) stays the hook the web front end
calls; a game (built-in or plugin) keeps the markup of its table in a ``templates/``
folder inside its package, as package data, and its ``render_html`` hands the
template a few values prepared from the view::

    def render_html(view: View) -> str:
        return render_table(__package__, "table.html", view=view, hand=...)

So a designer changes the look in the template without touching Python, and escaping
is the default: every value a template prints is escaped (autoescape), unless it is
already markup (a macro's output, `touch`'s attributes). An undefined name is an
error, never blank text. Escaping is the standard library's ``html.escape``, the
same as `meeple.core.elements.element_attrs` and the pages before templates.

Whitespace between two tags that holds a line break is the template's layout, not
content, and is dropped (as Django's ``spaceless`` does): templates are indented for
reading, and ``<b>a</b> <b>b</b>`` on one line keeps its space. (Text cannot hold a
bare ``<`` or ``>``: it is escaped.)

Jinja2 is a dependency of meeple itself, not of the ``web`` extra: the conformance kit
checks every game's page (``meeple.testing``), so a picture must draw wherever a game
runs. It is imported on the first page drawn, not with the game.
"""

from __future__ import annotations

import functools
import html
import re
from typing import TYPE_CHECKING
from typing import Any
from typing import Final

from .elements import element_attrs

if TYPE_CHECKING:
    import jinja2
    import markupsafe

__all__ = [
    "SHARED_PREFIX",
    "TEMPLATE_FOLDER",
    "draw_piece",
    "environment",
    "render_part",
    "render_table",
    "touch",
]

TEMPLATE_FOLDER: Final = "templates"
"""The folder of a game's package that holds its templates."""
SHARED_PREFIX: Final = "meeple/"
"""How a template names a part every game may use (``{% include "meeple/text_picture.html"
%}``, from ``meeple/core/html_parts``)."""

_LAYOUT: Final = re.compile(r">[ \t\r]*\n\s*<")
"""Whitespace with a line break between two tags: the template's indentation."""


def touch(element: str, label: str) -> markupsafe.Markup:
    """The attributes that make a drawn element touchable (`element_attrs`), as markup a
    template writes inside the element's tag: ``<div class="card"{{ touch(id, label) }}>``."""
    import markupsafe

    return markupsafe.Markup(element_attrs(element, label))


def _quotes_as_html_escape(value: object) -> object:
    """A text with quotes, escaped as ``html.escape`` does (``&quot;``, ``&#x27;``, where
    Jinja2's own escaping writes ``&#34;``, ``&#39;``); anything else as it is, for Jinja2
    to escape (the same bytes, faster)."""
    if type(value) is str and ('"' in value or "'" in value):
        import markupsafe

        return markupsafe.Markup(html.escape(value))
    return value


@functools.cache
def environment(package: str) -> jinja2.Environment:
    """The template environment of one package's ``templates/`` folder (made once)."""
    import jinja2

    env = jinja2.Environment(
        loader=jinja2.ChoiceLoader(
            [
                jinja2.PackageLoader(package, TEMPLATE_FOLDER),
                jinja2.PrefixLoader(
                    {SHARED_PREFIX.rstrip("/"): jinja2.PackageLoader(__package__, "html_parts")}
                ),
            ]
        ),
        autoescape=True,
        finalize=_quotes_as_html_escape,
        undefined=jinja2.StrictUndefined,
        lstrip_blocks=True,
        auto_reload=False,
    )
    env.globals["touch"] = touch
    return env


def render_table(package: str, template: str, /, **values: Any) -> str:
    """Draw `template` of `package` (its ``templates/`` folder) with `values`.

    `package` is the game's package (``__package__`` in its ``html`` module); the
    result is one fragment, its layout whitespace dropped.
    """
    page = environment(package).get_template(template).render(**values)
    return _LAYOUT.sub("><", page).strip()


def render_part(package: str, template: str, /, **values: Any) -> markupsafe.Markup:
    """`render_table`, as markup another template prints as it is: a part of a page
    drawn on its own, so that it can be drawn once and kept (a board's layer)."""
    import markupsafe

    return markupsafe.Markup(render_table(package, template, **values))


@functools.lru_cache(maxsize=4096)
def draw_piece(package: str, template: str, piece: object) -> markupsafe.Markup:
    """One piece (a card, a chip: a hashable value, known to the template as ``piece``)
    drawn with its own template, once: a piece looks the same wherever it lies, and a
    page of many cards costs one lookup per card. A piece class can draw itself where a
    template prints it by returning this from ``__html__``."""
    return render_part(package, template, piece=piece)

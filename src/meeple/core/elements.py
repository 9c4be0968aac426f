"""Playing by touching the table: element ids, what a touch does, why nothing happens.

A game with the ``elements`` capability (`meeple.core.capabilities.HasElements`)
names, for each legal action, the elements of its HTML picture that the action
involves (a card, a village, a pen), by ids its ``render_html`` also writes on the
drawn elements (``data-el``, with `element_attrs`). Everything here is computed
from those ids, a seat's view and the rules' own ``check()``, so every graphical
front end plays the same way and nothing here knows a game:

* `drawn_elements` reads the ids (and labels) a page draws;
* `choices` pairs each legal action with its element ids;
* `touch` is what one touch on an element does to a selection: the model the web
  page's script follows, and the one the property tests prove every legal action
  reachable with;
* `refusals` says, for each drawn element no legal action involves, why (the
  refusal of a move that would involve it, from ``check()``).
"""

from __future__ import annotations

import html
import re
from collections.abc import Iterable
from collections.abc import Mapping
from collections.abc import Sequence
from typing import Any
from typing import Final

import attrs

__all__ = [
    "ELEMENT_ID",
    "Choice",
    "Drawn",
    "Refusal",
    "Touch",
    "choices",
    "drawn_elements",
    "element_attrs",
    "narrow",
    "refusals",
    "settled",
    "touch",
]

ELEMENT_ID: Final = re.compile(r"[A-Za-z0-9][A-Za-z0-9._:-]{0,63}")
"""What an element id looks like: a letter or digit, then up to 63 letters, digits and
``. _ : -`` (safe in an attribute and a CSS selector without escaping)."""


def element_attrs(element: str, label: str) -> str:
    """The attributes that make a drawn element touchable: its id, a keyboard stop and a
    label for screen readers (`label` is escaped here). ValueError for a bad id."""
    if not ELEMENT_ID.fullmatch(element):
        raise ValueError(f"{element!r} is not an element id (see meeple.core.elements)")
    return f' data-el="{element}" tabindex="0" role="button" aria-label="{html.escape(label)}"'


@attrs.frozen
class Drawn:
    """What a page draws of its touchable elements."""

    labels: dict[str, str]
    """Element id -> its label (``aria-label``; the first one if drawn twice)."""
    unreachable: tuple[str, ...]
    """Ids drawn without a keyboard stop (``tabindex``) or without a label."""


_TAG: Final = re.compile(
    r"<[A-Za-z][^\s/>]*((?:\s+[^\s=/>]+(?:\s*=\s*(?:\"[^\"]*\"|'[^']*'|[^\s>\"']+))?)*)\s*/?>"
)
"""A start tag, its attributes in group 1 (quoted values may hold ``>``)."""
_ATTR: Final = re.compile(r"([^\s=/>]+)(?:\s*=\s*(?:\"([^\"]*)\"|'([^']*)'|([^\s>\"']+)))?")


_NAMED: Final = re.compile(r"\sdata-el\s*=")
_READ: Final = frozenset({"data-el", "aria-label", "tabindex"})
"""The attributes `drawn_elements` reads of a touchable element."""


def _value(attribute: re.Match[str]) -> str:
    """An attribute's value, quoted either way or not at all, its references resolved."""
    value = next((v for v in attribute.groups()[1:] if v is not None), "")
    return html.unescape(value) if "&" in value else value


def drawn_elements(page: str) -> Drawn:
    """The touchable elements (``data-el``) of an HTML fragment.

    Each tag naming ``data-el`` is found and read alone, not the whole page parsed:
    the server reads every page it sends a seat to act, and this is many times faster.
    """
    labels: dict[str, str] = {}
    unreachable: list[str] = []
    seen: set[int] = set()
    for named in _NAMED.finditer(page):
        start = page.rfind("<", 0, named.start())
        tag = _TAG.match(page, start) if start >= 0 and start not in seen else None
        if tag is None or tag.end() <= named.start():
            continue  # text that reads "data-el=", or a tag already read
        seen.add(start)
        found = {
            name: _value(m)
            for m in _ATTR.finditer(tag[1])
            if (name := m[1].lower()) in _READ  # the others' values are never looked at
        }
        element = found.get("data-el")
        if element is None:
            continue
        label = found.get("aria-label", "").strip()
        if not label or "tabindex" not in found:
            unreachable.append(element)
        labels.setdefault(element, label)
    return Drawn(labels, tuple(unreachable))


@attrs.frozen
class Choice:
    """A legal action and the ids of the table elements it involves."""

    action: Any
    notation: str
    elements: tuple[str, ...]


def choices(game: Any, view: Any, actions: Iterable[Any]) -> tuple[Choice, ...]:
    """Each of `actions` (a seat's legal actions) with its elements in `view`."""
    return tuple(Choice(a, str(a), tuple(game.elements(view, a))) for a in actions)


def narrow(options: Sequence[Choice], selection: Sequence[str]) -> tuple[Choice, ...]:
    """The choices that involve every selected element."""
    return tuple(c for c in options if all(e in c.elements for e in selection))


def settled(options: Sequence[Choice], selection: Sequence[str]) -> Choice | None:
    """The choice a confirming touch plays: the only one left, or the one whose elements
    are exactly the selection (``shear 1`` beside ``shear 1 meee``); None if neither."""
    if not selection:
        return None
    left = narrow(options, selection)
    if len(left) == 1:
        return left[0]
    chosen = set(selection)
    exact = [c for c in left if set(c.elements) == chosen]
    return exact[0] if len(exact) == 1 else None


@attrs.frozen
class Touch:
    """What one touch did: the selection after it, the choice it plays, or a refusal."""

    selection: tuple[str, ...]
    plays: Choice | None = None
    refused: bool = False


def touch(options: Sequence[Choice], selection: Sequence[str], element: str) -> Touch:
    """One touch on `element`, given the seat's choices and the current selection.

    * a selected element: plays the settled choice (see `settled`) if there is one,
      else is put back (unselected);
    * an element some remaining choice involves: joins the selection;
    * an element only other choices involve: starts a new selection with it;
    * an element no choice involves: is refused (the page shows `refusals`' reason),
      and the selection stays.
    """
    current = tuple(selection)
    if element in current:
        chosen = settled(options, current)
        if chosen is not None:
            return Touch((), chosen)
        return Touch(tuple(e for e in current if e != element))
    if narrow(options, (*current, element)):
        return Touch((*current, element))
    if narrow(options, (element,)):
        return Touch((element,))
    return Touch(current, refused=True)


@attrs.frozen
class Refusal:
    """Why nothing can be done with an element now."""

    text: str
    """The sentence the page shows."""
    action: Any = None
    """The move that would involve the element, whose ``check()`` reason `text` is
    (None: no such move is refused, and `text` says so in general words)."""


def refusals(
    game: Any,
    state: Any,
    seat: int,
    page: str,
    options: Sequence[Choice],
    drawn: Mapping[str, str] | None = None,
) -> dict[str, Refusal]:
    """For each element drawn in `page` (`seat`'s picture) that none of `options` (the
    seat's legal choices) involves: why.

    The first move the game says a touch on the element could mean (``element_actions``)
    decides: the rules' refusal of it (``state.check``), or, if it is legal, the
    elements it involves instead; with no such move, a general sentence. Only the view
    and the rules' reasons are used, and the conformance kit proves the reasons are the
    same in every state the seat cannot tell from this one. `drawn`: the page's
    elements, if already read (`drawn_elements`).
    """
    view = state.view(seat)
    if drawn is None:
        drawn = drawn_elements(page).labels
    used = {e for c in options for e in c.elements}
    out: dict[str, Refusal] = {}
    for element, label in drawn.items():
        if element not in used:
            out[element] = _why_not(game, state, seat, view, element, label, drawn)
    return out


def _why_not(
    game: Any, state: Any, seat: int, view: Any, element: str, label: str, drawn: Mapping[str, str]
) -> Refusal:
    """The first move a touch on `element` could mean decides: its refusal, or (legal,
    so it involves other elements) where it goes instead."""
    for action in game.element_actions(view, element):
        reason = state.check(action, seat)
        if reason:
            return Refusal(reason, action)
        others = [drawn.get(e, e) for e in game.elements(view, action) if e != element]
        if others:
            return Refusal(
                f"Nothing to do with {label or element} now: {action} uses "
                + ", ".join(others)
                + "."
            )
    return Refusal(f"Nothing to do with {label or element} now.")

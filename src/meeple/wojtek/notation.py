"""Reading the notation back: ``parse_action(str(a)) == a`` for every action."""

from __future__ import annotations

from meeple.core import MalformedActionError

from .actions import (
    BOX,
    DONE,
    DRAW,
    DROP,
    EXCHANGE,
    TARGET_NAMES,
    THREE,
    TO,
    TRUCK,
    USE,
    WALK,
    Action,
)
from .components import COLOURS, TRAVEL_NAMES

__all__ = ["parse_action"]

_WORDS: dict[str, Action] = {"draw": DRAW, "three": THREE, "done": DONE}
_WITH_COLOUR: dict[str, tuple[Action, ...]] = {"truck": TRUCK, "drop": DROP, "box": BOX}
_WITH_TARGET: dict[str, tuple[Action, ...]] = {"walk": WALK, "to": TO}
_WITH_KIND: dict[str, tuple[Action, ...]] = {"use": USE, "exchange": EXCHANGE}
_VERBS = sorted([*_WORDS, *_WITH_COLOUR, *_WITH_TARGET, *_WITH_KIND])


def parse_action(text: str) -> Action:
    """The action written `text` (case and spacing are forgiven); MalformedActionError."""
    if not isinstance(text, str):
        raise MalformedActionError(f"wojtek: an action is text, not {type(text).__name__}")
    words = text.strip().lower().split()
    if not words:
        raise MalformedActionError("wojtek: empty action; try e.g. 'truck blue' or 'done'")
    verb, rest = words[0], " ".join(words[1:])
    if verb in _WORDS:
        if rest:
            raise MalformedActionError(f"wojtek: {verb!r} takes nothing after it, got {text!r}")
        return _WORDS[verb]
    for table, names, what in (
        (_WITH_COLOUR, COLOURS, "a colour"),
        (_WITH_TARGET, TARGET_NAMES, "a colour or edinburgh"),
        (_WITH_KIND, TRAVEL_NAMES, "a colour or rainbow"),
    ):
        if verb in table:
            if rest not in names:
                raise MalformedActionError(
                    f"wojtek: {verb!r} needs {what} ({', '.join(names)}), got {rest!r}"
                )
            return table[verb][names.index(rest)]
    raise MalformedActionError(
        f"wojtek: unknown action {text!r}; actions start with {', '.join(_VERBS)}"
    )

"""Reading actions from text: the inverse of ``str(action)``.

Input is matched case-insensitively with any run of spaces between words; colours of
a take may come in any order. Every malformed text raises `MalformedActionError`
saying what was expected.
"""

from __future__ import annotations

from collections.abc import Callable

from ..core.errors import MalformedActionError
from .actions import (
    MAX_TAKE,
    Action,
    Draw,
    Pass,
    Pay,
    Place,
    PlaySeal,
    Return,
    RitualSkip,
    RitualTake,
    Take,
    Waive,
)
from .components import CARD_BY_NAME, COLOURS, VILLAGES

__all__ = ["parse_action"]

_COLOUR = {name: i for i, name in enumerate(COLOURS)}
_VILLAGE = {name: i for i, name in enumerate(VILLAGES)}
_ONE_COLOUR: dict[str, Callable[[int], Action]] = {
    "pay": Pay,
    "waive": Waive,
    "ritual-take": RitualTake,
    "return": Return,
}
_BARE: dict[str, Callable[[], Action]] = {"draw": Draw, "pass": Pass, "ritual-skip": RitualSkip}
_FORMS = (
    "take <colour>..., draw, place <colour> v01..v40, pay <colour>, waive <colour>, "
    "ritual-take <colour>, ritual-skip, return <colour>, seal s01..s16, pass"
)


def _bad(text: str, why: str) -> MalformedActionError:
    return MalformedActionError(f"way_of_bear: cannot read action {text!r}: {why}")


def _colour(text: str, word: str) -> int:
    found = _COLOUR.get(word)
    if found is None:
        raise _bad(text, f"{word!r} is not a stele colour ({', '.join(COLOURS)})")
    return found


def _village(text: str, word: str) -> int:
    found = _VILLAGE.get(word)
    if found is None and word.startswith("v") and word[1:].isdigit():
        found = _VILLAGE.get(f"v{int(word[1:]):02d}")
    if found is None:
        raise _bad(text, f"{word!r} is not a village (v01..v{len(VILLAGES):02d})")
    return found


def parse_action(text: str) -> Action:
    """The action written as `text` (see `_FORMS`); MalformedActionError otherwise."""
    if not isinstance(text, str):
        raise MalformedActionError(f"way_of_bear: an action is text, not {type(text).__name__}")
    words = text.lower().split()
    if not words:
        raise _bad(text, f"it is empty; expected one of: {_FORMS}")
    verb, args = words[0], words[1:]
    if verb in _BARE:
        if args:
            raise _bad(text, f"{verb!r} takes no arguments")
        return _BARE[verb]()
    if verb in _ONE_COLOUR:
        if len(args) != 1:
            raise _bad(text, f"{verb!r} takes exactly one colour")
        return _ONE_COLOUR[verb](_colour(text, args[0]))
    if verb == "take":
        if not 1 <= len(args) <= MAX_TAKE:
            raise _bad(text, f"take names 1 to {MAX_TAKE} colours")
        return Take(tuple(sorted(_colour(text, w) for w in args)))
    if verb == "place":
        if len(args) != 2:
            raise _bad(text, "place takes a colour and a village, e.g. 'place orange v17'")
        return Place(_colour(text, args[0]), _village(text, args[1]))
    if verb == "seal":
        if len(args) != 1 or args[0] not in CARD_BY_NAME:
            raise _bad(text, "seal takes a card name s01..s16")
        return PlaySeal(CARD_BY_NAME[args[0]])
    raise _bad(text, f"unknown verb {verb!r}; expected one of: {_FORMS}")

"""Parsing Wypas notation back into actions (the inverse of ``str(action)``)."""

from __future__ import annotations

from typing import Any

from ..core.errors import MalformedActionError
from .actions import (
    DOWN,
    Auction,
    Award,
    Bid,
    BidDown,
    Black,
    Check,
    Dog,
    Done,
    Hide,
    Pass,
    Place,
    Shear,
    Take,
    Thief,
    Wolf,
)
from .components import (
    KIND_COLOUR,
    KIND_VALUE,
    MAX_VALUE,
    NAME_FACE,
    NAME_KIND,
    SUPER,
    THIEF,
)

__all__ = ["parse_action"]

_DONE = Done()
_PASS = Pass()
_DOG = Dog()
_CHECK = Check()


def _bad(text: str, why: str) -> MalformedActionError:
    return MalformedActionError(f"wypas: cannot read {text!r}: {why}")


def _kind(text: str, word: str) -> int:
    kind = NAME_KIND.get(word)
    if kind is None:
        raise _bad(text, f"{word!r} is not a card (e.g. red-3, dolly-red, super, thief)")
    return kind


def _seat(text: str, word: str) -> int:
    if len(word) < 2 or word[0] != "p" or not word[1:].isdigit() or len(word) > 2:
        raise _bad(text, f"{word!r} is not a seat (p0..p5)")
    return int(word[1:])


def _pen(text: str, word: str, prefix: str = "") -> int:
    if word not in (f"{prefix}1", f"{prefix}2"):
        raise _bad(text, f"{word!r} is not a pen ({prefix}1 or {prefix}2)")
    return int(word[-1])


def _value(text: str, word: str) -> int:
    if len(word) != 1 or not word.isdigit() or not 1 <= int(word) <= MAX_VALUE:
        raise _bad(text, f"{word!r} is not a value 1..{MAX_VALUE}")
    return int(word)


def _face(text: str, word: str) -> int:
    face = NAME_FACE.get(word)
    if face is None:
        raise _bad(text, f"{word!r} is not a sheep face (colour-value, e.g. green-5)")
    return face


def _sheep(text: str, words: list[str]) -> tuple[int, int]:
    """(kind, face) of ``red-3`` / ``dolly-red as 5`` / ``super as green-5``."""
    kind = _kind(text, words[0])
    if kind >= THIEF:
        raise _bad(text, f"{words[0]} is not a sheep")
    if kind < SUPER and KIND_VALUE[kind]:
        if len(words) != 1:
            raise _bad(text, f"a {words[0]} shows its printed value; nothing may follow it")
        return kind, KIND_COLOUR[kind] * 8 + KIND_VALUE[kind]
    if len(words) != 3 or words[1] != "as":
        what = "as colour-value" if kind == SUPER else "as value"
        raise _bad(text, f"a {words[0]} must say what it shows: '{words[0]} {what}'")
    if kind == SUPER:
        return kind, _face(text, words[2])
    return kind, KIND_COLOUR[kind] * 8 + _value(text, words[2])


def parse_action(text: Any) -> Any:
    """The action written as `text`; MalformedActionError says what is wrong."""
    if not isinstance(text, str):
        raise MalformedActionError(f"wypas: an action is text, not {type(text).__name__}")
    words = text.strip().lower().split()
    if not words:
        raise _bad(text, "it is empty")
    verb, rest = words[0], words[1:]
    n = len(rest)
    if verb == "done" and n == 0:
        return _DONE
    if verb == "pass" and n == 0:
        return _PASS
    if verb == "hide" and n == 1:
        return Hide(_kind(text, rest[0]))
    if verb == "auction" and n == 1:
        return Auction(DOWN if rest[0] == "down" else _kind(text, rest[0]))
    if verb == "check" and n == 0:
        return _CHECK
    if verb == "award" and n == 1:
        return Award(_seat(text, rest[0]))
    if verb == "bid" and n >= 1 and rest[0] == "down":
        if n != 4 or rest[2] != "as":
            raise _bad(text, "a face-down bid reads 'bid down <card> as <value>'")
        return BidDown(_kind(text, rest[1]), _value(text, rest[3]))
    if verb == "bid" and n in (1, 3):
        kind = _kind(text, rest[0])
        if kind >= THIEF:
            raise _bad(text, "bids are made with sheep cards only")
        if KIND_VALUE[kind]:
            if n != 1:
                raise _bad(text, f"a {rest[0]} counts its printed value; nothing may follow it")
            return Bid(kind, KIND_VALUE[kind])
        if n != 3 or rest[1] != "as":
            raise _bad(text, f"say what the {rest[0]} counts for: 'bid {rest[0]} as 6'")
        return Bid(kind, _value(text, rest[2]))
    if verb == "pen" and n >= 2:
        kind, face = _sheep(text, rest[1:])
        return Place(_pen(text, rest[0]), kind, face)
    if verb == "shear" and n in (1, 2):
        if n == 2 and rest[1] != "meee":
            raise _bad(text, "a shear is announced with 'meee'")
        return Shear(_pen(text, rest[0]), n == 2)
    if verb == "thief" and n == 1:
        return Thief(_seat(text, rest[0]))
    if verb == "take" and n == 1:
        return Take(_kind(text, rest[0]))
    if verb == "wolf" and n == 2:
        return Wolf(_seat(text, rest[0]), _pen(text, rest[1], "pen"))
    if verb == "dog" and n == 0:
        return _DOG
    if verb == "dog" and n == 2:
        return Dog(_seat(text, rest[0]), _pen(text, rest[1], "pen"))
    if verb == "black" and n == 3:
        return Black(_seat(text, rest[0]), _pen(text, rest[1], "pen"), _face(text, rest[2]))
    known = (
        "hide, auction, bid, check, award, done, pass, pen, shear, thief, take, wolf, dog, black"
    )
    raise _bad(text, f"unknown action or wrong number of words (actions: {known})")

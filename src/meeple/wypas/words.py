"""Reading the words of a Wypas notation: card names, seats, pens, values, faces.

`actions.parse_action` reads an action's shape and hands each word to one of these;
a word that names nothing raises `MalformedActionError` saying what it should be.
Words that name something the rules refuse (pen 3, value 9, seat p7) are read, and
the rules say why (`explain`).
"""

from __future__ import annotations

from meeple.core.notation import Reader

from .components import MAX_VALUE
from .components import NAME_FACE
from .components import NAME_KIND

__all__ = ["bad", "face", "kind", "pen", "seat", "value"]


_READ = Reader("wypas: cannot read")

bad = _READ.bad
"""The error for `text`, saying why it cannot be read."""


def kind(text: str, word: str) -> int:
    """The card kind `word` names (``red-3``, ``dolly-red``, ``super``, ``thief``)."""
    return _READ.named(NAME_KIND, text, word, "a card (e.g. red-3, dolly-red, super, thief)")


def seat(text: str, word: str) -> int:
    """The seat `word` names (``p0``..``p9``: the rules refuse seats not in the game)."""
    if len(word) < 2 or word[0] != "p" or not word[1:].isdigit() or len(word) > 2:
        raise bad(text, f"{word!r} is not a seat (p0..p5)")
    return int(word[1:])


def pen(text: str, word: str, prefix: str = "") -> int:
    """A pen number as written (any one digit: the rules refuse pens other than 1, 2)."""
    digits = word[len(prefix) :] if word.startswith(prefix) else ""
    if len(digits) != 1 or not digits.isdigit() or digits == "0":
        raise bad(text, f"{word!r} is not a pen ({prefix}1 or {prefix}2)")
    return int(digits)


def value(text: str, word: str) -> int:
    """A value as written (1-2 digits: the rules refuse values outside 1..6)."""
    if not 1 <= len(word) <= 2 or not word.isdigit() or int(word) == 0:
        raise bad(text, f"{word!r} is not a value 1..{MAX_VALUE}")
    return int(word)


def face(text: str, word: str) -> int:
    """The sheep face `word` names (colour-value, ``green-5``)."""
    return _READ.named(NAME_FACE, text, word, "a sheep face (colour-value, e.g. green-5)")

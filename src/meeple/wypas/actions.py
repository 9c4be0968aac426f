"""The decisions a player makes: each class prints its notation (``str(action)``),
and `parse_action` beside them reads it back.

The parser reads the notation's shape only: anything a player might type for a real
card or action (``bid thief``, ``pen 1 dolly-red`` without a value, ``wolf p1``
without a pen, ``shear 3``) becomes an action, and the rules refuse it with the
reason (`explain.refusal`). Such actions hold a marker where the missing part goes
(-1 for a face or a seat, 0 for a value or a pen) and print as they were typed.
"""

from __future__ import annotations

from typing import Final
from typing import get_args

import attrs

from meeple.core.notation import Verb

from .components import FACE_NAME
from .components import KIND_COLOUR
from .components import KIND_NAME
from .components import KIND_VALUE
from .components import MAX_VALUE
from .components import SUPER
from .components import THIEF
from .words import bad as _bad
from .words import face as _face
from .words import kind as _kind
from .words import pen as _pen
from .words import seat as _seat
from .words import value as _value

__all__ = [
    "ACTION_TYPES",
    "CHECK",
    "DOG",
    "DONE",
    "DOWN",
    "PASS",
    "WAIT",
    "Action",
    "Auction",
    "Award",
    "Bid",
    "BidDown",
    "Black",
    "Check",
    "Dog",
    "Done",
    "Hide",
    "Pass",
    "Place",
    "Shear",
    "Take",
    "Thief",
    "Wait",
    "Wolf",
    "parse_action",
]

DOWN = -1
"""The lot number of the face-down auction card."""


def _sheep_text(kind: int, face: int) -> str:
    """How a sheep card is named when its shown face matters (Dolly values)."""
    name = KIND_NAME[kind]
    if face < 0 or kind >= THIEF:
        return name  # no face said (or not a sheep): refused by the rules
    if kind == SUPER or face >> 3 != KIND_COLOUR[kind]:
        return f"{name} as {FACE_NAME[face]}"
    if name.startswith("dolly-") or face & 7 != KIND_VALUE[kind]:
        return f"{name} as {face & 7}"
    return name


def _seat_pen(verb: str, target: int, pen: int) -> str:
    """``wolf p1 pen2``: a verb, a seat and one of its pens (left out when not said)."""
    return f"{verb} p{target}" + (f" pen{pen}" if pen else "")


@attrs.frozen(slots=True)
class _OfKind(Verb):
    """A decision naming one card: its verb, then the card's kind."""

    kind: int
    """Kind of the card hidden or taken."""

    def __str__(self) -> str:
        return f"{self.verb} {KIND_NAME[self.kind]}"


@attrs.frozen(slots=True)
class Hide(_OfKind, verb="hide"):
    """The baca lays this drawn card face down as the secret lot."""


@attrs.frozen(slots=True)
class Auction:
    """The opener names the lot to auction next."""

    kind: int
    """Kind of a face-up lot, or DOWN for the face-down one."""

    def __str__(self) -> str:
        return "auction down" if self.kind == DOWN else f"auction {KIND_NAME[self.kind]}"


@attrs.frozen(slots=True)
class Bid:
    """Lay one more sheep from hand onto your bid; it adds `value` to it."""

    kind: int
    """Kind of the sheep laid."""
    value: int
    """Value it counts for (printed, or chosen 1..6 for a Dolly)."""

    def __str__(self) -> str:
        name = KIND_NAME[self.kind]
        if self.value == KIND_VALUE[self.kind] or not self.value:
            return f"bid {name}"  # a plain sheep's printed value; a value not said
        return f"bid {name} as {self.value}"


@attrs.frozen(slots=True)
class BidDown:
    """Bluff rule: lay a card face down on your bid, declaring the value it adds."""

    kind: int
    """Kind of the card laid (any card; only its owner sees it)."""
    value: int
    """The declared value (1..6), true or not."""

    def __str__(self) -> str:
        name = KIND_NAME[self.kind]
        return f"bid down {name} as {self.value}" if self.value else f"bid down {name}"


@attrs.frozen(slots=True)
class Check(Verb, verb="check"):
    """Bluff rule: check a bid that holds a face-down card by matching it exactly."""


@attrs.frozen(slots=True)
class Award:
    """Bluff rule: the baca settles a tie at the reveal that the rules do not."""

    seat: int
    """The tied player who takes the lot."""

    def __str__(self) -> str:
        return f"award p{self.seat}"


@attrs.frozen(slots=True)
class Done(Verb, verb="done"):
    """Finish the current step: stand on a bid, end your redyk or your shearing."""


@attrs.frozen(slots=True)
class Pass(Verb, verb="pass"):
    """Drop out of this lot's auction, or let a special card stand (no Sheepdog)."""


@attrs.frozen(slots=True)
class Wait(Verb, verb="wait"):
    """Decline an offer to play a special card now (another seat is to act); the next
    offer comes after the next move by another seat. Nobody else sees it."""


@attrs.frozen(slots=True)
class Place:
    """Redyk: put a sheep from hand into one of your pens."""

    pen: int
    """Pen 1 or 2."""
    kind: int
    """Kind of the sheep."""
    face: int
    """The colour and value it shows (fixed now for a Dolly)."""

    def __str__(self) -> str:
        return f"pen {self.pen} {_sheep_text(self.kind, self.face)}"


@attrs.frozen(slots=True)
class Shear:
    """Shear a pen; `bleat` is the ``meee`` announcement the bleating rule asks for."""

    pen: int
    """Pen 1 or 2."""
    bleat: bool
    """Whether the shear was announced by bleating."""

    def __str__(self) -> str:
        pen = f" {self.pen}" if self.pen else ""
        return f"shear{pen} meee" if self.bleat else f"shear{pen}"


@attrs.frozen(slots=True)
class Thief:
    """Play a Thief on a player: look at their hand and take one card."""

    target: int
    """The robbed seat."""

    def __str__(self) -> str:
        return f"thief p{self.target}" if self.target >= 0 else "thief"


@attrs.frozen(slots=True)
class Take(_OfKind, verb="take"):
    """The Thief's choice from the hand it looked at."""


@attrs.frozen(slots=True)
class Wolf:
    """Set a Wolf over a pen of at least two cards."""

    target: int
    """Owner of the pen."""
    pen: int
    """Pen 1 or 2."""

    def __str__(self) -> str:
        return _seat_pen("wolf", self.target, self.pen)


@attrs.frozen(slots=True)
class Dog:
    """A Sheepdog: cancel the special card just played, or drive a Wolf off a pen."""

    target: int = -1
    """Owner of the pen whose wolf is driven off; -1 to cancel the last special card."""
    pen: int = 0
    """Pen 1 or 2 (0 when cancelling)."""

    def __str__(self) -> str:
        if self.target < 0:
            return "dog"
        return _seat_pen("dog", self.target, self.pen)


@attrs.frozen(slots=True)
class Black:
    """Swap a Black Sheep for a sheep in a pen of at least two cards."""

    target: int
    """Owner of the pen."""
    pen: int
    """Pen 1 or 2."""
    face: int
    """The face of the sheep taken (unique within a pen)."""

    def __str__(self) -> str:
        text = _seat_pen("black", self.target, self.pen)
        return f"{text} {FACE_NAME[self.face]}" if self.face >= 0 else text


Action = (
    Hide
    | Auction
    | Bid
    | BidDown
    | Check
    | Award
    | Done
    | Pass
    | Place
    | Shear
    | Thief
    | Take
    | Wolf
    | Dog
    | Black
    | Wait
)
"""Any Wypas action."""
ACTION_TYPES: Final[tuple[type[Action], ...]] = get_args(Action)
"""Every action class (the codec stores actions by their notation)."""

# The argument-free actions, made once: the rules offer these very objects and the
# parser returns them, so the core's apply path finds them by identity.
DONE: Final = Done()
"""``done``."""
PASS: Final = Pass()
"""``pass``."""
DOG: Final = Dog()
"""``dog``: cancel the special card just played."""
CHECK: Final = Check()
"""``check`` (bluff rule)."""
WAIT: Final = Wait()
"""``wait``: not now (declines an offer to play a special card)."""


# -- the parser: the inverse of str(action) ------------------------------------


def _sheep(text: str, words: list[str]) -> tuple[int, int]:
    """(kind, face) of ``red-3`` / ``dolly-red as 5`` / ``super as green-5``; -1 for the
    face when none is said (or the card is no sheep): the rules refuse those."""
    kind = _kind(text, words[0])
    if len(words) == 1:
        if kind >= THIEF or not KIND_VALUE[kind]:
            return kind, -1
        return kind, KIND_COLOUR[kind] * 8 + KIND_VALUE[kind]
    if len(words) != 3 or words[1] != "as" or kind >= THIEF:
        what = "as colour-value" if kind == SUPER else "as value"
        raise _bad(text, f"a {words[0]} is written '{words[0]}' or '{words[0]} {what}'")
    if words[2].isdigit():
        value = _value(text, words[2])
        if value > MAX_VALUE:
            raise _bad(text, f"{words[2]!r} is not a value 1..{MAX_VALUE}")
        if kind == SUPER:
            return kind, -1  # a value without a colour: refused
        return kind, KIND_COLOUR[kind] * 8 + value
    return kind, _face(text, words[2])


def parse_action(text: str) -> Action:
    """The action written as `text`; MalformedActionError says what is wrong.

    >>> str(parse_action("  Bid Dolly-Red as 5 "))
    'bid dolly-red as 5'
    """
    words = text.strip().lower().split()
    if not words:
        raise _bad(text, "it is empty")
    verb, rest = words[0], words[1:]
    n = len(rest)
    if verb == "done" and n == 0:
        return DONE
    if verb == "pass" and n == 0:
        return PASS
    if verb == "wait" and n == 0:
        return WAIT
    if verb == "hide" and n == 1:
        return Hide(_kind(text, rest[0]))
    if verb == "auction" and n == 1:
        return Auction(DOWN if rest[0] == "down" else _kind(text, rest[0]))
    if verb == "check" and n == 0:
        return CHECK
    if verb == "award" and n == 1:
        return Award(_seat(text, rest[0]))
    if verb == "bid" and n >= 1 and rest[0] == "down":
        if n == 2:
            return BidDown(_kind(text, rest[1]), 0)  # no value declared: refused
        if n != 4 or rest[2] != "as":
            raise _bad(text, "a face-down bid reads 'bid down <card> as <value>'")
        return BidDown(_kind(text, rest[1]), _value(text, rest[3]))
    if verb == "bid" and n == 2:
        raise _bad(text, f"a bid lays one card per step: 'bid {rest[0]}', then the next")
    if verb == "bid" and n in (1, 3):
        kind = _kind(text, rest[0])
        if n == 1:
            return Bid(kind, KIND_VALUE[kind] if kind < THIEF else 0)
        if rest[1] != "as":
            raise _bad(text, f"a bid lays one card per step: 'bid {rest[0]}', then the next")
        return Bid(kind, _value(text, rest[2]))
    if verb == "pen" and n >= 2:
        kind, face = _sheep(text, rest[1:])
        return Place(_pen(text, rest[0]), kind, face)
    if verb == "shear" and n in (1, 2) and rest[0] == "meee":
        return Shear(0, True)  # no pen named: refused
    if verb == "shear" and n == 0:
        return Shear(0, False)
    if verb == "shear" and n in (1, 2):
        if n == 2 and rest[1] != "meee":
            raise _bad(text, "a shear is announced with 'meee'")
        return Shear(_pen(text, rest[0]), n == 2)
    if verb == "thief" and n == 0:
        return Thief(-1)  # nobody named: refused
    if verb == "thief" and n == 1:
        return Thief(_seat(text, rest[0]))
    if verb == "take" and n == 1:
        return Take(_kind(text, rest[0]))
    if verb in ("wolf", "dog", "black") and 1 <= n <= 3:
        # A missing pen (0) or face (-1) is refused by the rules, with the reason.
        seat = _seat(text, rest[0])
        pen = _pen(text, rest[1], "pen") if n >= 2 else 0
        if verb == "black":
            return Black(seat, pen, _face(text, rest[2]) if n == 3 else -1)
        if n <= 2:
            return Wolf(seat, pen) if verb == "wolf" else Dog(seat, pen)
    if verb == "dog" and n == 0:
        return DOG
    known = (
        "hide, auction, bid, check, award, done, pass, wait, pen, shear, thief, take, wolf, "
        "dog, black"
    )
    raise _bad(text, f"unknown action or wrong number of words (actions: {known})")

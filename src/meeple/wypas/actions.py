"""Wypas actions: one decision each; ``str(action)`` is the canonical notation."""

from __future__ import annotations

import attrs

from .components import FACE_NAME, KIND_COLOUR, KIND_NAME, SUPER

__all__ = [
    "DOWN",
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
    "Wolf",
]

DOWN = -1
"""The lot number of the face-down auction card."""


def _sheep_text(kind: int, face: int) -> str:
    """How a sheep card is named when its shown face matters (Dolly values)."""
    name = KIND_NAME[kind]
    if kind == SUPER:
        return f"{name} as {FACE_NAME[face]}"
    if KIND_COLOUR[kind] >= 0 and name.startswith("dolly-"):
        return f"{name} as {face & 7}"
    return name


@attrs.frozen(slots=True)
class Hide:
    """The baca lays this drawn card face down as the secret lot."""

    kind: int
    """Kind of the card hidden."""

    def __str__(self) -> str:
        return f"hide {KIND_NAME[self.kind]}"


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
        if KIND_COLOUR[self.kind] >= 0 and not name.startswith("dolly-"):
            return f"bid {name}"
        return f"bid {name} as {self.value}"


@attrs.frozen(slots=True)
class BidDown:
    """Bluff rule: lay a card face down on your bid, declaring the value it adds."""

    kind: int
    """Kind of the card laid (any card; only its owner sees it)."""
    value: int
    """The declared value (1..6), true or not."""

    def __str__(self) -> str:
        return f"bid down {KIND_NAME[self.kind]} as {self.value}"


@attrs.frozen(slots=True)
class Check:
    """Bluff rule: check a bid that holds a face-down card by matching it exactly."""

    def __str__(self) -> str:
        return "check"


@attrs.frozen(slots=True)
class Award:
    """Bluff rule: the baca settles a tie at the reveal that the rules do not."""

    seat: int
    """The tied player who takes the lot."""

    def __str__(self) -> str:
        return f"award p{self.seat}"


@attrs.frozen(slots=True)
class Done:
    """Finish the current step: stand on a bid, end your redyk or your shearing."""

    def __str__(self) -> str:
        return "done"


@attrs.frozen(slots=True)
class Pass:
    """Drop out of this lot's auction, or let a special-card window go by."""

    def __str__(self) -> str:
        return "pass"


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
        return f"shear {self.pen} meee" if self.bleat else f"shear {self.pen}"


@attrs.frozen(slots=True)
class Thief:
    """Play a Thief on a player: look at their hand and take one card."""

    target: int
    """The robbed seat."""

    def __str__(self) -> str:
        return f"thief p{self.target}"


@attrs.frozen(slots=True)
class Take:
    """The Thief's choice from the hand it looked at."""

    kind: int
    """Kind of the card taken."""

    def __str__(self) -> str:
        return f"take {KIND_NAME[self.kind]}"


@attrs.frozen(slots=True)
class Wolf:
    """Set a Wolf over a pen of at least two cards."""

    target: int
    """Owner of the pen."""
    pen: int
    """Pen 1 or 2."""

    def __str__(self) -> str:
        return f"wolf p{self.target} pen{self.pen}"


@attrs.frozen(slots=True)
class Dog:
    """A Sheepdog: cancel the special card just played, or drive a Wolf off a pen."""

    target: int = -1
    """Owner of the pen whose wolf is driven off; -1 to cancel the last special card."""
    pen: int = 0
    """Pen 1 or 2 (0 when cancelling)."""

    def __str__(self) -> str:
        return "dog" if self.target < 0 else f"dog p{self.target} pen{self.pen}"


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
        return f"black p{self.target} pen{self.pen} {FACE_NAME[self.face]}"

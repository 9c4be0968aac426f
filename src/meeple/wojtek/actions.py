"""The decisions of Miś Wojtek, one per step; ``str(action)`` is the notation.

Identical travel cards are named by kind (``use blue``, ``exchange rainbow``), so two
copies of a card never give two legal actions. Every action of the game exists once,
pre-built in the tables at the bottom, so rules hand out shared objects.
"""

from __future__ import annotations

import attrs

from .components import COLOURS, NUM_COLOURS, TRAVEL_KINDS, TRAVEL_NAMES

__all__ = [
    "ACTION_TYPES",
    "BOX",
    "DONE",
    "DRAW",
    "DROP",
    "EDINBURGH",
    "EXCHANGE",
    "TARGET_NAMES",
    "THREE",
    "TO",
    "TRUCK",
    "USE",
    "WALK",
    "Action",
    "Box",
    "Done",
    "Draw",
    "Drop",
    "Exchange",
    "Three",
    "To",
    "Truck",
    "Use",
    "Walk",
]

EDINBURGH = NUM_COLOURS
"""Target number of Edinburgh, which counts as every colour."""
TARGET_NAMES: tuple[str, ...] = (*COLOURS, "edinburgh")
"""Notation names of move targets: the colours, then Edinburgh."""


@attrs.frozen(slots=True)
class Draw:
    """Deportation: draw one travel card and be deported to the site of its colour."""

    def __str__(self) -> str:
        return "draw"


@attrs.frozen(slots=True)
class Truck:
    """Play a truck card: move to the nearest empty space of its colour, jumping pawns."""

    colour: int
    """Colour id of the truck card played."""

    def __str__(self) -> str:
        return "truck " + COLOURS[self.colour]


@attrs.frozen(slots=True)
class Walk:
    """Play a rainbow card: walk to the nearest empty space of a colour, passing no pawn."""

    target: int
    """Colour id walked to, or `EDINBURGH`."""

    def __str__(self) -> str:
        return "walk " + TARGET_NAMES[self.target]


@attrs.frozen(slots=True)
class Three:
    """Start the three-card move (drop a bear card, play three cards, name a colour)."""

    def __str__(self) -> str:
        return "three"


@attrs.frozen(slots=True)
class Drop:
    """Three-card move: discard the bear card in this colour's box (it is refilled)."""

    colour: int
    """Colour id of the box whose card is discarded."""

    def __str__(self) -> str:
        return "drop " + COLOURS[self.colour]


@attrs.frozen(slots=True)
class Use:
    """Three-card move: play one travel card of this kind."""

    kind: int
    """Travel card kind: a colour id for a truck card, `RAINBOW` for a walking card."""

    def __str__(self) -> str:
        return "use " + TRAVEL_NAMES[self.kind]


@attrs.frozen(slots=True)
class To:
    """Choose where to go: the deportation site of a colour, or a three-card move's colour."""

    target: int
    """Colour id, or `EDINBURGH` when no empty space of some colour lies ahead."""

    def __str__(self) -> str:
        return "to " + TARGET_NAMES[self.target]


@attrs.frozen(slots=True)
class Exchange:
    """Do not travel: discard one travel card of this kind (more may follow, then done)."""

    kind: int
    """Travel card kind discarded."""

    def __str__(self) -> str:
        return "exchange " + TRAVEL_NAMES[self.kind]


@attrs.frozen(slots=True)
class Done:
    """End an exchange: refill the hand to five cards."""

    def __str__(self) -> str:
        return "done"


@attrs.frozen(slots=True)
class Box:
    """Arriving in Edinburgh by walking or three cards: take the bear card of any box."""

    colour: int
    """Colour id of the box taken from."""

    def __str__(self) -> str:
        return "box " + COLOURS[self.colour]


Action = Draw | Truck | Walk | Three | Drop | Use | To | Exchange | Done | Box
"""Any action of the game."""

DRAW = Draw()
THREE = Three()
DONE = Done()
TRUCK: tuple[Truck, ...] = tuple(Truck(c) for c in range(NUM_COLOURS))
WALK: tuple[Walk, ...] = tuple(Walk(t) for t in range(NUM_COLOURS + 1))
DROP: tuple[Drop, ...] = tuple(Drop(c) for c in range(NUM_COLOURS))
USE: tuple[Use, ...] = tuple(Use(k) for k in range(TRAVEL_KINDS))
TO: tuple[To, ...] = tuple(To(t) for t in range(NUM_COLOURS + 1))
EXCHANGE: tuple[Exchange, ...] = tuple(Exchange(k) for k in range(TRAVEL_KINDS))
BOX: tuple[Box, ...] = tuple(Box(c) for c in range(NUM_COLOURS))

ACTION_TYPES: tuple[type, ...] = (Draw, Truck, Walk, Three, Drop, Use, To, Exchange, Done, Box)
"""Every action class, for the codec."""

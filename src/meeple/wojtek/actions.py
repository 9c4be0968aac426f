"""The decisions of Miś Wojtek, one per step: each class prints its notation
(``str(action)``), and `parse_action` beside them reads it back.

Identical travel cards are named by kind (``use blue``, ``exchange rainbow``), so two
copies of a card never give two legal actions. Every action of the game exists once,
pre-built in the tables below the classes, so rules and the parser hand out shared
objects (``parse_action(str(a)) is a``).
"""

from __future__ import annotations

from typing import Final

import attrs

from meeple.core import MalformedActionError

from .components import COLOURS
from .components import NUM_COLOURS
from .components import TRAVEL_KINDS
from .components import TRAVEL_NAMES

__all__ = [
    "ACTION_TYPES",
    "BOXES",
    "DONE",
    "DRAW",
    "DROPS",
    "EDINBURGH",
    "EXCHANGES",
    "TARGET_NAMES",
    "THREE",
    "TOS",
    "TRUCKS",
    "USES",
    "WALKS",
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
    "parse_action",
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

# -- every action, made once -----------------------------------------------------

DRAW: Final = Draw()
"""The one ``draw``."""
THREE: Final = Three()
"""The one ``three``."""
DONE: Final = Done()
"""The one ``done``."""
TRUCKS: Final = tuple(Truck(c) for c in range(NUM_COLOURS))
"""``truck <colour>``, by colour id."""
WALKS: Final = tuple(Walk(t) for t in range(NUM_COLOURS + 1))
"""``walk <target>``, by target (colour id, then `EDINBURGH`)."""
DROPS: Final = tuple(Drop(c) for c in range(NUM_COLOURS))
"""``drop <colour>``, by colour id."""
USES: Final = tuple(Use(k) for k in range(TRAVEL_KINDS))
"""``use <kind>``, by travel card kind."""
TOS: Final = tuple(To(t) for t in range(NUM_COLOURS + 1))
"""``to <target>``, by target (colour id, then `EDINBURGH`)."""
EXCHANGES: Final = tuple(Exchange(k) for k in range(TRAVEL_KINDS))
"""``exchange <kind>``, by travel card kind."""
BOXES: Final = tuple(Box(c) for c in range(NUM_COLOURS))
"""``box <colour>``, by colour id."""

ACTION_TYPES: tuple[type[Action], ...] = (
    Draw,
    Truck,
    Walk,
    Three,
    Drop,
    Use,
    To,
    Exchange,
    Done,
    Box,
)
"""Every action class (the codec stores actions by their notation)."""


# -- the parser: the inverse of str(action) ------------------------------------

_WORDS: Final[dict[str, Action]] = {"draw": DRAW, "three": THREE, "done": DONE}
_WITH_COLOUR: Final[dict[str, tuple[Action, ...]]] = {
    "truck": TRUCKS,
    "drop": DROPS,
    "box": BOXES,
}
_WITH_TARGET: Final[dict[str, tuple[Action, ...]]] = {"walk": WALKS, "to": TOS}
_WITH_KIND: Final[dict[str, tuple[Action, ...]]] = {"use": USES, "exchange": EXCHANGES}
_VERBS: Final = sorted([*_WORDS, *_WITH_COLOUR, *_WITH_TARGET, *_WITH_KIND])


def parse_action(text: str) -> Action:
    """The action written `text` (case and spacing are forgiven); MalformedActionError.

    The core has checked that `text` is a str.
    """
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

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
from meeple.core.notation import Verb

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
class Draw(Verb, verb="draw"):
    """Deportation: draw one travel card and be deported to the site of its colour."""


@attrs.frozen(slots=True)
class Three(Verb, verb="three"):
    """Start the three-card move (drop a bear card, play three cards, name a colour)."""


@attrs.frozen(slots=True)
class Done(Verb, verb="done"):
    """End an exchange: refill the hand to five cards."""


@attrs.frozen(slots=True)
class _OnColour(Verb):
    """A decision naming one colour: its verb, then the colour."""

    colour: int
    """Colour id of the truck card played, or of the box dropped or taken from."""

    def __str__(self) -> str:
        return f"{self.verb} {COLOURS[self.colour]}"


@attrs.frozen(slots=True)
class Truck(_OnColour, verb="truck"):
    """Play a truck card: move to the nearest empty space of its colour, jumping pawns."""


@attrs.frozen(slots=True)
class Drop(_OnColour, verb="drop"):
    """Three-card move: discard the bear card in this colour's box (it is refilled)."""


@attrs.frozen(slots=True)
class Box(_OnColour, verb="box"):
    """Arriving in Edinburgh by walking or three cards: take the bear card of any box."""


@attrs.frozen(slots=True)
class _ToTarget(Verb):
    """A decision naming where to go: its verb, then a colour or Edinburgh."""

    target: int
    """Colour id, or `EDINBURGH` (walked to, or when no empty space of some colour lies ahead)."""

    def __str__(self) -> str:
        return f"{self.verb} {TARGET_NAMES[self.target]}"


@attrs.frozen(slots=True)
class Walk(_ToTarget, verb="walk"):
    """Play a rainbow card: walk to the nearest empty space of a colour, passing no pawn."""


@attrs.frozen(slots=True)
class To(_ToTarget, verb="to"):
    """Choose where to go: the deportation site of a colour, or a three-card move's colour."""


@attrs.frozen(slots=True)
class _OfKind(Verb):
    """A decision naming a kind of travel card: its verb, then the kind."""

    kind: int
    """Travel card kind: a colour id for a truck card, `RAINBOW` for a walking card."""

    def __str__(self) -> str:
        return f"{self.verb} {TRAVEL_NAMES[self.kind]}"


@attrs.frozen(slots=True)
class Use(_OfKind, verb="use"):
    """Three-card move: play one travel card of this kind."""


@attrs.frozen(slots=True)
class Exchange(_OfKind, verb="exchange"):
    """Do not travel: discard one travel card of this kind (more may follow, then done)."""


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

_WORDS: Final[dict[str, Action]] = {Draw.verb: DRAW, Three.verb: THREE, Done.verb: DONE}
_WITH_COLOUR: Final[dict[str, tuple[Action, ...]]] = {
    Truck.verb: TRUCKS,
    Drop.verb: DROPS,
    Box.verb: BOXES,
}
_WITH_TARGET: Final[dict[str, tuple[Action, ...]]] = {Walk.verb: WALKS, To.verb: TOS}
_WITH_KIND: Final[dict[str, tuple[Action, ...]]] = {Use.verb: USES, Exchange.verb: EXCHANGES}
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

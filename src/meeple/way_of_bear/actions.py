"""The actions of The Way of the Bear: one small decision each. Each class prints
its notation (``str(action)``); `parse_action` beside them reads it back.

Actions are *interned*: constructing an action with the same values always returns
the same object, so equality is identity. That keeps value semantics (``Pay(1) ==
Pay(1)``, hashing, ``parse_action(str(a)) == a``, copying and pickling all agree)
while letting ``action in legal_actions`` run at C speed, which the random-playout
benchmark needs. Constructors check their values, so no out-of-range action exists.
"""

from __future__ import annotations

from collections.abc import Callable
from itertools import combinations_with_replacement
from typing import Any
from typing import Final
from typing import Self

import attrs

from meeple.core.notation import Reader
from meeple.core.notation import Verb

from .components import CARD_BY_NAME
from .components import CARDS
from .components import COLOURS
from .components import NC
from .components import TAKE_BONUS
from .components import TAKE_COUNT
from .components import VILLAGES

__all__ = [
    "ACTION_TYPES",
    "ALL_TAKES",
    "DRAW",
    "MAX_TAKE",
    "PASS",
    "PAYS",
    "PLACES",
    "RETURNS",
    "RITUAL_SKIP",
    "RITUAL_TAKES",
    "SEALS",
    "TAKE_COUNTS",
    "WAIVES",
    "Action",
    "Draw",
    "Pass",
    "Pay",
    "Place",
    "PlaySeal",
    "Return",
    "RitualSkip",
    "RitualTake",
    "Take",
    "Waive",
    "parse_action",
]

_TABLE: dict[tuple[Any, ...], Any] = {}


def _intern(cls: type[Any], values: tuple[Any, ...]) -> Any:
    key = (cls, *values)
    found = _TABLE.get(key)
    if found is None:
        found = object.__new__(cls)
        _TABLE[key] = found
    return found


def _colour(value: object) -> None:
    if type(value) is not int or not 0 <= value < NC:
        raise ValueError(f"a stele colour is an int 0..{len(COLOURS) - 1}, not {value!r}")


class _Interned:
    """Shared behaviour of interned actions: copies and pickles are the same object."""

    __slots__ = ()

    def __copy__(self) -> Any:
        return self

    def __deepcopy__(self, memo: Any) -> Any:
        return self

    def __reduce__(self) -> tuple[Any, ...]:
        return (type(self), attrs.astuple(self, recurse=False))  # type: ignore[arg-type]  # every subclass is an attrs class

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self}>"


@attrs.frozen(eq=False, repr=False)
class _Bare(_Interned, Verb):
    """An action of one word, its verb: one object per class."""

    def __new__(cls) -> Self:
        found: Self = _intern(cls, ())
        return found


@attrs.frozen(eq=False, repr=False)
class _OneColour(_Interned, Verb):
    """An action on one stele colour, written as its verb and the colour."""

    colour: int
    """The stele colour the action pays, waives, takes or returns."""

    def __new__(cls, colour: int) -> Self:
        _colour(colour)
        found: Self = _intern(cls, (colour,))
        return found

    def __str__(self) -> str:
        return f"{self.verb} {COLOURS[self.colour]}"


@attrs.frozen(eq=False, repr=False)
class Take(_Interned):
    """Take steles from the temple tracks (the regular action, or a Seal card's extra)."""

    colours: tuple[int, ...]
    """The colour of each stele taken, ascending."""

    def __new__(cls, colours: tuple[int, ...]) -> Take:
        if type(colours) is not tuple or not 1 <= len(colours) <= MAX_TAKE:
            raise ValueError(f"take needs a tuple of 1..{MAX_TAKE} colours, not {colours!r}")
        for c in colours:
            _colour(c)
        if list(colours) != sorted(colours):
            raise ValueError("take colours are listed in ascending order")
        found: Take = _intern(cls, (colours,))
        return found

    def __str__(self) -> str:
        return "take " + " ".join(COLOURS[c] for c in self.colours)


@attrs.frozen(eq=False, repr=False)
class Draw(_Bare, verb="draw"):
    """Draw steles at random from the bag (the regular action)."""


@attrs.frozen(eq=False, repr=False)
class Place(_Interned):
    """Erect a stele from the reserve on a village and take its token."""

    colour: int
    """Colour of the stele placed."""
    village: int
    """Index of the village (``v01`` is 0)."""

    def __new__(cls, colour: int, village: int) -> Place:
        _colour(colour)
        if type(village) is not int or not 0 <= village < len(VILLAGES):
            raise ValueError(f"a village is an int 0..{len(VILLAGES) - 1}, not {village!r}")
        found: Place = _intern(cls, (colour, village))
        return found

    def __str__(self) -> str:
        return f"place {COLOURS[self.colour]} {VILLAGES[self.village]}"


@attrs.frozen(eq=False, repr=False)
class Pay(_OneColour, verb="pay"):
    """Put one stele of the offering on its temple track."""


@attrs.frozen(eq=False, repr=False)
class Waive(_OneColour, verb="waive"):
    """Skip one stele of the offering (only with a discount Seal card)."""


@attrs.frozen(eq=False, repr=False)
class RitualTake(_OneColour, verb="ritual-take"):
    """After a Ritual, take one stele from another temple track."""


@attrs.frozen(eq=False, repr=False)
class RitualSkip(_Bare, verb="ritual-skip"):
    """After a Ritual, take nothing (taking is optional)."""


@attrs.frozen(eq=False, repr=False)
class Return(_OneColour, verb="return"):
    """Put one stele back in the bag (reserve above the limit at the end of a turn)."""


@attrs.frozen(eq=False, repr=False)
class PlaySeal(_Interned):
    """Play a Seal card from the hand (it then leaves the game)."""

    card: int
    """Index of the card (``s01`` is 0)."""

    def __new__(cls, card: int) -> PlaySeal:
        if type(card) is not int or not 0 <= card < len(CARDS):
            raise ValueError(f"a Seal card is an int 0..{len(CARDS) - 1}, not {card!r}")
        found: PlaySeal = _intern(cls, (card,))
        return found

    def __str__(self) -> str:
        return f"seal {CARDS[self.card].code}"


@attrs.frozen(eq=False, repr=False)
class Pass(_Bare, verb="pass"):
    """End the turn (after the regular action, or when no regular action is possible)."""


Action = Take | Draw | Place | Pay | Waive | RitualTake | RitualSkip | Return | PlaySeal | Pass
"""Any action of this game."""
ACTION_TYPES: Final[tuple[type[Action], ...]] = (
    Take,
    Draw,
    Place,
    Pay,
    Waive,
    RitualTake,
    RitualSkip,
    Return,
    PlaySeal,
    Pass,
)
"""Every action class (the codec stores actions by their notation)."""

MAX_TAKE: Final = max(
    TAKE_COUNT + sum(c.mods[TAKE_BONUS] for c in CARDS),
    max((c.count for c in CARDS if c.action == "take"), default=1),
)
"""The most steles one take can ever move (regular take plus every take bonus)."""

# -- every action, made once: the rules index these tables --------------------

ALL_TAKES: Final = {
    n: tuple(Take(combo) for combo in combinations_with_replacement(range(NC), n))
    for n in range(1, MAX_TAKE + 1)
}
"""Every take of n steles, in notation order (before any availability check)."""
TAKE_COUNTS: Final = {
    t: tuple(t.colours.count(c) for c in range(NC)) for n in ALL_TAKES for t in ALL_TAKES[n]
}
"""How many steles of each colour a take moves."""
PLACES: Final = tuple(tuple(Place(c, v) for v in range(len(VILLAGES))) for c in range(NC))
"""Every placement, by colour then village."""
PAYS: Final = tuple(Pay(c) for c in range(NC))
"""Every payment, by colour."""
WAIVES: Final = tuple(Waive(c) for c in range(NC))
"""Every waiver, by colour."""
RITUAL_TAKES: Final = tuple(RitualTake(c) for c in range(NC))
"""Every take after a Ritual, by colour."""
RETURNS: Final = tuple(Return(c) for c in range(NC))
"""Every return to the bag, by colour."""
SEALS: Final = tuple(PlaySeal(i) for i in range(len(CARDS)))
"""Every card play, by card."""
DRAW: Final = Draw()
"""The draw."""
PASS: Final = Pass()
"""The pass."""
RITUAL_SKIP: Final = RitualSkip()
"""Taking nothing after a Ritual."""


# -- the parser: the inverse of str(action) -----------------------------------
# Input is matched case-insensitively with any run of spaces between words; the
# colours of a take may come in any order.

_COLOUR: Final = {name: i for i, name in enumerate(COLOURS)}
_VILLAGE: Final = {name: i for i, name in enumerate(VILLAGES)}
_ONE_COLOUR: Final[dict[str, Callable[[int], Action]]] = {
    Pay.verb: Pay,
    Waive.verb: Waive,
    RitualTake.verb: RitualTake,
    Return.verb: Return,
}
_BARE: Final[dict[str, Callable[[], Action]]] = {
    Draw.verb: Draw,
    Pass.verb: Pass,
    RitualSkip.verb: RitualSkip,
}
_FORMS: Final = (
    "take <colour>..., draw, place <colour> v01..v40, pay <colour>, waive <colour>, "
    "ritual-take <colour>, ritual-skip, return <colour>, seal s01..s16, pass"
)


_READ: Final = Reader("way_of_bear: cannot read action")
_bad: Final = _READ.bad
_A_COLOUR: Final = f"a stele colour ({', '.join(COLOURS)})"


def _colour_named(text: str, word: str) -> int:
    return _READ.named(_COLOUR, text, word, _A_COLOUR)


def _village_named(text: str, word: str) -> int:
    found = _VILLAGE.get(word)
    if found is None and word.startswith("v") and word[1:].isdigit():
        found = _VILLAGE.get(f"v{int(word[1:]):02d}")
    if found is None:
        raise _bad(text, f"{word!r} is not a village (v01..v{len(VILLAGES):02d})")
    return found


def parse_action(text: str) -> Action:
    """The action written as `text`; MalformedActionError says what was expected.

    (The core has already refused anything that is not text.)
    """
    verb, args = _READ.split(text, _FORMS)
    if verb in _BARE:
        if args:
            raise _bad(text, f"{verb!r} takes no arguments")
        return _BARE[verb]()
    if verb in _ONE_COLOUR:
        if len(args) != 1:
            raise _bad(text, f"{verb!r} takes exactly one colour")
        return _ONE_COLOUR[verb](_colour_named(text, args[0]))
    if verb == "take":
        if not 1 <= len(args) <= MAX_TAKE:
            raise _bad(text, f"take names 1 to {MAX_TAKE} colours")
        return Take(tuple(sorted(_colour_named(text, w) for w in args)))
    if verb == "place":
        if len(args) != 2:
            raise _bad(text, "place takes a colour and a village, e.g. 'place orange v17'")
        return Place(_colour_named(text, args[0]), _village_named(text, args[1]))
    if verb == "seal":
        if len(args) != 1 or args[0] not in CARD_BY_NAME:
            raise _bad(text, "seal takes a card name s01..s16")
        return PlaySeal(CARD_BY_NAME[args[0]])
    raise _bad(text, f"unknown verb {verb!r}; expected one of: {_FORMS}")

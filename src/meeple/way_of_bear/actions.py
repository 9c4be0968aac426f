"""The actions of The Way of the Bear: one small decision each.

Actions are *interned*: constructing an action with the same values always returns
the same object, so equality is identity. That keeps value semantics (``Pay(1) ==
Pay(1)``, hashing, ``parse_action(str(a)) == a``, copying and pickling all agree)
while letting ``action in legal_actions`` run at C speed, which the random-playout
benchmark needs. Constructors check their values, so no out-of-range action exists.
"""

from __future__ import annotations

from itertools import combinations_with_replacement
from typing import Any, Final

import attrs

from .components import CARDS, COLOURS, MOD_NAMES, TAKE_COUNT, VILLAGES

__all__ = [
    "ALL_TAKES",
    "MAX_TAKE",
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
    if type(value) is not int or not 0 <= value < len(COLOURS):
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
class Draw(_Interned):
    """Draw steles at random from the bag (the regular action)."""

    def __new__(cls) -> Draw:
        found: Draw = _intern(cls, ())
        return found

    def __str__(self) -> str:
        return "draw"


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
class Pay(_Interned):
    """Put one stele of the offering on its temple track."""

    colour: int
    """Colour paid."""

    def __new__(cls, colour: int) -> Pay:
        _colour(colour)
        found: Pay = _intern(cls, (colour,))
        return found

    def __str__(self) -> str:
        return f"pay {COLOURS[self.colour]}"


@attrs.frozen(eq=False, repr=False)
class Waive(_Interned):
    """Skip one stele of the offering (only with a discount Seal card)."""

    colour: int
    """Colour not paid."""

    def __new__(cls, colour: int) -> Waive:
        _colour(colour)
        found: Waive = _intern(cls, (colour,))
        return found

    def __str__(self) -> str:
        return f"waive {COLOURS[self.colour]}"


@attrs.frozen(eq=False, repr=False)
class RitualTake(_Interned):
    """After a Ritual, take one stele from another temple track."""

    colour: int
    """Temple taken from."""

    def __new__(cls, colour: int) -> RitualTake:
        _colour(colour)
        found: RitualTake = _intern(cls, (colour,))
        return found

    def __str__(self) -> str:
        return f"ritual-take {COLOURS[self.colour]}"


@attrs.frozen(eq=False, repr=False)
class RitualSkip(_Interned):
    """After a Ritual, take nothing (taking is optional)."""

    def __new__(cls) -> RitualSkip:
        found: RitualSkip = _intern(cls, ())
        return found

    def __str__(self) -> str:
        return "ritual-skip"


@attrs.frozen(eq=False, repr=False)
class Return(_Interned):
    """Put one stele back in the bag (reserve above the limit at the end of a turn)."""

    colour: int
    """Colour returned."""

    def __new__(cls, colour: int) -> Return:
        _colour(colour)
        found: Return = _intern(cls, (colour,))
        return found

    def __str__(self) -> str:
        return f"return {COLOURS[self.colour]}"


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
class Pass(_Interned):
    """End the turn (after the regular action, or when no regular action is possible)."""

    def __new__(cls) -> Pass:
        found: Pass = _intern(cls, ())
        return found

    def __str__(self) -> str:
        return "pass"


Action = Take | Draw | Place | Pay | Waive | RitualTake | RitualSkip | Return | PlaySeal | Pass
"""Any action of this game."""

_TAKE_BONUS: Final = MOD_NAMES.index("take_bonus")
MAX_TAKE: Final = max(
    TAKE_COUNT + sum(c.mods[_TAKE_BONUS] for c in CARDS),
    max((c.count for c in CARDS if c.action == "take"), default=1),
)
"""The most steles one take can ever move (regular take plus every take bonus)."""

ALL_TAKES: Final = {
    n: tuple(Take(combo) for combo in combinations_with_replacement(range(len(COLOURS)), n))
    for n in range(1, MAX_TAKE + 1)
}
"""Every take of n steles, in notation order (before any availability check)."""

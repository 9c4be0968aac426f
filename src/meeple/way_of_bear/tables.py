"""Precomputed tables the rules index directly: modifier slots and interned actions."""

from __future__ import annotations

from typing import Final

from .actions import (
    ALL_TAKES,
    Draw,
    Pass,
    Pay,
    Place,
    PlaySeal,
    Return,
    RitualSkip,
    RitualTake,
    Waive,
)
from .components import CARDS, COLOURS, MOD_NAMES, TYPES, VILLAGES

__all__ = [
    "DISCOUNT",
    "DRAW",
    "DRAW_BONUS",
    "FREE",
    "NC",
    "NOBODY",
    "NO_MODS",
    "NT",
    "PASS",
    "PAY",
    "PLACE",
    "RESERVE_BONUS",
    "RETURN",
    "RITUAL",
    "SAME_OK",
    "SEAL",
    "SEATS",
    "SKIP",
    "TAKE_BONUS",
    "TAKE_COUNTS",
    "UNIT",
    "WAIVE",
    "ZERO4",
]

NC: Final = len(COLOURS)
"""Stele colours (4, checked when the data is loaded)."""
NT: Final = len(TYPES)
"""Knowledge types (4)."""
# the slots of the turn modifiers, in MOD_NAMES order
SAME_OK, FREE, DISCOUNT, DRAW_BONUS, TAKE_BONUS, RESERVE_BONUS = range(len(MOD_NAMES))
NO_MODS: Final = (0,) * len(MOD_NAMES)
"""A turn without type-A Seal cards."""
ZERO4: Final = (0,) * NC
"""Nothing of any colour."""
SEATS: Final = tuple(frozenset({p}) for p in range(4))
"""`to_act` for each seat, built once."""
NOBODY: Final[frozenset[int]] = frozenset()
"""`to_act` of a finished game."""
PLACE: Final = tuple(tuple(Place(c, v) for v in range(len(VILLAGES))) for c in range(NC))
"""Every placement, by colour then village."""
PAY: Final = tuple(Pay(c) for c in range(NC))
WAIVE: Final = tuple(Waive(c) for c in range(NC))
RITUAL: Final = tuple(RitualTake(c) for c in range(NC))
RETURN: Final = tuple(Return(c) for c in range(NC))
SEAL: Final = tuple(PlaySeal(i) for i in range(len(CARDS)))
"""Every card play, by card."""
DRAW: Final = Draw()
PASS: Final = Pass()
SKIP: Final = RitualSkip()
TAKE_COUNTS: Final = {
    t: tuple(t.colours.count(c) for c in range(NC)) for n in ALL_TAKES for t in ALL_TAKES[n]
}
"""How many steles of each colour a take moves."""
UNIT: Final = tuple(tuple(int(c == x) for x in range(NC)) for c in range(NC))
"""One stele of a colour, as a count per colour."""

"""The frozen state of a game of Miś Wojtek, and the phases a turn goes through.

A `State` is the open `Table` (what every seat sees, and so also the base of a
seat's `View`) plus what only the game knows: the travel hands, the order of both
decks and the rng state.

Cards are counted by kind (see `components`): a hand is 8 counts (7 truck colours
and rainbow), a collection is 25 counts (24 bear cards and the persons). Decks are
tuples of kinds with the top card last.
"""

from __future__ import annotations

import enum
from typing import Final

import attrs

from meeple.core import StateBase

from .options import Options

__all__ = [
    "BOX",
    "DEPORT",
    "DEPORT_TO",
    "DROP",
    "EXCHANGE",
    "OVER",
    "PHASE_NAMES",
    "TARGET",
    "TURN",
    "USE",
    "Phase",
    "State",
    "Table",
]


class Phase(enum.IntEnum):
    """Which decision is due (stored in JSON as its number)."""

    DEPORT = 0
    """Round 1: draw a travel card to be deported (``draw``)."""
    DEPORT_TO = 1
    """Round 1, a rainbow card was drawn: choose the site (``to <colour>``)."""
    TURN = 2
    """The start of a turn: travel (``truck``, ``walk``, ``three``) or ``exchange``."""
    EXCHANGE = 3
    """An exchange: discard another card (``exchange <kind>``) or ``done``."""
    DROP = 4
    """Three-card move: discard a bear card from a box (``drop <colour>``)."""
    USE = 5
    """Three-card move: play a travel card (``use <kind>``), three times."""
    TARGET = 6
    """Three-card move: choose where to go (``to <colour>`` / ``to edinburgh``)."""
    BOX = 7
    """Walked or three-carded into Edinburgh: take from any box (``box <colour>``)."""
    OVER = 8
    """The game has ended."""


# Module names for the members: rules compare against these in the hot path, where
# a module global costs a tenth of an enum attribute lookup.
DEPORT: Final = Phase.DEPORT
DEPORT_TO: Final = Phase.DEPORT_TO
TURN: Final = Phase.TURN
EXCHANGE: Final = Phase.EXCHANGE
DROP: Final = Phase.DROP
USE: Final = Phase.USE
TARGET: Final = Phase.TARGET
BOX: Final = Phase.BOX
OVER: Final = Phase.OVER

PHASE_NAMES: Final = (
    "deport",
    "deport-choose",
    "turn",
    "exchange",
    "drop",
    "use",
    "target",
    "box",
    "over",
)
"""Phase names for display (and the encoding's phase one-hot), indexed by phase."""


@attrs.frozen(slots=False)  # fields in __dict__, like the State's own (`meeple.core.replace`)
class Table:
    """What lies open to every seat: the fields a `State` and a seat's `View` share.

    Everything but the travel hands, the order of both decks and the rng state.
    """

    players: int
    """Number of seats (2-5)."""
    to_act: frozenset[int]
    """The seat whose turn it is; empty once the game is over."""
    options: Options
    """The variant being played."""
    phase: Phase
    """Which decision is due (see `Phase`)."""
    current: int
    """The seat whose turn it is (the last one to act once the game is over)."""
    round: int
    """The round number; round 1 is the deportation round."""
    positions: tuple[int, ...]
    """Board space of each pawn."""
    travel_discard: tuple[int, ...]
    """Travel cards played or exchanged, counted by kind (face up)."""
    bear_discard: tuple[int, ...]
    """Discarded bear cards, counted by kind (face up)."""
    display: tuple[int, ...]
    """The bear card on each of the seven coloured boxes, or NO_CARD."""
    collections: tuple[tuple[int, ...], ...]
    """Per seat, bear cards taken (face up), counted by kind."""
    city_owner: tuple[int, ...]
    """Per city card, the seat holding it, or -1 while it lies on the board."""
    pending: tuple[int, ...]
    """Travel cards played so far in a three-card move, counted by kind (face up)."""
    last_round: tuple[int, ...]
    """Seats still to take their final turn, in order, once the last round began."""
    ending: bool
    """Whether the last round has begun (Edinburgh reached or a complete set)."""


@attrs.frozen(slots=False)  # fields in __dict__: successors are `meeple.core.replace` copies
class State(Table, StateBase):
    """A complete position: the open `Table`, the hidden hands and decks, the rng."""

    rng: int
    """`meeple.core.rng` state for the next draw or reshuffle (never in a view)."""
    hands: tuple[tuple[int, ...], ...]
    """Per seat, travel cards held, counted by kind (hidden from other seats)."""
    travel_deck: tuple[int, ...]
    """Face-down travel cards, top last (hidden)."""
    bear_deck: tuple[int, ...]
    """Face-down bear cards, top last (hidden)."""

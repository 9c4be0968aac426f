"""The frozen game state shared by every mode, and the phases a game goes through."""

from __future__ import annotations

import enum
from typing import Final

import attrs

from meeple.core import StateBase
from meeple.core.field_order import in_order

from .options import Options

__all__ = [
    "ASSIGN",
    "DRAW",
    "DRAWN",
    "OVER",
    "PICK",
    "PLACE",
    "SUDDEN",
    "TAKE",
    "Phase",
    "State",
    "Table",
]


class Phase(enum.StrEnum):
    """What the game waits for (stored in JSON as its value)."""

    TAKE = "take"
    """Standard: the player to act takes a face-up card."""
    PICK = "pick"
    """Drafting: everyone selects a card from the hand in front of them."""
    PLACE = "place"
    """Drafting: everyone lays their selected cards on their hike."""
    SUDDEN = "sudden"
    """Big Kid tiebreaker: tied players add one more card each."""
    DRAW = "draw"
    """Solo: draw, or place the discard pile's top card."""
    DRAWN = "drawn"
    """Solo: place the card just drawn."""
    ASSIGN = "assign"
    """Solo: assign score cards to the hike a bear card closed."""
    OVER = "over"
    """The game has ended."""


# Module names for the members: rules compare against these in the hot path, where
# a module global costs a tenth of an enum attribute lookup.
TAKE: Final = Phase.TAKE
PICK: Final = Phase.PICK
PLACE: Final = Phase.PLACE
SUDDEN: Final = Phase.SUDDEN
DRAW: Final = Phase.DRAW
DRAWN: Final = Phase.DRAWN
ASSIGN: Final = Phase.ASSIGN
OVER: Final = Phase.OVER


@attrs.frozen(slots=False)  # fields in __dict__: a view's are its open table (`meeple.core.table`)
class Table:
    """What lies open to every seat: the fields a `State` and a seat's `View` share,
    which a view copies from the state as they are.

    Declared once so that a field's meaning is written once. Everything but the deck,
    the drafting hands and face-down picks, and the rng state. The fields one mode
    alone uses take their defaults in the others, keyword-only, so that the fields
    of `State` and `View` without a default may follow them.
    """

    players: int
    """Number of seats (1 in solo)."""
    to_act: frozenset[int]
    """Who may act now; several at once in the drafting steps (every seat sees who)."""
    options: Options
    """The options the game was started with."""
    phase: Phase
    """What the game waits for (see `Phase`)."""
    score_cards: tuple[int, ...]
    """Score card ids in play, ascending."""
    hikes: tuple[tuple[int, ...], ...]
    """Per seat (or, in solo, per hike 1..5) the landscape cards laid out, left to right."""
    row: tuple[int, ...] = attrs.field(default=(), kw_only=True)
    """Standard game: the face-up cards, slot 1 first."""
    round: int = attrs.field(default=0, kw_only=True)
    """Drafting: which of the three pick-and-place rounds (0, 1, 2)."""
    pending: frozenset[int] = attrs.field(default=frozenset(), kw_only=True)
    """Tiebreaker: tied players who have not yet added this round's card."""
    discard: tuple[int, ...] = attrs.field(default=(), kw_only=True)
    """Solo: the face-up discard pile, top card last."""
    drawn: int = attrs.field(default=0, kw_only=True)
    """Solo: the card just drawn and waiting to be placed (0 for none)."""
    assigned: tuple[tuple[int, ...], ...] = attrs.field(default=(), kw_only=True)
    """Solo: score card ids assigned to each hike, in the order assigned."""
    active: int = attrs.field(default=-1, kw_only=True)
    """Solo: index of the hike whose score cards are being assigned (-1 for none)."""


@attrs.frozen(
    slots=False,  # fields in __dict__: successors are `meeple.core.replace` copies
    field_transformer=in_order(
        """players to_act rng options phase score_cards hikes deck row hands picks round
        pending discard drawn assigned active"""
    ),  # the order of 0.1's documents (`meeple.core.field_order`)
)
class State(Table, StateBase):
    """A whole position, hidden parts and rng included (never shown to players as is):
    the open `Table`, the deck, the drafting hands and picks, the rng."""

    rng: int
    """meeple.core.rng state; hidden from every view."""
    deck: tuple[int, ...]
    """Face-down cards in draw order: the draw pile, the drafting leftovers, the solo deck."""
    hands: tuple[tuple[int, ...], ...] = ()
    """Drafting: each seat's hidden hand, ascending (tiebreaker: the dealt card)."""
    picks: tuple[tuple[int, ...], ...] = ()
    """Drafting: each seat's face-down selected cards, ascending."""

"""The frozen game state shared by every mode, and the phases a game goes through."""

from __future__ import annotations

import enum
from typing import Final

import attrs

from meeple.core import StateBase

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


@attrs.frozen(slots=False)  # fields in __dict__: successors are `meeple.core.replace` copies
class State(StateBase):
    """A whole position, hidden parts and rng included (never shown to players as is)."""

    players: int
    """Number of seats (1 in solo)."""
    to_act: frozenset[int]
    """Who may act now; several at once in the drafting steps."""
    rng: int
    """meeple.core.rng state; hidden from every view."""
    options: Options
    """The options the game was started with."""
    phase: Phase
    """What the game waits for (see `Phase`)."""
    score_cards: tuple[int, ...]
    """Score card ids in play, ascending."""
    hikes: tuple[tuple[int, ...], ...]
    """Per seat (or, in solo, per hike 1..5) the landscape cards laid out, left to right."""
    deck: tuple[int, ...]
    """Face-down cards in draw order: the draw pile, the drafting leftovers, the solo deck."""
    row: tuple[int, ...] = ()
    """Standard game: the face-up cards, slot 1 first."""
    hands: tuple[tuple[int, ...], ...] = ()
    """Drafting: each seat's hidden hand, ascending (tiebreaker: the dealt card)."""
    picks: tuple[tuple[int, ...], ...] = ()
    """Drafting: each seat's face-down selected cards, ascending."""
    round: int = 0
    """Drafting: which of the three pick-and-place rounds (0, 1, 2)."""
    pending: frozenset[int] = frozenset()
    """Tiebreaker: tied players who have not yet added this round's card."""
    discard: tuple[int, ...] = ()
    """Solo: the face-up discard pile, top card last."""
    drawn: int = 0
    """Solo: the card just drawn and waiting to be placed (0 for none)."""
    assigned: tuple[tuple[int, ...], ...] = ()
    """Solo: score card ids assigned to each hike, in the order assigned."""
    active: int = -1
    """Solo: index of the hike whose score cards are being assigned (-1 for none)."""

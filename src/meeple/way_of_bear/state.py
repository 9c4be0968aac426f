"""The frozen game state (fields only) and the phases of a turn.

A `State` is the open `Table` (what every seat sees, and so also the base of a
seat's `View`) plus the Seal cards nobody or only their holder sees, and the rng.
"""

from __future__ import annotations

import enum
from typing import Final

import attrs

from meeple.core import StateBase
from meeple.core.field_order import in_order

from .spots import Spot
from .spots import of_board

__all__ = ["EXTRA", "MAIN", "OVER", "PAY", "RETURN", "RITUAL", "Phase", "State", "Table"]


class Phase(enum.StrEnum):
    """Where the current turn stands (stored in JSON as its value; see `legal`)."""

    MAIN = "main"
    """The regular action (take, draw, place, or pass when none is possible) and
    Seal card plays; after the regular action only while an older card is held."""
    EXTRA = "extra"
    """The additional action a type-B Seal card grants (a placement or a take)."""
    PAY = "pay"
    """The offering, one stele at a time in the player's order (pay or waive)."""
    RITUAL = "ritual"
    """A temple's 5th space was filled: take a stele from another temple, or not."""
    RETURN = "return"
    """The reserve is above the limit at the end of the turn: give one back."""
    OVER = "over"
    """The game has ended."""


# Module names for the members: rules compare against these in the hot path, where
# a module global costs a tenth of an enum attribute lookup.
MAIN: Final = Phase.MAIN
EXTRA: Final = Phase.EXTRA
PAY: Final = Phase.PAY
RITUAL: Final = Phase.RITUAL
RETURN: Final = Phase.RETURN
OVER: Final = Phase.OVER


@attrs.frozen(slots=False)  # fields in __dict__, like the State's own (`meeple.core.replace`)
class Table:
    """What lies open to every seat: the fields a `State` and a seat's `View` share,
    which a view copies from the state as they are.

    Declared once so that a field's meaning is written once. Everything but the Seal
    cards (the hands, the pile, the cards drawn this turn) and the rng state.
    """

    players: int
    """Number of seats (2-4)."""
    to_act: frozenset[int]
    """The current player, or nobody once the game is over."""
    max_rounds: int
    """The round limit from the options (our stall rule)."""
    round: int
    """Full rounds finished so far."""
    current: int
    """Whose turn it is (seat 0 holds the Golden Bear and starts each round)."""
    phase: Phase
    """What the current player is deciding (see `Phase`)."""
    board: tuple[int, ...]
    """Per village: stele colour 0-3, token kind + 4, or -1 when not in play."""
    temples: tuple[int, ...]
    """Steles on each colour's temple track (0-4; the 5th space empties it)."""
    bag: tuple[int, ...]
    """Steles of each colour in the bag (public: everything else is on the table)."""
    reserves: tuple[tuple[int, ...], ...]
    """Per player, steles of each colour in their reserve (kept in the open)."""
    tokens: tuple[tuple[int, ...], ...]
    """Per player, knowledge tokens of each kind on their board."""
    played: tuple[int, ...]
    """Seal cards played so far, in order; they have left the game (face up)."""
    regular_done: bool
    """Whether the current player has used their regular action this turn."""
    mods: tuple[int, ...]
    """Rule-bending modifiers from type-A Seal cards this turn, in `MOD_NAMES` order."""
    extra: str
    """The additional action a type-B card is granting now: ``place``, ``take`` or empty."""
    extra_count: int
    """Steles the granted take moves."""
    owed: tuple[int, ...]
    """Offering still to pay, per colour."""
    waivers: int
    """Steles of the offering that may still be waived (discount cards)."""
    ritual_temple: int
    """The temple whose Ritual is being resolved, else -1."""
    # The two options take their defaults when a document leaves them out (documents
    # from before they existed); keyword-only, so that the fields of `State` and `View`
    # without a default may follow them.
    reserve_pays_offering: bool = attrs.field(default=False, kw_only=True)
    """Option ``reserve_pays_offering``: the reserve alone must hold the whole offering
    when the stele is placed (no stele a Ritual brings in pays)."""
    take_fewer: bool = attrs.field(default=False, kw_only=True)
    """Option ``take_fewer``: a take moves the one stele the tracks hold when they hold
    fewer than two."""


@attrs.frozen(
    slots=False,  # fields in __dict__: successors are `meeple.core.replace` copies
    field_transformer=in_order(
        """players to_act rng max_rounds round current phase board temples bag reserves
        tokens hands deck played fresh regular_done mods extra extra_count owed waivers
        ritual_temple reserve_pays_offering take_fewer spots"""
    ),  # the order of 0.1's documents (`meeple.core.field_order`)
)
class State(Table, StateBase):
    """A position of The Way of the Bear: the open `Table`, the hidden Seal cards and
    the rng."""

    rng: int
    """meeple.core.rng state for bag draws; never shown in a view."""
    hands: tuple[tuple[int, ...], ...]
    """Per player, the Seal cards held, ascending (hidden from other players)."""
    deck: tuple[int, ...]
    """The face-down Seal pile, top card first (hidden except for the top card's back)."""
    fresh: tuple[int, ...]
    """Seal cards the current player drew this turn (they cannot be played yet)."""
    spots: tuple[Spot, ...] = attrs.field(
        init=False,
        eq=False,
        repr=False,
        default=attrs.Factory(lambda s: of_board(s.board), takes_self=True),
    )
    """Derived from `board`, never stored or compared: the token villages a stele
    touches (see `spots`). Made from the board whenever a State is made (setup, the
    codec, determinize); a placement's successor derives it from the last one."""

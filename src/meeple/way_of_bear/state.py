"""The frozen game state (fields only) and the phases of a turn."""

from __future__ import annotations

import enum
from typing import Final

import attrs

from meeple.core import StateBase

from .spots import Spot, of_board

__all__ = ["EXTRA", "MAIN", "OVER", "PAY", "RETURN", "RITUAL", "Phase", "State"]


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


@attrs.frozen(slots=False)  # fields in __dict__: successors are `meeple.core.replace` copies
class State(StateBase):
    """A position of The Way of the Bear, including the hidden Seal cards and the rng."""

    players: int
    """Number of seats (2-4)."""
    to_act: frozenset[int]
    """The current player, or nobody once the game is over."""
    rng: int
    """meeple.core.rng state for bag draws; never shown in a view."""
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
    """Steles of each colour in the bag."""
    reserves: tuple[tuple[int, ...], ...]
    """Per player, steles of each colour in their reserve."""
    tokens: tuple[tuple[int, ...], ...]
    """Per player, knowledge tokens of each kind on their board."""
    hands: tuple[tuple[int, ...], ...]
    """Per player, the Seal cards held, ascending (hidden from other players)."""
    deck: tuple[int, ...]
    """The face-down Seal pile, top card first (hidden except for the top card's back)."""
    played: tuple[int, ...]
    """Seal cards played so far, in order; they have left the game."""
    fresh: tuple[int, ...]
    """Seal cards the current player drew this turn (they cannot be played yet)."""
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
    reserve_pays_offering: bool = False
    """Option ``reserve_pays_offering``: the reserve alone must hold the whole offering
    when the stele is placed (no stele a Ritual brings in pays)."""
    take_fewer: bool = False
    """Option ``take_fewer``: a take moves the one stele the tracks hold when they hold
    fewer than two."""
    spots: tuple[Spot, ...] = attrs.field(
        init=False,
        eq=False,
        repr=False,
        default=attrs.Factory(lambda s: of_board(s.board), takes_self=True),
    )
    """Derived from `board`, never stored or compared: the token villages a stele
    touches (see `spots`). Made from the board whenever a State is made (setup, the
    codec, determinize); a placement's successor derives it from the last one."""

"""The frozen Wypas state (every card's place, the phase, who acts) and its phases.

A `State` is the open `Table` (what every seat sees, and so also the base of a
seat's `View`) plus what only some seats or none may see: the hands, the deck, the
baca's lots, face-down cards, the offers and waits, what each seat knows, the rng.
"""

from __future__ import annotations

import enum
from typing import Final

import attrs

from meeple.core import StateBase
from meeple.core.field_order import in_order

from .options import Options

__all__ = [
    "AWARD",
    "BID",
    "CHOOSE",
    "DOWN_LOT",
    "HIDE",
    "NO_LOT",
    "OVER",
    "REACT",
    "REDYK",
    "SHEAR",
    "TAKE",
    "TURNS",
    "Phase",
    "State",
    "Table",
]


class Phase(enum.IntEnum):
    """What the game waits for (stored in JSON as its number; the name, lower case,
    is the phase's word in renders)."""

    HIDE = 0
    """The baca hides one of the drawn lots face down."""
    CHOOSE = 1
    """The opener names the next lot to auction."""
    BID = 2
    """The auction of a lot: lay a sheep, stand with done, check (bluff rule) or pass."""
    REDYK = 3
    """Redyk: place sheep in your pens, then done."""
    SHEAR = 4
    """Shearing: shear a pen, then done."""
    REACT = 5
    """Reactions to the special card just played: a Sheepdog, or pass."""
    TAKE = 6
    """A Thief that resolved takes a card from the hand it looked at."""
    OVER = 7
    """The game has ended."""
    AWARD = 8
    """Bluff rule: the baca settles a tie at the reveal."""


# Module names for the members: rules compare against these in the hot path, where
# a module global costs a tenth of an enum attribute lookup.
HIDE: Final = Phase.HIDE
CHOOSE: Final = Phase.CHOOSE
BID: Final = Phase.BID
REDYK: Final = Phase.REDYK
SHEAR: Final = Phase.SHEAR
REACT: Final = Phase.REACT
TAKE: Final = Phase.TAKE
OVER: Final = Phase.OVER
AWARD: Final = Phase.AWARD

TURNS: Final = (HIDE, CHOOSE, BID, REDYK, SHEAR, AWARD)
"""The phases of a seat's turn: in each, a special card may be played by the seat to
act (among its choices) and by every other seat that could play one (an offer); a
card played interrupts the turn, which goes on once the card is done."""

NO_LOT: Final = -2
"""`State.lot` when no lot is being auctioned."""
DOWN_LOT: Final = -1
"""`State.lot` while the face-down lot is auctioned (the same as `actions.DOWN`)."""


@attrs.frozen(slots=False)  # fields in __dict__, like the State's own (`meeple.core.replace`)
class Table:
    """What lies open to every seat: the fields a `State` and a seat's `View` share,
    which a view copies from the state as they are.

    Declared once so that a field's meaning is written once. Not here: who acts (a
    view hides other seats' offers), the hands, the deck, the discard pile (face-down
    cards in it), the baca's lots, face-down bids, waits and what each seat knows.
    """

    players: int
    """Number of seats (3-6)."""
    options: Options
    """The options this game is played with."""
    round: int
    """Round number, from 1; the game ends after `options.max_rounds` rounds at the latest."""
    baca: int
    """The seat holding the baca card this round."""
    phase: Phase
    """What the game waits for (see `Phase`)."""
    actor: int
    """The seat whose decision the table waits for (-1 once the game is over); the
    seats offered a special card besides it are secret."""
    pens: tuple[tuple[tuple[int, ...], tuple[int, ...]], ...]
    """Per seat, the two pens, each the placed cards in the order laid."""
    wolves: tuple[int, ...]
    """Per seat, a bit mask of pens with a Wolf over them (1: pen 1, 2: pen 2)."""
    fleeces: tuple[tuple[tuple[int, ...], ...], ...]
    """Per seat, each fleece kept (sorted kinds of the cards set aside)."""
    points: tuple[int, ...]
    """Per seat, victory points, bonuses included."""
    bonus: tuple[int, ...]
    """Per seat, the fifth-fleece bonus earned (+4 first, +2 later; part of `points`)."""
    lots: tuple[int, ...]
    """Face-up lots not yet auctioned, sorted."""
    opener: int
    """Seat that opens (or opened) the current lot's auction."""
    lot: int
    """Lot being auctioned: a kind, DOWN_LOT (-1) for the face-down card, NO_LOT otherwise."""
    laid: tuple[tuple[int, ...], ...]
    """Per seat, sheep laid as bids on the current lot, sorted (face up)."""
    bids: tuple[int, ...]
    """Per seat, the sum of values laid on the current lot."""
    high: int
    """Seat holding the current highest bid, or -1."""
    declared: tuple[int, ...]
    """Bluff rule: per seat, the value declared for its face-down bid card (part of
    `bids`), or 0."""
    checkers: int
    """Bluff rule: bit mask of seats that matched (checked) the bid in force (in the
    award phase: the tied seats)."""
    passed: int
    """Bit mask of seats that passed on the current lot."""
    finished: int
    """Seats that have had their turn in the current redyk or shearing phase."""
    passes: int
    """Consecutive passes in the current reaction round."""
    resume: tuple[int, ...]
    """The turn the pending special card interrupted, ``(phase, seat)``, to which play
    returns once the card is done; () when no card is pending."""
    pending: tuple[int, ...]
    """The special card awaiting reactions or a Thief's pick: (seat, kind, target, pen,
    face); public once played."""
    dogs: tuple[int, ...]
    """Seats that answered `pending` with a cancelling Sheepdog, in order."""
    chain: tuple[tuple[int, ...], ...] = attrs.field(default=(), kw_only=True)
    """The other special cards of the chain that have not resolved yet, in the order
    played, each ``(seat, kind, target, pen, face, *dogs)`` (the seats of the Sheepdogs
    that cancelled it follow its five numbers): while reactions are asked, the cards
    played before `pending`, which resolve before it; while a Thief picks (`pending`),
    those played after it. Empty outside a chain (and in documents written before
    cards could answer cards)."""
    final_from: int
    """Seat that sheared the game's first fifth fleece, or -1."""
    final_left: int
    """Final shearing turns still owed to the others (-1 before they start)."""


@attrs.frozen(
    slots=False,  # fields in __dict__: successors are `meeple.core.replace` copies
    field_transformer=in_order(
        """players to_act rng options round baca phase actor hands deck discard pens wolves
        fleeces points bonus drawn lots face_down opener lot laid bids high down declared
        checkers passed finished passes resume waited pending dogs chain final_from
        final_left known buried"""  # the order of 0.1's documents (`meeple.core.field_order`)
    ),
)
class State(Table, StateBase):
    """A complete Wypas position: the open `Table`, and what some or all seats do not
    see, the rng state included (never shown in a view)."""

    to_act: frozenset[int]
    """Who may act now: the seat to act (`actor`), plus every other seat offered a
    special card (`meeple.wypas.offers`); nobody once the game is over."""
    rng: int
    """meeple.core.rng state for reshuffles; hidden from every view."""
    hands: tuple[tuple[int, ...], ...]
    """Per seat, the kinds held, sorted (hidden from other seats)."""
    deck: tuple[int, ...]
    """Draw pile; the last item is the top card (hidden)."""
    discard: tuple[int, ...]
    """Discard pile, sorted (every card in it was seen by all)."""
    drawn: tuple[int, ...]
    """Lots the baca has drawn but not yet laid out (seen by the baca only), sorted."""
    face_down: int
    """Kind of the face-down lot (seen by the baca only), or -1."""
    down: tuple[int, ...]
    """Bluff rule: per seat, the kind of its face-down bid card on this lot, or -1."""
    waited: int
    """Bit mask of seats that chose ``wait`` on an offer since the last other move
    (hidden: each seat sees only its own bit); they are not offered again until then."""
    known: tuple[tuple[tuple[int, ...], ...], ...]
    """known[o][t]: kinds seat o knows to be in seat t's hand (a face-down lot it dealt,
    what its Thief saw), sorted; always part of that hand."""
    buried: tuple[tuple[int, ...], ...]
    """Bluff rule: per seat, the kinds in `discard` that seat laid face down and nobody
    else saw (its bluff was not checked), sorted; hidden from the other seats, cleared
    when the discards are shuffled into a new deck."""

"""Every Wypas action that takes arguments, made once, in tables by its fields.

The rules offer these very objects (`auction`, `redyk`, `shearing`, `specials`) and
the encoding's vocabulary lists them (`encoding.action_vocabulary`), so the core's
apply path and the adapters find an action by identity (one C-level lookup) rather
than by its class and fields. Tables by seat cover the most seats a game has; the
argument-free actions (``done``, ``pass``, ...) are made once in `actions`.
`parse_action` hands out these objects too, where a table holds the action read.
"""

from __future__ import annotations

from itertools import chain
from typing import Final

from . import actions
from .actions import DOWN
from .actions import Action
from .actions import Auction
from .actions import Award
from .actions import Bid
from .actions import BidDown
from .actions import Black
from .actions import Dog
from .actions import Hide
from .actions import Place
from .actions import Shear
from .actions import Take
from .actions import Thief
from .actions import Wolf
from .components import DOLLY
from .components import FACES
from .components import KIND_COLOUR
from .components import KIND_VALUE
from .components import KINDS
from .components import MAX_VALUE
from .components import SUPER
from .components import THIEF

__all__ = [
    "AUCTIONS",
    "AUCTION_DOWN",
    "AWARDS",
    "BIDS",
    "BLACKS",
    "DOGS",
    "DOWN_BIDS",
    "HIDES",
    "PASS_ONLY",
    "PENS",
    "PLACES",
    "SEATS",
    "SHEARS",
    "TAKES",
    "THIEVES",
    "WOLVES",
    "faces_of",
    "parse_action",
]

SEATS: Final = range(6)
"""Every seat of the largest game (the game's ``max_players``)."""
PENS: Final = (1, 2)
"""Pen numbers, as actions name them."""
PASS_ONLY: Final = (actions.PASS,)
"""The choices of a seat that can only pass (out of a lot's bidding, or on a reaction)."""
_VALUES: Final = range(1, MAX_VALUE + 1)


def faces_of(kind: int) -> tuple[int, ...]:
    """Every face a sheep kind can show: a plain sheep its own, a Dolly its colour's
    six values, the Super Dolly every face."""
    if kind < DOLLY:
        return (KIND_COLOUR[kind] * 8 + KIND_VALUE[kind],)
    if kind < SUPER:
        return tuple(KIND_COLOUR[kind] * 8 + v for v in _VALUES)
    return FACES


HIDES: Final = tuple(Hide(k) for k in range(KINDS))
"""``hide <card>`` by kind."""
AUCTIONS: Final = tuple(Auction(k) for k in range(KINDS))
"""``auction <card>`` by kind."""
AUCTION_DOWN: Final = Auction(DOWN)
"""``auction down``."""
AWARDS: Final = tuple(Award(q) for q in SEATS)
"""``award pN`` by seat (bluff rule)."""
BIDS: Final = tuple(
    ((Bid(k, KIND_VALUE[k]),) if KIND_VALUE[k] else tuple(Bid(k, v) for v in _VALUES))
    if k < THIEF
    else ()
    for k in range(KINDS)
)
"""Per kind, its face-up bids: a plain sheep its printed value, a Dolly 1..6, a special none."""
DOWN_BIDS: Final = tuple(tuple(BidDown(k, v) for v in _VALUES) for k in range(KINDS))
"""``bid down <card> as V`` by kind, then value - 1 (bluff rule)."""
PLACES: Final = tuple(
    tuple(tuple(Place(pen, k, f) for f in faces_of(k)) for k in range(THIEF)) for pen in PENS
)
"""``pen N <sheep>`` by pen index (0, 1) and sheep kind: one per face, as `faces_of`."""
SHEARS: Final = tuple((Shear(pen, False), Shear(pen, True)) for pen in PENS)
"""Per pen index (0, 1): (silent shear, shear with ``meee``)."""
THIEVES: Final = tuple(Thief(t) for t in SEATS)
"""``thief pN`` by seat."""
TAKES: Final = tuple(Take(k) for k in range(KINDS))
"""``take <card>`` by kind (the Thief's choice)."""
WOLVES: Final = tuple(tuple(Wolf(t, pen) for pen in PENS) for t in SEATS)
"""``wolf pN penM`` by seat, then pen index."""
DOGS: Final = tuple(tuple(Dog(t, pen) for pen in PENS) for t in SEATS)
"""``dog pN penM`` by seat, then pen index (driving a Wolf off)."""
BLACKS: Final = tuple(tuple({f: Black(t, pen, f) for f in FACES} for pen in PENS) for t in SEATS)
"""``black pN penM <face>`` by seat, pen index and face (faces in `FACES` order)."""


_EVERY: Final[tuple[Action, ...]] = (
    *HIDES,
    *AUCTIONS,
    AUCTION_DOWN,
    *AWARDS,
    *chain.from_iterable(BIDS),
    *chain.from_iterable(DOWN_BIDS),
    *(place for pen in PLACES for row in pen for place in row),
    *chain.from_iterable(SHEARS),
    *THIEVES,
    *TAKES,
    *chain.from_iterable(WOLVES),
    *chain.from_iterable(DOGS),
    *(black for seat in BLACKS for by_face in seat for black in by_face.values()),
)
_SHARED: Final[dict[Action, Action]] = {a: a for a in _EVERY}
"""Every action above, by value: built once here, never written to."""


def parse_action(text: str) -> Action:
    """`actions.parse_action`, as the shared object where a table holds the action read
    (one lookup by value), so that replayed and typed moves are found by identity too."""
    action = actions.parse_action(text)
    return _SHARED.get(action, action)

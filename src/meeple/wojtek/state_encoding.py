"""Miś Wojtek's ``state_encoding``: `encode_view`'s numbers as float32 blocks, straight
from the state (no view is made), for the adapters.

The vector is a list of memoized float32 blocks in layout order, each a pure
function of the few state fields it shows, and cut where those fields change at
different rates (the travel discard changes at most steps, the free city cards a
few times a game), so that a step mostly copies cached bytes. The blocks are
`encoding`'s own pieces, packed; the conformance kit checks every state it visits
against ``encode_view(view_of(state, seat))``.

Each block costs a cache look-up at every step, so a seat is one block (its
parts change together: the seat to act changes its hand size, the others
nothing), and the travel deck and discard are one; a new block packs its
numbers with a `struct.Struct` made once for its width (`meeple.core.encoding.packed`'s ``width``).
"""

from __future__ import annotations

from functools import lru_cache
from typing import Final

from meeple.core.encoding import one_hots
from meeple.core.encoding import packed

from .components import BEAR_KINDS
from .components import MAX_PLAYERS
from .components import NUM_COLOURS
from .components import TRAVEL_KINDS
from .encoding import HEADER
from .encoding import SEAT_BLOCK
from .encoding import TABLE
from .encoding import _bears
from .encoding import _free
from .encoding import _hand
from .encoding import _header
from .encoding import _held
from .encoding import _options
from .encoding import _pending
from .encoding import _seat
from .encoding import _travels
from .encoding import seen_from
from .moves_encoding import _moves
from .moves_encoding import blockers
from .state import State

__all__ = ["encode_state"]

_WIDTH: Final = dict(HEADER + TABLE + SEAT_BLOCK)
"""Each part's width (read once here, to size the blocks' packers)."""


_HEADERS: Final = tuple(
    packed(_header, width=sum(w for _, w in HEADER) + players) for players in range(MAX_PLAYERS + 1)
)
"""The header block (`HEADER` and ``to_act``), by player count."""
_HAND: Final = packed(_hand, width=TRAVEL_KINDS)
_NO_HAND: Final = bytes(4 * TRAVEL_KINDS)
_PENDING: Final = packed(_pending, width=TRAVEL_KINDS, maxsize=256)
_HELD: Final = packed(_held, width=NUM_COLOURS)
_BEARS: Final = packed(_bears, width=1 + BEAR_KINDS)
_TRAVELS: Final = packed(_travels, width=1 + TRAVEL_KINDS)
_FREE: Final = packed(_free, width=_WIDTH["free_cities"], maxsize=1024)
_MOVES: Final = packed(_moves, width=_WIDTH["truck"] + _WIDTH["walk"] + _WIDTH["window"])
_SEAT: Final = packed(_seat, width=sum(w for _, w in SEAT_BLOCK), maxsize=8192)
_BOXES: Final = (*one_hots(BEAR_KINDS), bytes(4 * BEAR_KINDS))
"""One box of the ``display`` part by the kind of its card: a one-hot; the last entry,
which NO_CARD (-1) reads, all zeros."""


@lru_cache(maxsize=4096)
def _display(display: tuple[int, ...]) -> bytes:
    """The ``display`` part: each box's one-hot joined (175 numbers packed one by one
    cost ten times as much)."""
    return b"".join([_BOXES[kind] for kind in display])


def encode_state(s: State, player: int | None) -> list[bytes]:
    """Seat `player`'s encoded view of `s` (None: a spectator's), as float32 blocks."""
    n = s.players
    options = s.options
    board = options.board
    collections = s.collections
    hands = s.hands
    first, focus, held = seen_from(player, s.current, collections)
    owner = s.city_owner
    positions = s.positions
    display = s.display
    blocks = [
        _HEADERS[n](
            n,
            player,
            _options(options),
            s.round,
            s.phase,
            s.ending,
            s.to_act,
            first,
        ),
        _NO_HAND if player is None else _HAND(hands[player]),
        _PENDING(s.pending),
        _display(display),
        _HELD(display, held),
        _BEARS(len(s.bear_deck), s.bear_discard),
        _TRAVELS(len(s.travel_deck), s.travel_discard),
        _FREE(owner),
        _MOVES(board, positions[focus], blockers(board, positions, focus), owner),
    ]
    last_round = s.last_round
    for r in range(n):
        p = (first + r) % n
        blocks.append(
            _SEAT(board, positions[p], sum(hands[p]), owner, p, collections[p], p in last_round)
        )
    return blocks

"""Miś Wojtek's ``state_encoding``: `encode_view`'s numbers as float32 blocks, straight
from the state (no view is made), for the adapters.

The vector is a list of memoized float32 blocks in layout order, each a pure
function of the few state fields it shows, and cut where those fields change at
different rates (a seat's cards change when it takes one, its hand size at every
draw), so that a step mostly copies cached bytes. The blocks are `encoding`'s own
pieces, packed; the conformance kit checks every state it visits against
``encode_view(view_of(state, seat))``.
"""

from __future__ import annotations

from typing import Final

from meeple.core.encoding import fraction
from meeple.core.encoding import packed

from .components import HAND_SIZE
from .components import TRAVEL_KINDS
from .encoding import _TRAVEL_TOTAL
from .encoding import _bears
from .encoding import _cities
from .encoding import _collected
from .encoding import _display
from .encoding import _free
from .encoding import _hand
from .encoding import _header
from .encoding import _held
from .encoding import _options
from .encoding import _pending
from .encoding import _place
from .encoding import _travel_counts
from .encoding import seen_from
from .moves_encoding import _moves
from .moves_encoding import blockers
from .state import State

__all__ = ["encode_state"]

(
    _HEADER,
    _HAND,
    _PENDING,
    _DISPLAY,
    _HELD,
    _BEARS,
    _TRAVEL_COUNTS,
    _FREE,
    _MOVES,
    _PLACE,
    _CITIES,
) = map(
    packed,
    (
        _header,
        _hand,
        _pending,
        _display,
        _held,
        _bears,
        _travel_counts,
        _free,
        _moves,
        _place,
        _cities,
    ),
)
"""The memoized float32 blocks, one per piece of `encoding`."""
_NO_HAND: Final = bytes(4 * TRAVEL_KINDS)
_COLLECTED: Final = packed(_collected, maxsize=8192)


def encode_state(s: State, player: int | None) -> list[bytes]:
    """Seat `player`'s encoded view of `s` (None: a spectator's), as float32 blocks."""
    n = s.players
    board = s.options.board
    collections = s.collections
    hands = s.hands
    first, focus, held = seen_from(player, s.current, collections)
    owner = s.city_owner
    positions = s.positions
    blocks = [
        _HEADER(n, player, _options(s.options), s.round, s.phase, s.ending, s.to_act, first),
        _NO_HAND if player is None else _HAND(hands[player]),
        _PENDING(s.pending),
        _DISPLAY(s.display),
        _HELD(s.display, held),
        _BEARS(len(s.bear_deck), s.bear_discard),
        fraction(len(s.travel_deck), _TRAVEL_TOTAL),
        _TRAVEL_COUNTS(s.travel_discard),
        _FREE(owner),
        _MOVES(board, positions[focus], blockers(board, positions, focus), owner),
    ]
    for r in range(n):
        p = (first + r) % n
        blocks += (
            _PLACE(board, positions[p]),
            fraction(sum(hands[p]), HAND_SIZE),
            _CITIES(owner, p),
            _COLLECTED(collections[p], owner.count(p)),
            fraction(p in s.last_round, 1),
        )
    return blocks

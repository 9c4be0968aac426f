"""The Way of the Bear's ``state_encoding``: `encode_view`'s numbers as float32 blocks,
straight from the state (no view is made), for the adapters.

The vector is a list of memoized float32 blocks in layout order, each a pure
function of the few state fields it shows (a seat's block changes when its
reserve, tokens or hand do, the board with a placement), so that a step mostly
copies cached bytes. The blocks are `encoding`'s own pieces, packed; the
conformance kit checks every state it visits against ``encode_view(view_of(state,
seat))``.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Final

from meeple.core.encoding import f32
from meeple.core.encoding import packed

from .components import CARDS
from .encoding import _CELLS
from .encoding import _IN_PLAY
from .encoding import _bag
from .encoding import _cards
from .encoding import _head
from .encoding import _holding
from .encoding import _reserve
from .encoding import _temples
from .encoding import _tokens
from .encoding import _turn
from .state import State
from .view import _backs

__all__ = ["encode_state"]

_HEAD: Final = packed(_head)
_CELL: Final = {value: f32(cell) for value, cell in _CELLS.items()}


@lru_cache(maxsize=4096)
def _board(players: int, board: tuple[int, ...]) -> bytes:
    """The ``board`` part, from each village's ready-made block (a placement changes
    one village, so even a new board costs little)."""
    cell = _CELL
    return b"".join([cell[board[v]] for v in _IN_PLAY[players]])


_TEMPLES, _BAG, _RESERVE, _TOKENS, _HOLDING, _CARDS, _TURN = map(
    packed,
    (
        _temples,
        _bag,
        _reserve,
        _tokens,
        _holding,
        _cards,
        _turn,
    ),
)
"""The memoized float32 blocks, one per piece of `encoding`."""


def encode_state(s: State, player: int | None) -> list[bytes]:
    """What `encode_view` makes of seat `player`'s view of `s`, as float32 blocks."""
    n = s.players
    current = s.current
    hands = s.hands
    blocks = [
        _HEAD(n, player, current, bool(s.to_act), s.phase, s.round, s.max_rounds),
        _board(n, s.board),
        _TEMPLES(s.temples),
        _BAG(s.bag),
    ]
    first = player or 0
    for k in range(n):
        q = (first + k) % n
        mine = s.tokens[q]
        blocks += (
            _RESERVE(s.reserves[q]),
            _TOKENS(n, mine),
            _HOLDING(n, mine, _backs(hands[q])),
        )
    top = s.deck[0] if s.deck else -1
    blocks += (
        _CARDS(
            () if player is None else hands[player],
            s.fresh if player == current else (),
            s.played,
            _backs(s.fresh),
            len(s.deck),
            -1 if top < 0 else CARDS[top].back_seals,
        ),
        _TURN(
            s.regular_done,
            s.mods,
            s.extra,
            s.extra_count,
            s.owed,
            s.waivers,
            s.ritual_temple,
        ),
    )
    return blocks

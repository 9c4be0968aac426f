"""Wypas's ``state_encoding``: `encode_view`'s numbers as float32 blocks, straight
from the state (no view is made), for the adapters.

The vector is a list of float32 blocks in layout order: card counts and pens are
memoized on the tuples they show (most repeat from step to step), the one-hots are
ready-made, and the few numbers that change at nearly every step (the scalars and
each seat's flags) are `encoding`'s own `_scalars` and `_flags`, packed anew. The
conformance kit checks every state it visits against ``encode_view(view_of(state,
seat))``.
"""

from __future__ import annotations

import struct
from itertools import chain
from typing import Final

from meeple.core.encoding import f32
from meeple.core.encoding import one_hots
from meeple.core.encoding import packed

from .components import KINDS
from .components import THIEF
from .encoding import _EMPTY_PEN
from .encoding import _FACE_INDEX
from .encoding import _N_FACES
from .encoding import _N_SPECIALS
from .encoding import _TURN_INDEX
from .encoding import FLAGS
from .encoding import SCALARS
from .encoding import _box_counts
from .encoding import _chain_counts
from .encoding import _flags
from .encoding import _lot_counts
from .encoding import _pen_block
from .encoding import _scalars
from .state import TURNS
from .state import Phase
from .state import State
from .view import _seen_discard
from .view import seen_to_act

__all__ = ["encode_state"]


@packed
def _laid(laid: tuple[tuple[int, ...], ...]) -> tuple[float, ...]:
    """The ``laid`` part: every bid card on the current lot, by kind."""
    return _box_counts(tuple(chain.from_iterable(laid)))


@packed
def _pending(pending: tuple[int, ...]) -> list[float]:
    """The ``pending``, ``pending.pen`` and ``pending.face`` parts (all 0 if none)."""
    out = [0.0] * (_N_SPECIALS + 2 + _N_FACES)
    if pending:
        out[pending[1] - THIEF] = 1.0
        if pending[3]:
            out[_N_SPECIALS + pending[3] - 1] = 1.0
        if pending[4]:
            out[_N_SPECIALS + 2 + _FACE_INDEX[pending[4]]] = 1.0
    return out


_CHAIN: Final = packed(_chain_counts, maxsize=1 << 10)
_NO_CHAIN: Final = bytes(4 * _N_SPECIALS)
FLAGS_F32: Final = struct.Struct(f"={len(FLAGS)}f").pack
"""A seat's flags as float32 (packed at every step: some flag changes at every step)."""
SCALARS_F32: Final = struct.Struct(f"={len(SCALARS)}f").pack
"""The scalars as float32 (packed at every step, like the flags)."""
_BOX: Final = packed(_box_counts, maxsize=1 << 15)
_LOT: Final = packed(_lot_counts)
_PEN: Final = packed(_pen_block, maxsize=1 << 15)
_NO_PEN: Final = f32(_EMPTY_PEN)
_KIND: Final = one_hots(KINDS)
_NO_KIND: Final = bytes(4 * KINDS)
_PHASE: Final = one_hots(len(Phase))
_SITE: Final = one_hots(len(TURNS))
_NO_SITE: Final = bytes(4 * len(TURNS))


def encode_state(s: State, player: int | None) -> list[bytes]:
    """``encode_view(view_of(s, player))`` as float32 blocks (see the module's notes)."""
    n = s.players
    baca = player == s.baca
    hands = s.hands
    lot = s.lot
    if player is None:
        known: tuple[tuple[int, ...], ...] = ((),) * n
        my_down = _NO_KIND
    else:
        known = s.known[player]
        kind = s.down[player]
        my_down = _KIND[kind] if kind >= 0 else _NO_KIND
    shown = (len(s.deck), len(s.drawn), s.face_down >= 0, player is None)
    blocks = [
        _BOX(_seen_discard(s, player) if any(s.buried) else s.discard),
        _LOT(s.lots),
        _LOT(s.drawn if baca else ()),
        _KIND[s.face_down] if baca and s.face_down >= 0 else _NO_KIND,
        _KIND[lot] if lot >= 0 else _NO_KIND,
        _laid(s.laid),
        my_down,
        _pending(s.pending),
        _CHAIN(s.chain) if s.chain else _NO_CHAIN,
        _PHASE[s.phase],
        _SITE[_TURN_INDEX[s.resume[0]]] if s.resume else _NO_SITE,
        SCALARS_F32(*_scalars(s, shown)),
    ]
    base = player or 0
    pens = s.pens
    wolves = s.wolves
    flags = _flags(s, tuple(map(len, hands)), seen_to_act(s, player))
    for r in range(n):
        seat = (base + r) % n
        row1, row2 = pens[seat]
        mask = wolves[seat]
        blocks += (
            _BOX(hands[seat] if r == 0 and player is not None else known[seat]),
            FLAGS_F32(*flags[seat]),
            _PEN(row1, bool(mask & 1)) if row1 else _NO_PEN,
            _PEN(row2, bool(mask >> 1 & 1)) if row2 else _NO_PEN,
        )
    return blocks

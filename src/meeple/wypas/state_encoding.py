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

from typing import Final

from meeple.core.encoding import f32, one_hots, packed

from .components import KINDS
from .encoding import (
    _EMPTY_PEN,
    FLAGS_F32,
    SCALARS_F32,
    _box_counts,
    _flags,
    _laid_counts,
    _lot_counts,
    _pen_block,
    _pending_numbers,
    _scalars,
)
from .state import Phase, Site, State
from .view import _seen_discard

__all__ = ["encode_state"]

_BOX: Final = packed(_box_counts, maxsize=1 << 15)
_LOT, _LAID, _PENDING = map(
    packed,
    (
        _lot_counts,
        _laid_counts,
        _pending_numbers,
    ),
)
"""The memoized float32 blocks, one per piece of `encoding`."""
_PEN: Final = packed(_pen_block, maxsize=1 << 15)
_NO_PEN: Final = f32(_EMPTY_PEN)
_KIND: Final = one_hots(KINDS)
_NO_KIND: Final = bytes(4 * KINDS)
_PHASE: Final = one_hots(len(Phase))
_SITE: Final = one_hots(len(Site))


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
    counts = (len(s.deck), len(s.drawn), s.face_down >= 0)
    blocks = [
        _BOX(_seen_discard(s, player) if any(s.buried) else s.discard),
        _LOT(s.lots),
        _LOT(s.drawn if baca else ()),
        _KIND[s.face_down] if baca and s.face_down >= 0 else _NO_KIND,
        _KIND[lot] if lot >= 0 else _NO_KIND,
        _LAID(s.laid),
        my_down,
        _PENDING(s.pending),
        _PHASE[s.phase],
        _SITE[s.site],
        SCALARS_F32(*_scalars(s, s.options, counts, player is None)),
    ]
    base = player or 0
    pens = s.pens
    wolves = s.wolves
    flags = _flags(s, tuple(map(len, hands)))
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

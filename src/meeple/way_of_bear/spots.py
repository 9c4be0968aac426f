"""Where a stele may go, derived from the board: the token villages next to steles.

A placement must touch a stele, so the placement search starts from the token
villages with a stele among their neighbours (a *spot*). Finding them scans the
whole board; a placement changes only the placed village and its neighbours. So the
state carries its spots (`State.spots`, a derived field outside the JSON and outside
equality, computed from the board whenever a state is made), and a placement derives
the next spots from the last ones with `after_placement`. Everything here is a pure
function of immutable values.
"""

from __future__ import annotations

from typing import Final

from .actions import PLACES
from .actions import Place
from .components import KIND_TYPE
from .components import KINDS
from .components import NC
from .components import NEIGHBOURS
from .components import OFF_BOARD
from .components import TOKEN_BASE
from .components import UNIT
from .components import VILLAGES

__all__ = [
    "CLAMP",
    "COLOUR_BITS",
    "GUARD",
    "MULTI",
    "TYPE_BITS",
    "Spot",
    "after_placement",
    "lonely",
    "of_board",
    "offering",
    "packed",
    "touching",
]

Spot = tuple[int, int, tuple[tuple[Place, ...], ...], int, int, int, int, int, int]
"""A village with a token: (village, its `key`, for each set of colours a reserve
holds the placements of those colours that have no neighbour of their own colour there,
its needs as `packed` fields, knowledge type, neighbouring steles of each colour)."""

COLOUR_BITS: Final = 5  # legal.placements writes the packing out with these shifts
"""Bits per colour field of a packed count: a count up to 15 and a guard bit (16)."""
TYPE_BITS: Final = 2
"""Bits per knowledge-type field: a flag and a guard bit (2)."""
CLAMP: Final = (1 << COLOUR_BITS - 1) - 1
"""The largest count a colour field holds; a reserve's count is clamped to it, which
changes no comparison (a spot needs at most one stele per neighbour, fewer than this)."""
_TYPE_BASE: Final = NC * COLOUR_BITS
GUARD: Final = sum(16 << COLOUR_BITS * i for i in range(NC)) + sum(
    2 << _TYPE_BASE + TYPE_BITS * t for t in range(NC)
)
"""The guard bit of every field: four colours, then four knowledge types. The whole
packing stays below 2**30, a one-digit int for CPython, whose arithmetic is fast."""


def packed(counts: tuple[int, ...], types: tuple[bool, ...]) -> int:
    """Steles of each colour (clamped to `CLAMP`) and a flag per knowledge type, packed
    into one int with every field's guard bit set: ``(packed(have) - need) & GUARD ==
    GUARD`` exactly when `have` holds, field by field, at least what a spot needs (one
    subtraction for the whole check; the guard bits stop any borrow)."""
    total = GUARD
    for i, n in enumerate(counts):
        total += min(n, CLAMP) << COLOUR_BITS * i
    for t, flag in enumerate(types):
        total += flag << _TYPE_BASE + TYPE_BITS * t
    return total


_ROOM: Final = tuple(1 << _TYPE_BASE + TYPE_BITS * t for t in range(NC))
"""The packed flag of each knowledge type."""

MULTI: Final = 256
"""A bit of a spot's *key*: it owes two or more steles of some colour.

A spot's key holds its needs in one small int (below 512, so that CPython's ``&`` of it
with another small int allocates nothing): a bit per colour it owes (bits 0-3), a bit for
its knowledge type (4-7), and this bit. ``key & (colours the reserve lacks | types
without room << 4)`` is 0 exactly when the reserve holds a stele of every owed colour
and the board has room for the token, which is the whole check below `MULTI`."""


def _need(t: int, c0: int, c1: int, c2: int, c3: int) -> int:
    """A spot's needs: its offering per colour and room for a token of type `t`."""
    return c0 | c1 << 5 | c2 << 10 | c3 << 15 | _ROOM[t]


_OPENS: Final = tuple(
    tuple(
        tuple(
            tuple(PLACES[c][v] for c in range(NC) if has >> c & 1 and not near >> c & 1)
            for has in range(16)
        )
        for near in range(16)
    )
    for v in range(len(VILLAGES))
)
"""By village, colours around it and colours in the reserve (bit masks): the placements
the same-colour rule allows."""


_CLOSED: Final = tuple(frozenset((v, *n)) for v, n in enumerate(NEIGHBOURS))
"""Each village with its neighbours: the spots a stele placed there changes."""
_LOWEST: Final = OFF_BOARD
_HIGHEST: Final = TOKEN_BASE + KINDS
"""The range of a cell's values."""


def _alone(v: int, kind: int, c: int) -> Spot:
    """The spot of token village `v` (token `kind`) whose only neighbouring stele has
    colour `c` (what `_spot` makes of it)."""
    t = KIND_TYPE[kind]
    c0, c1, c2, c3 = UNIT[c]
    return (v, 1 << c | 16 << t, _OPENS[v][1 << c], _need(t, c0, c1, c2, c3), t, c0, c1, c2, c3)


_ALONE: Final = tuple(
    tuple(tuple(_alone(v, k, c) for c in range(NC)) for k in range(KINDS))
    for v in range(len(VILLAGES))
)
"""By village, token kind and colour: the spot of a token village whose only
neighbouring stele is one of that colour (what `_spot` makes of it)."""
NOTHING: Final = (0, 0, 0, 0)
"""No stele of any colour."""


def offering(board: tuple[int, ...], v: int) -> tuple[int, int, int, int]:
    """What a stele on village `v` costs: one stele of each neighbouring stele's colour."""
    near = [0, 0, 0, 0]
    for u in NEIGHBOURS[v]:
        x = board[u]
        if 0 <= x < NC:
            near[x] += 1
    return near[0], near[1], near[2], near[3]


def _spot(board: tuple[int, ...], v: int) -> Spot | None:
    """The spot of token village `v`, or None if no stele touches it."""
    # computed inline every time: a memo keyed by the neighbours' cells misses most of
    # the time in a playout, and hashing the key costs about as much as the loop
    near = [0, 0, 0, 0]
    mask = 0
    for u in NEIGHBOURS[v]:
        x = board[u]
        if 0 <= x < NC:
            near[x] += 1
            mask |= 1 << x
    if not mask:
        return None
    c0, c1, c2, c3 = near
    t = KIND_TYPE[board[v] - TOKEN_BASE]
    key = mask | 16 << t
    if c0 > 1 or c1 > 1 or c2 > 1 or c3 > 1:
        key |= MULTI
    return (
        v,
        key,
        _OPENS[v][mask],
        c0 | c1 << 5 | c2 << 10 | c3 << 15 | _ROOM[t],
        t,
        c0,
        c1,
        c2,
        c3,
    )


def touching(board: tuple[int, ...]) -> tuple[Spot, ...]:
    """Token villages next to at least one stele, by village (a stele must touch one)."""
    out: list[Spot] = []
    for v, cell in enumerate(board):
        if cell >= TOKEN_BASE:
            spot = _spot(board, v)
            if spot is not None:
                out.append(spot)
    return tuple(out)


def of_board(board: tuple[int, ...]) -> tuple[Spot, ...]:
    """`touching(board)` for a board from anywhere (a State is being made): empty if the
    board is malformed, which the invariants then refuse with the reason.

    It starts from the steles' neighbours (trails join villages both ways), not from
    every token village: at set-up only the bears' steles stand, so most token
    villages touch none (tests/way_of_bear/test_spots.py holds it to `touching`).
    """
    if len(board) != len(VILLAGES) or min(board) < _LOWEST or max(board) >= _HIGHEST:
        return ()
    near: set[int] = set()
    for v, cell in enumerate(board):
        if 0 <= cell < NC:
            near.update(NEIGHBOURS[v])
    return tuple(
        [
            spot
            for u in sorted(near)
            if board[u] >= TOKEN_BASE and (spot := _spot(board, u)) is not None
        ]
    )


def after_placement(
    spots: tuple[Spot, ...], board: tuple[int, ...], v: int
) -> tuple[tuple[Spot, ...], tuple[int, ...]]:
    """The spots of `board`, which differs from the board of `spots` by a stele on `v`,
    and what that stele owes (``offering`` on the board before it).

    The spots equal ``touching(board)``: the placed village stops being a spot (its
    spot held the offering: the steles around it), and only its token neighbours
    change, each by one stele of the placed colour: a neighbour that was a spot grows
    by it, one that was not becomes the spot of that one stele (`_ALONE`). No
    neighbourhood is scanned again.
    """
    c = board[v]
    closed = _CLOSED[v]
    u0, u1, u2, u3 = UNIT[c]
    bit = 1 << c
    owed: tuple[int, ...] = NOTHING  # a village no stele touched (a Seal card's) owes none
    out: list[Spot] = []
    grown: list[int] = []
    for spot in spots:
        u = spot[0]
        if u not in closed:
            out.append(spot)
        elif u == v:
            owed = spot[5:]
        else:  # = _spot(board, u), from the spot it was
            _, key, _, need, t, c0, c1, c2, c3 = spot
            if key & bit:
                key |= MULTI
            key |= bit
            out.append(
                (
                    u,
                    key,
                    _OPENS[u][key & 15],
                    need + (1 << 5 * c),
                    t,
                    c0 + u0,
                    c1 + u1,
                    c2 + u2,
                    c3 + u3,
                )
            )
            grown.append(u)
    for u in NEIGHBOURS[v]:
        cell = board[u]
        if cell >= TOKEN_BASE and u not in grown:
            out.append(_ALONE[u][cell - TOKEN_BASE][c])
    out.sort()  # by village: no two spots share one, so no comparison looks further
    return tuple(out), owed


def lonely(board: tuple[int, ...]) -> tuple[Spot, ...]:
    """Token villages next to no stele (only a Seal card allows placing there)."""
    return tuple(
        (v, 16 << t, _OPENS[v][0], _need(t, 0, 0, 0, 0), t, 0, 0, 0, 0)
        for v, cell in enumerate(board)
        if cell >= TOKEN_BASE and _spot(board, v) is None
        for t in (KIND_TYPE[cell - TOKEN_BASE],)
    )

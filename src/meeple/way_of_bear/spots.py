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

from collections.abc import Callable
from functools import cache
from operator import itemgetter
from typing import Final

from .actions import PLACES, Place
from .components import KIND_TYPE, KINDS, NC, NEIGHBOURS, OFF_BOARD, TOKEN_BASE, VILLAGES

__all__ = [
    "FIELD",
    "GUARD",
    "Spot",
    "after_placement",
    "lonely",
    "of_board",
    "offering",
    "packed",
    "touching",
]

Spot = tuple[int, int, tuple[tuple[Place, ...], ...], int, int, int, int, int]
"""A village with a token: (village, its needs as `packed` fields, for each set of
colours a reserve holds the placements of those colours that have no neighbour of their
own colour there, knowledge type, neighbouring steles of each colour)."""

FIELD: Final = 6  # legal.placements writes the packing out with these shifts
"""Bits per field of a packed count: a count below 32 and a guard bit (32)."""
GUARD: Final = sum(32 << FIELD * i for i in range(2 * NC))
"""The guard bit of every field: four colours, then four knowledge types."""


def packed(counts: tuple[int, ...], types: tuple[bool, ...]) -> int:
    """Steles of each colour (each below 32) and a flag per knowledge type, packed into
    one int with every field's guard bit set: ``(packed(have) - need) & GUARD == GUARD``
    exactly when `have` holds, field by field, at least what a spot needs (one
    subtraction for the whole check; the guard bits stop any borrow)."""
    total = GUARD
    for i, n in enumerate((*counts, *types)):
        total += n << FIELD * i
    return total


def _need(t: int, c0: int, c1: int, c2: int, c3: int) -> int:
    """A spot's needs: its offering per colour and room for a token of type `t`."""
    return c0 | c1 << FIELD | c2 << 2 * FIELD | c3 << 3 * FIELD | 1 << FIELD * (NC + t)


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


def _cells_of(neighbours: tuple[int, ...]) -> Callable[[tuple[int, ...]], tuple[int, ...]]:
    """A getter of these neighbours' cells as a tuple (itemgetter, which runs in C)."""
    if len(neighbours) > 1:
        return itemgetter(*neighbours)
    return lambda board: tuple(board[u] for u in neighbours)


_AROUND: Final = tuple(_cells_of(n) for n in NEIGHBOURS)
"""Each village's getter of its neighbours' cells."""
_CLOSED: Final = tuple(frozenset((v, *n)) for v, n in enumerate(NEIGHBOURS))
"""Each village with its neighbours: the spots a stele placed there changes."""
_FIRST: Final = itemgetter(0)
_LOWEST: Final = OFF_BOARD
_HIGHEST: Final = TOKEN_BASE + KINDS
"""The range of a cell's values."""


@cache  # at most 13**4 tuples of cells: -1, a stele colour 0-3 or a token 4-11
def _near(cells: tuple[int, ...]) -> tuple[tuple[int, int, int, int], int]:
    """Steles of each colour among these neighbouring cells, and their colour mask."""
    near = [0] * NC
    mask = 0
    for x in cells:
        if 0 <= x < NC:
            near[x] += 1
            mask |= 1 << x
    return (near[0], near[1], near[2], near[3]), mask


def offering(board: tuple[int, ...], v: int) -> tuple[int, int, int, int]:
    """What a stele on village `v` costs: one stele of each neighbouring stele's colour."""
    return _near(_AROUND[v](board))[0]


def _spot(board: tuple[int, ...], v: int) -> Spot | None:
    """The spot of token village `v`, or None if no stele touches it."""
    (c0, c1, c2, c3), mask = _near(_AROUND[v](board))
    if not mask:
        return None
    t = KIND_TYPE[board[v] - TOKEN_BASE]
    return (v, _need(t, c0, c1, c2, c3), _OPENS[v][mask], t, c0, c1, c2, c3)


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
    board is malformed, which the invariants then refuse with the reason."""
    if len(board) != len(VILLAGES) or not all(_LOWEST <= cell < _HIGHEST for cell in board):
        return ()
    return touching(board)


def after_placement(spots: tuple[Spot, ...], board: tuple[int, ...], v: int) -> tuple[Spot, ...]:
    """The spots of `board`, which differs from the board of `spots` by a stele on `v`.

    Equal to ``touching(board)``: the placed village stops being a spot, and only its
    token neighbours (which now all touch a stele) change.
    """
    closed = _CLOSED[v]
    out = [spot for spot in spots if spot[0] not in closed]
    for u in NEIGHBOURS[v]:
        if board[u] >= TOKEN_BASE:
            spot = _spot(board, u)
            if spot is not None:  # always: u now touches the stele on v
                out.append(spot)
    out.sort(key=_FIRST)
    return tuple(out)


def lonely(board: tuple[int, ...]) -> tuple[Spot, ...]:
    """Token villages next to no stele (only a Seal card allows placing there)."""
    return tuple(
        (v, _need(t, 0, 0, 0, 0), _OPENS[v][0], t, 0, 0, 0, 0)
        for v, cell in enumerate(board)
        if cell >= TOKEN_BASE and _spot(board, v) is None
        for t in (KIND_TYPE[cell - TOKEN_BASE],)
    )

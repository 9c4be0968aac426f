"""Miś Wojtek's observation of the route ahead of a pawn: the ``truck``, ``walk`` and
``window`` parts (where each truck and walking card would take the pawn, and the
spaces just ahead), shared by `encoding.encode_view` and ``encode_state``.

They depend on the pawn's space, the pawns ahead of it and the city cards still on
the board, so they are memoized on exactly those (`blockers`: the pawns behind may
move without a new block); the window starts from what is fixed for a space on a
board (`_window`). The geometry itself is `route`'s, the one the rules use.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Final

from .actions import EDINBURGH
from .board import BoardSpec
from .board import load_board
from .components import NUM_COLOURS
from .route import truck_target
from .route import walk_targets

__all__ = ["MAX_AHEAD", "SPACE_BLOCK", "WINDOW", "blockers"]

MAX_AHEAD: Final = 64
"""Distances along the board are divided by this and clipped (the standard board's
longest path, a deportation site to Edinburgh, is 59 spaces)."""
WINDOW: Final = 13
"""Spaces shown ahead of the focus pawn (the standard board shows every colour in 13)."""
SPACE_BLOCK: Final = (("colour", NUM_COLOURS), ("occupied", 1), ("free_city", 1), ("finish", 1))
"""One space of the window ahead: its colour, a pawn on it, an unclaimed city, Edinburgh."""
_SPACE_SIZE: Final = sum(w for _, w in SPACE_BLOCK)
_NO_MOVES: Final = (0.0,) * (NUM_COLOURS * 3 + (NUM_COLOURS + 1) * 3 + WINDOW * _SPACE_SIZE)
"""The moves parts while the pawn is in Poland or Edinburgh."""
_WALK_TARGETS: Final = range(EDINBURGH + 1)
"""Walk targets in ``walk`` part order: the colours, then Edinburgh."""
_NOWHERE: Final = (0.0, 0.0, 0.0)
"""A walk target no card reaches: its three ``walk`` numbers."""


@lru_cache(maxsize=1024)
def _ahead_of(board_name: str | BoardSpec, at: int) -> frozenset[int]:
    return frozenset(load_board(board_name).ahead[at])


def blockers(
    board_name: str | BoardSpec, positions: tuple[int, ...], focus: int
) -> tuple[int, ...]:
    """The spaces of the pawns ahead of seat `focus`'s pawn: all of the other pawns that
    its moves depend on (a truck jumps them, a walk stops before them), so `_moves`
    stays cached while the pawns behind move."""
    ahead = _ahead_of(board_name, positions[focus])
    return tuple([q for q in positions if q in ahead])


@lru_cache(maxsize=4096)  # about 2.5 kB an entry: 10 MB at most
def _moves(
    board_name: str | BoardSpec, at: int, positions: tuple[int, ...], owner: tuple[int, ...]
) -> tuple[float, ...]:
    """The ``truck``, ``walk`` and ``window`` parts for a pawn on `at`, in layout order
    and whole (the window padded with zeros past Edinburgh); `positions` are the pawns
    ahead of it (`blockers`).

    `owner` says which city cards are still on the board; the parts are empty
    (all 0) while the pawn is in Poland or Edinburgh.
    """
    board = load_board(board_name)
    if at in (board.start, board.finish):
        return _NO_MOVES
    ahead = board.ahead
    here = len(ahead[at])
    city_of = board.city_of
    free = tuple(1.0 if o < 0 else 0.0 for o in owner)  # city cards still on the board
    truck: list[float] = []
    for colour in range(NUM_COLOURS):
        space = truck_target(board, positions, at, colour)
        city = city_of[space]
        truck += (
            min(here - len(ahead[space]), MAX_AHEAD) / MAX_AHEAD,
            1.0 if space == board.finish else 0.0,
            free[city] if city >= 0 else 0.0,
        )
    walk: list[float] = []
    walks = walk_targets(board, positions, at)
    for target in _WALK_TARGETS:
        space = walks.get(target, -1)
        if space < 0:
            walk += _NOWHERE
        else:
            city = city_of[space]
            walk += (
                1.0,
                min(here - len(ahead[space]), MAX_AHEAD) / MAX_AHEAD,
                free[city] if city >= 0 else 0.0,
            )
    fixed, occupied_at, cities = _window(board_name, at)
    window = list(fixed)
    for space in positions:
        slot = occupied_at[space]
        if slot >= 0:
            window[slot] = 1.0
    for slot, city in cities:
        if owner[city] < 0:
            window[slot] = 1.0
    return (*truck, *walk, *window)


@lru_cache(maxsize=1024)
def _window(
    board_name: str | BoardSpec, at: int
) -> tuple[tuple[float, ...], tuple[int, ...], tuple[tuple[int, int], ...]]:
    """The ``window`` part ahead of a pawn on `at` before pawns and city cards are
    shown: its fixed numbers (each space's colour, Edinburgh; zeros past it), then
    per board space the index of its ``occupied`` number (-1 outside the window),
    then (index of ``free_city``, city) for each city space in the window."""
    board = load_board(board_name)
    fixed = [0.0] * (WINDOW * _SPACE_SIZE)  # each space laid out as SPACE_BLOCK names
    occupied_at = [-1] * len(board.colours)
    cities = []
    for i, space in enumerate(board.ahead[at][:WINDOW]):
        base = i * _SPACE_SIZE
        colour = board.colours[space]
        if colour >= 0:
            fixed[base + colour] = 1.0
        if space == board.finish:
            fixed[base + NUM_COLOURS + 2] = 1.0
        occupied_at[space] = base + NUM_COLOURS
        if board.city_of[space] >= 0:
            cities.append((base + NUM_COLOURS + 1, board.city_of[space]))
    return tuple(fixed), tuple(occupied_at), tuple(cities)

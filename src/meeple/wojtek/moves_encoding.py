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
_COLOURS: Final = range(NUM_COLOURS)
"""Truck colours in ``truck`` part order."""


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
    (all 0) while the pawn is in Poland or Edinburgh. Each target's numbers are
    read from tables made once per space (`_ahead_from`), board (`_flags`) and set
    of city cards left (`_unclaimed`), each indexed by space and by -1 for a walk
    target no card reaches.
    """
    board = load_board(board_name)
    if at in (board.start, board.finish):
        return _NO_MOVES
    to_go, fixed, occupied_at, cities = _ahead_from(board_name, at)
    finish, reached = _flags(board_name)
    free = _unclaimed(board_name, owner)
    out: list[float] = []
    for colour in _COLOURS:
        space = truck_target(board, positions, at, colour)
        out += (to_go[space], finish[space], free[space])
    walks = walk_targets(board, positions, at).get
    for target in _WALK_TARGETS:
        space = walks(target, -1)
        out += (reached[space], to_go[space], free[space])
    window = list(fixed)
    for space in positions:
        slot = occupied_at[space]
        if slot >= 0:
            window[slot] = 1.0
    for slot, city in cities:
        if owner[city] < 0:
            window[slot] = 1.0
    out += window
    return tuple(out)


@lru_cache(maxsize=64)
def _flags(board_name: str | BoardSpec) -> tuple[tuple[float, ...], tuple[float, ...]]:
    """Per board space, then for space -1 (a walk target no card reaches): whether it
    is Edinburgh, and whether a card can reach it (1.0 for every real space)."""
    board = load_board(board_name)
    spaces = range(len(board.colours))
    return (
        (*(1.0 if space == board.finish else 0.0 for space in spaces), 0.0),
        (*(1.0 for _ in spaces), 0.0),
    )


@lru_cache(maxsize=256)
def _unclaimed(board_name: str | BoardSpec, owner: tuple[int, ...]) -> tuple[float, ...]:
    """Per board space, then for space -1: 1.0 where a city card still lies, else 0.0."""
    city_of = load_board(board_name).city_of
    return (*(1.0 if city >= 0 and owner[city] < 0 else 0.0 for city in city_of), 0.0)


@lru_cache(maxsize=1024)
def _ahead_from(
    board_name: str | BoardSpec, at: int
) -> tuple[tuple[float, ...], tuple[float, ...], tuple[int, ...], tuple[tuple[int, int], ...]]:
    """What the moves parts of a pawn on `at` read of the board: per board space (then
    for space -1, a walk target no card reaches) its distance number from `at`; then
    the ``window`` part before pawns and city cards are shown: its fixed numbers
    (each space's colour, Edinburgh; zeros past it), per board space the index of
    its ``occupied`` number (-1 outside the window), and (index of ``free_city``,
    city) for each city space in the window."""
    board = load_board(board_name)
    ahead = board.ahead
    here = len(ahead[at])
    to_go = (*(min(here - len(spaces), MAX_AHEAD) / MAX_AHEAD for spaces in ahead), 0.0)
    fixed = [0.0] * (WINDOW * _SPACE_SIZE)  # each space laid out as SPACE_BLOCK names
    occupied_at = [-1] * len(board.colours)
    cities = []
    for i, space in enumerate(ahead[at][:WINDOW]):
        base = i * _SPACE_SIZE
        colour = board.colours[space]
        if colour >= 0:
            fixed[base + colour] = 1.0
        if space == board.finish:
            fixed[base + NUM_COLOURS + 2] = 1.0
        occupied_at[space] = base + NUM_COLOURS
        if board.city_of[space] >= 0:
            cities.append((base + NUM_COLOURS + 1, board.city_of[space]))
    return to_go, tuple(fixed), tuple(occupied_at), tuple(cities)

"""Where a move lands: the route geometry of trucks, walks and three-card moves.

Miś Wojtek differs from the other games here: what may be done depends on where
pawns stand along a board of arrows, and the same geometry decides legality (which
``walk`` and ``to`` targets exist), the transitions (where the pawn goes) and the
encoding (where each card would take the viewer). It lives in this one module so
those three cannot disagree. Pure functions of a board and the pawn positions.
"""

from __future__ import annotations

from .actions import EDINBURGH
from .board import Board
from .components import NUM_COLOURS

__all__ = ["three_card_targets", "truck_target", "walk_targets"]

_COLOURS = range(NUM_COLOURS)


def truck_target(board: Board, positions: tuple[int, ...], at: int, colour: int) -> int:
    """The nearest empty space of `colour` ahead of `at`, jumping pawns; else Edinburgh."""
    for space in board.colour_ahead[at][colour]:
        if space not in positions:
            return space
    return board.finish


def walk_targets(board: Board, positions: tuple[int, ...], at: int) -> dict[int, int]:
    """Target (colour id or EDINBURGH) -> space a walking card reaches, passing no pawn.

    Each colour goes to its nearest space before the first pawn ahead; if the way
    to Edinburgh is clear, Edinburgh stands in for every colour not seen on the way.
    """
    finish = board.finish
    colours = board.colours
    found: dict[int, int] = {}
    for space in board.ahead[at]:
        if space == finish:
            if len(found) < NUM_COLOURS:
                found[EDINBURGH] = finish
            break
        if space in positions:
            break
        colour = colours[space]
        if colour not in found:
            found[colour] = space
    return found


def three_card_targets(board: Board, positions: tuple[int, ...], at: int) -> dict[int, int]:
    """Target -> space of a three-card move (truck-style); colours sharing Edinburgh merge."""
    found: dict[int, int] = {}
    for colour in _COLOURS:
        space = truck_target(board, positions, at, colour)
        found[EDINBURGH if space == board.finish else colour] = space
    return dict(sorted(found.items()))

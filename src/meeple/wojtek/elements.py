"""The table elements each action touches (the ``elements`` capability).

The ids are made here and nowhere else (``docs/rules/wojtek.md`` lists them for
front-end authors): `html` and `html_map` draw each element under the id these functions
give, and `elements` names the same ids for an action. A move names the card played and
the space the pawn lands on, which the route geometry (`route`, the same functions the
rules use) works out from the view's pawns alone. The seat's own travel cards are
elements of its own page only.
"""

from __future__ import annotations

from typing import Final

from . import actions as made  # every action, made once
from .actions import EDINBURGH
from .actions import Action
from .actions import Box
from .actions import Done
from .actions import Draw
from .actions import Drop
from .actions import Exchange
from .actions import Three
from .actions import To
from .actions import Truck
from .actions import Use
from .actions import Walk
from .board import Board
from .board import load_board
from .components import COLOURS
from .components import RAINBOW
from .components import TRAVEL_KINDS
from .components import TRAVEL_NAMES
from .route import three_card_targets
from .route import truck_target
from .route import walk_targets
from .state import DEPORT_TO
from .state import TARGET
from .view import View

__all__ = [
    "DECK",
    "DISCARD",
    "THREE_TOKEN",
    "box_id",
    "element_actions",
    "elements",
    "hand_id",
    "space_id",
]

DECK: Final = "travel-deck"
"""The travel deck."""
DISCARD: Final = "travel-discard"
"""The travel discard pile."""
THREE_TOKEN: Final = "three"
"""The token that starts a three-card move."""


def space_id(space: int) -> str:
    """A space of the board, by index."""
    return f"sp{space}"


def hand_id(kind: int) -> str:
    """Your travel cards of one kind (a colour or rainbow)."""
    return f"hand-{TRAVEL_NAMES[kind]}"


def box_id(colour: int) -> str:
    """The display's box of a colour."""
    return f"box-{COLOURS[colour]}"


def _landing(board: Board, view: View, action: Truck | Walk | To) -> int:
    """The space the pawn of the seat to act lands on."""
    positions = view.positions
    at = positions[view.current]
    if isinstance(action, Truck):
        return truck_target(board, positions, at, action.colour)
    if isinstance(action, Walk):
        return walk_targets(board, positions, at)[action.target]
    if view.phase == DEPORT_TO:
        return board.sites[action.target]
    return three_card_targets(board, positions, at)[action.target]


def elements(view: View, action: Action) -> tuple[str, ...]:
    """The elements a legal action of ``view.player`` involves."""
    if isinstance(action, Truck | Walk | To):
        board = load_board(view.options.board)
        landing = space_id(_landing(board, view, action))
        if isinstance(action, To):
            return (landing,)
        kind = action.colour if isinstance(action, Truck) else RAINBOW
        return (hand_id(kind), landing)
    if isinstance(action, Use):
        return (hand_id(action.kind),)
    if isinstance(action, Exchange):
        return (hand_id(action.kind), DISCARD)
    if isinstance(action, Drop | Box):
        return (box_id(action.colour),)
    if isinstance(action, Three):
        return (THREE_TOKEN,)
    return (DECK,) if isinstance(action, Draw | Done) else ()


_BY_NAME: Final = {name: k for k, name in enumerate(TRAVEL_NAMES)}


def element_actions(view: View, element: str) -> tuple[Action, ...]:
    """What a touch on `element` could mean (the rules' refusal of the first refused one
    says why nothing happens)."""
    if element.startswith("sp") and element[2:].isdigit():
        return _on_space(view, int(element[2:]))
    kind_name = element.removeprefix("hand-")
    if element.startswith("hand-") and kind_name in _BY_NAME:
        kind = _BY_NAME[kind_name]
        first = made.WALKS[0] if kind == RAINBOW else made.TRUCKS[kind]
        return (first, made.USES[kind], made.EXCHANGES[kind])
    colour_name = element.removeprefix("box-")
    if element.startswith("box-") and colour_name in COLOURS:
        colour = COLOURS.index(colour_name)
        return (made.DROPS[colour], made.BOXES[colour])
    if element == DECK:
        return (made.DRAW, made.DONE)
    if element == DISCARD:
        return tuple(made.EXCHANGES[k] for k in range(TRAVEL_KINDS) if view.hand and view.hand[k])
    return (made.THREE,) if element == THREE_TOKEN else ()


def _on_space(view: View, space: int) -> tuple[Action, ...]:
    """The move that would land on `space`: a colour named in a three-card move or a
    deportation, else the card of its colour the hand holds (a truck before a walk)."""
    board = load_board(view.options.board)
    if not 0 <= space < len(board.colours):
        return ()
    target = EDINBURGH if space == board.finish else board.colours[space]
    if target < 0:
        return ()  # Poland
    if view.phase in (DEPORT_TO, TARGET):
        return (made.TOS[target],)
    if target == EDINBURGH:
        return (made.WALKS[EDINBURGH],)
    hand = view.hand
    if hand and not hand[target] and hand[RAINBOW]:
        return (made.WALKS[target], made.TRUCKS[target])
    return (made.TRUCKS[target], made.WALKS[target])

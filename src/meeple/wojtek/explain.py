"""Human sentences: why an action is refused, and what a player decides now."""

from __future__ import annotations

from typing import TYPE_CHECKING
from typing import Final

from .actions import EDINBURGH
from .actions import Box
from .actions import Drop
from .actions import Exchange
from .actions import Three
from .actions import To
from .actions import Truck
from .actions import Use
from .actions import Walk
from .board import load_board
from .components import COLOURS
from .components import PAWNS
from .components import RAINBOW
from .state import BOX
from .state import DEPORT
from .state import DEPORT_TO
from .state import DROP
from .state import EXCHANGE
from .state import TARGET
from .state import TURN
from .state import USE
from .state import Phase

if TYPE_CHECKING:
    from .state import State
    from .view import View

__all__ = ["prompt", "refusal"]

_EXPECTED: Final[dict[Phase, str]] = {
    DEPORT: "the deportation round: draw a travel card ('draw')",
    DEPORT_TO: "a deportation on a rainbow card: choose a site ('to <colour>')",
    TURN: "the start of a turn: travel ('truck', 'walk', 'three') or 'exchange'",
    EXCHANGE: "an exchange: discard more cards ('exchange <kind>') or 'done'",
    DROP: "a three-card move: first discard a bear card from the board ('drop')",
    USE: "a three-card move: play travel cards ('use <kind>')",
    TARGET: "a three-card move: choose the colour to travel to ('to <colour>')",
    BOX: "an arrival in Edinburgh: choose a box to take from ('box <colour>')",
}
"""What each phase is, for refusals that name the wrong moment."""


def refusal(state: State, action: object, player: int) -> str:
    """Which rule refuses `action` (it is not legal for `player` now)."""
    phase = state.phase
    hand = state.hands[player]
    wrong_phase = f"this is {_EXPECTED.get(phase, 'the end of the game')}"
    if isinstance(action, Truck | Walk | Three) and phase == TURN:
        if isinstance(action, Truck):
            name = COLOURS[action.colour]
            return f"a truck move needs a {name} truck card in hand, and you hold none"
        if isinstance(action, Walk):
            if not hand[RAINBOW]:
                return "walking needs a rainbow card in hand, and you hold none"
            return (
                f"walking cannot reach a {str(action)[5:]} space: a walking bear stops at "
                "the nearest empty space of its colour and may not pass another pawn"
            )
        return (
            "the three-card move needs three travel cards: rainbow cards plus truck "
            "cards of one colour"
        )
    if isinstance(action, Exchange) and phase in (TURN, EXCHANGE):
        return f"you hold no {str(action)[9:]} travel card to exchange"
    if isinstance(action, Use) and phase == USE:
        if not hand[action.kind]:
            return f"you hold no {str(action)[4:]} travel card"
        return (
            "a three-card move plays rainbow cards and truck cards of one single colour; "
            f"{action} cannot complete three such cards"
        )
    if (isinstance(action, Drop) and phase == DROP) or (isinstance(action, Box) and phase == BOX):
        return f"the {COLOURS[action.colour]} box on the board is empty"
    if isinstance(action, To) and phase == TARGET:
        return (
            "Edinburgh is reached only when no empty space of the chosen colour lies ahead; "
            "name that colour's space otherwise"
            if action.target == EDINBURGH
            else "no empty space of that colour lies ahead: it is 'to edinburgh' now"
        )
    if isinstance(action, To) and phase == DEPORT_TO:
        return "deportation sends the pawn to a site of one of the seven colours"
    return wrong_phase


def prompt(v: View) -> str:
    """One line from a seat's view saying what the seat to act is deciding (another seat
    is told whom it waits for)."""
    if not v.to_act:
        return "the game is over"
    seat = v.current
    if v.player is not None and v.player != seat:
        return f"waiting for player {seat}"
    board = load_board(v.options.board)
    where = board.titles[v.positions[seat]]
    who = f"player {seat} ({PAWNS[seat]} bear, at {where})"
    what = {
        DEPORT: "draw a travel card to be deported",
        DEPORT_TO: "choose the deportation site (to <colour>)",
        TURN: "travel (truck / walk / three) or exchange travel cards",
        EXCHANGE: "exchange another travel card or done",
        DROP: "discard a bear card from the board (drop <colour>)",
        USE: f"play travel card {sum(v.pending) + 1} of 3 (use <kind>)",
        TARGET: "choose the colour to travel to (to <colour>)",
        BOX: "in Edinburgh: take a bear card from any box (box <colour>)",
    }[v.phase]
    last = ", last round" if v.ending else ""
    return f"round {v.round}{last}: {who}: {what}"

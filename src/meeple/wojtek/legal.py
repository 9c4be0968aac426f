"""What may be done now: pure functions of the state.

A turn is split into phases, each a short list of choices (DESIGN.md principle 4):

========== ============================================================
phase      choices
========== ============================================================
DEPORT     ``draw`` (first round: draw a travel card, go to its site)
DEPORT_TO  ``to <colour>`` (the drawn card was a rainbow card)
TURN       ``truck <c>``, ``walk <c>``, ``three``, ``exchange <kind>``
EXCHANGE   ``exchange <kind>`` again, or ``done``
DROP       ``drop <c>`` (three-card move: discard a display card)
USE        ``use <kind>`` (three-card move: play a card, three times)
TARGET     ``to <c>`` / ``to edinburgh`` (three-card move: where to)
BOX        ``box <c>`` (walked or three-carded into Edinburgh: any box)
========== ============================================================

Every action object exists once (`actions`), and the lists that depend only on a
hand are cached (a few hundred distinct hands exist), so `legal_actions` allocates
little on the hot path.
"""

from __future__ import annotations

from functools import cache
from typing import TYPE_CHECKING

from .actions import BOXES
from .actions import DONE
from .actions import DRAW
from .actions import DROPS
from .actions import EXCHANGES
from .actions import THREE
from .actions import TOS
from .actions import TRUCKS
from .actions import USES
from .actions import WALKS
from .actions import Action
from .board import load_board
from .components import NO_CARD
from .components import NUM_COLOURS
from .components import RAINBOW
from .components import TRAVEL_KINDS
from .route import three_card_targets
from .route import walk_targets
from .state import BOX
from .state import DEPORT
from .state import DEPORT_TO
from .state import DROP
from .state import EXCHANGE
from .state import TARGET
from .state import TURN
from .state import USE

if TYPE_CHECKING:
    from .state import State

__all__ = ["legal_actions"]

_COLOURS = range(NUM_COLOURS)
_WALK = WALKS.__getitem__
_KINDS = range(TRAVEL_KINDS)


def legal_actions(state: State, player: int) -> tuple[Action, ...]:
    """Every legal action of `player` (who is to act) in a fixed order."""
    phase = state.phase
    hand = state.hands[player]
    if phase == TURN:
        trucks, rest, both = _turn_parts(hand)
        if hand[RAINBOW]:
            board = load_board(state.options.board)
            targets = walk_targets(board, state.positions, state.positions[player])
            return (*trucks, *map(_WALK, sorted(targets)), *rest)  # (no generator)
        return both
    if phase == EXCHANGE:
        return _exchange_actions(hand)
    if phase == USE:
        return _use_actions(hand, state.pending)
    if phase == DEPORT:
        return (DRAW,)
    if phase == DROP:
        return _box_actions(state.display, DROPS)
    if phase == TARGET:
        board = load_board(state.options.board)
        targets = three_card_targets(board, state.positions, state.positions[player])
        return tuple(TOS[t] for t in targets)
    if phase == DEPORT_TO:
        return TOS[:NUM_COLOURS]
    if phase == BOX:
        return _box_actions(state.display, BOXES)
    return ()


@cache  # unbounded on purpose: there are only 792 hands of five cards
def _turn_parts(
    hand: tuple[int, ...],
) -> tuple[tuple[Action, ...], tuple[Action, ...], tuple[Action, ...]]:
    """(truck moves, three-card move and exchanges, both together) of a turn's start."""
    trucks = tuple(TRUCKS[c] for c in _COLOURS if hand[c])
    three: tuple[Action, ...] = (THREE,) if hand[RAINBOW] + max(hand[:NUM_COLOURS]) >= 3 else ()
    rest = three + tuple(EXCHANGES[k] for k in _KINDS if hand[k])
    return trucks, rest, trucks + rest


@cache  # a hand of at most five cards: a few hundred entries
def _exchange_actions(hand: tuple[int, ...]) -> tuple[Action, ...]:
    return (*(EXCHANGES[k] for k in _KINDS if hand[k]), DONE)


@cache  # hands and three-card moves in progress: a few thousand entries at most
def _use_actions(hand: tuple[int, ...], pending: tuple[int, ...]) -> tuple[Action, ...]:
    return tuple(USES[k] for k in _usable(hand, pending))


def _box_actions(display: tuple[int, ...], table: tuple[Action, ...]) -> tuple[Action, ...]:
    return tuple(table[c] for c in _COLOURS if display[c] != NO_CARD)


def _usable(hand: tuple[int, ...], pending: tuple[int, ...]) -> list[int]:
    """Card kinds that can be played next in a three-card move and still make three."""
    need = 3 - sum(pending)
    fixed = next((c for c in _COLOURS if pending[c]), None)
    rainbow = hand[RAINBOW]
    out: list[int] = []
    for c in _COLOURS:
        if hand[c] and (fixed is None or fixed == c) and rainbow + hand[c] >= need:
            out.append(c)
    if rainbow:
        best = hand[fixed] if fixed is not None else max(hand[:NUM_COLOURS])
        if rainbow - 1 + best >= need - 1:
            out.append(RAINBOW)
    return out

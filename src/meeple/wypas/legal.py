"""What may be done now: pure functions of the state.

Wypas has one seat to act at a time (`State.actor`). Each phase's choices are
made by the module for that phase (`auction`, `redyk`, `shearing`, `specials`);
this module routes to them, most frequent phases first. Every action object is
made once (tables in those modules), so legal actions allocate nothing but
tuples and the core's apply path finds the chosen action by identity.

Special cards may be played "at any moment": besides the windows, the seat whose
bidding, redyk or shearing turn it is may play one it holds, between its other
moves (`_with_specials`). Only the seat to act is offered them, so nobody else is
asked anything and holding one stays secret.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from .actions import PASS, Action
from .auction import award_actions, bid_actions, hide_actions, lot_actions
from .components import THIEF
from .redyk import redyk_actions
from .shearing import shear_actions
from .specials import react_actions, special_plays, take_actions, window_actions
from .state import AWARD, BID, CHOOSE, HIDE, REACT, REDYK, SHEAR, TAKE, WINDOW

if TYPE_CHECKING:
    from .state import State

__all__ = ["legal_actions"]

_PASS_ONLY: Final = (PASS,)


def legal_actions(s: State, p: int) -> tuple[Action, ...]:
    """Seat p's legal actions (p is the seat to act), in a fixed order."""
    phase = s.phase
    if phase == WINDOW:
        hand = s.hands[p]
        if not hand or hand[-1] < THIEF:  # sorted: special kinds come last; none held
            return _PASS_ONLY
        return window_actions(s, p)
    if phase == REACT:
        return react_actions(s, p)
    if phase == BID:
        return _with_specials(s, p, bid_actions(s, p))
    if phase == AWARD:
        return award_actions(s)
    if phase == REDYK:
        return _with_specials(s, p, redyk_actions(s, p))
    if phase == SHEAR:
        return _with_specials(s, p, shear_actions(s, p))
    if phase == CHOOSE:
        return lot_actions(s)
    if phase == HIDE:
        return hide_actions(s)
    if phase == TAKE:
        return take_actions(s)
    return ()


def _with_specials(s: State, p: int, moves: tuple[Action, ...]) -> tuple[Action, ...]:
    """A turn's moves, then the special cards seat p could play now (if it holds any)."""
    hand = s.hands[p]
    if not hand or hand[-1] < THIEF:  # sorted: special kinds come last; none held
        return moves
    plays = special_plays(s, p)
    return (*moves, *plays) if plays else moves

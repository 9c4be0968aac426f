"""What may be done now: pure functions of the state.

The table waits for one seat (`State.actor`); each phase's choices are made by
the module for that phase (`auction`, `redyk`, `shearing`, `specials`); this
module routes to them, most frequent phases first. Every action object is made
once (tables in those modules), so legal actions allocate nothing but tuples and
the core's apply path finds the chosen action by identity.

Special cards may be played "at any moment": in every phase of a turn
(`state.TURNS`) the seat to act finds the special cards it could play now among
its choices (`_with_specials`), and every other seat that could play one is
offered it (`offers`): its choices are those plays and ``wait``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .auction import award_actions
from .auction import bid_actions
from .auction import hide_actions
from .auction import lot_actions
from .components import THIEF
from .offers import could_play
from .redyk import redyk_actions
from .shearing import shear_actions
from .specials import offer_actions
from .specials import react_actions
from .specials import special_plays
from .specials import take_actions
from .state import AWARD
from .state import BID
from .state import CHOOSE
from .state import HIDE
from .state import REACT
from .state import REDYK
from .state import SHEAR
from .state import TAKE

if TYPE_CHECKING:
    from .actions import Action
    from .state import State

__all__ = ["legal_actions"]


def legal_actions(s: State, p: int) -> tuple[Action, ...]:
    """Seat p's legal actions (p is in `to_act`), in a fixed order."""
    if p != s.actor:
        return offer_actions(s, p)
    phase = s.phase
    if phase == BID:
        return _with_specials(s, p, bid_actions(s, p))
    if phase == REACT:
        return react_actions(s, p)
    if phase == REDYK:
        return _with_specials(s, p, redyk_actions(s, p))
    if phase == SHEAR:
        return _with_specials(s, p, shear_actions(s, p))
    if phase == CHOOSE:
        return _with_specials(s, p, lot_actions(s))
    if phase == HIDE:
        return _with_specials(s, p, hide_actions(s))
    if phase == TAKE:
        return take_actions(s)
    if phase == AWARD:
        return _with_specials(s, p, award_actions(s))
    return ()


def _with_specials(s: State, p: int, moves: tuple[Action, ...]) -> tuple[Action, ...]:
    """A turn's moves, then the special cards seat p could play now (if it holds any)."""
    hand = s.hands[p]
    if not hand or hand[-1] < THIEF:  # sorted: special kinds come last; none held
        return moves
    if not could_play(s.hands, s.pens, s.wolves) >> p & 1:  # no target for any of them
        return moves
    return (*moves, *special_plays(s, p))

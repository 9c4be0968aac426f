"""What a legal action does, chance included, and who decides next (pure functions).

Every successor is `meeple.core.replace(state, ...)` naming only what changes.
The action's phase decides which module carries it out: the auction
(`auction`), redyk (`redyk`), shearing (`shearing`) and special cards
(`specials`); the hand-overs between phases, the reshuffles when the deck runs
out (the only chance after the deal) and the end live in `rounds`. Last, every
successor works out who else is offered a special card now (`offers`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING
from typing import Final

from .actions import Action
from .actions import Auction
from .actions import Award
from .actions import Black
from .actions import Dog
from .actions import Hide
from .actions import Take
from .actions import Thief
from .actions import Wait
from .actions import Wolf
from .auction import bid
from .auction import end_lot
from .auction import hide
from .auction import name_lot
from .offers import with_offers
from .redyk import redyk
from .shearing import shear_turn
from .specials import play_special
from .specials import react
from .specials import take
from .state import AWARD
from .state import BID
from .state import CHOOSE
from .state import HIDE
from .state import REACT
from .state import REDYK
from .state import SHEAR
from .state import TAKE

if TYPE_CHECKING:
    from .state import State

__all__ = ["successor"]

_SPECIAL: Final = (Thief, Wolf, Black, Dog)
"""The actions that play a special card (a ``dog`` without a target only cancels)."""


def successor(s: State, a: Action, p: int) -> State:
    """The state after legal action `a` by seat p (the seat to act, or an offered one)."""
    if a.__class__ is Wait:
        # Only the waiting seats change: the offer is gone until another seat moves.
        return with_offers(s, s.waited | 1 << p)
    after = _move(s, a, p)
    return with_offers(after) if after.options.specials else after


def _move(s: State, a: Action, p: int) -> State:
    """What the move does, before the offers are worked out again."""
    phase = s.phase
    # A special card may be played at every moment of a turn, by the seat to act or
    # an offered one, and in answer to another card; once the chain is done, play
    # returns to that turn (`specials.resolve`).
    if isinstance(a, _SPECIAL) and not (isinstance(a, Dog) and a.target < 0):
        return play_special(s, a, p)
    if phase == REACT:
        return react(s, a, p)
    if phase == BID:
        return bid(s, a, p)
    if phase == REDYK:
        return redyk(s, a, p)
    if phase == SHEAR:
        return shear_turn(s, a, p)
    if phase == CHOOSE and isinstance(a, Auction):
        return name_lot(s, a.kind)
    if phase == HIDE and isinstance(a, Hide):
        return hide(s, a.kind)
    if phase == AWARD and isinstance(a, Award):
        return end_lot(s, a.seat, shown=True)
    if phase == TAKE and isinstance(a, Take):
        return take(s, a.kind)
    raise AssertionError(f"{a} is not legal in phase {phase!r}")  # pragma: no cover

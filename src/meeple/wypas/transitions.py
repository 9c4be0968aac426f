"""What a legal action does, chance included, and who decides next (pure functions).

Every successor is `meeple.core.replace(state, ...)` naming only what changes.
The action's phase decides which module carries it out: the auction
(`auction`), redyk (`redyk`), shearing (`shearing`) and special cards
(`specials`); the hand-overs between phases, the reshuffles when the deck runs
out (the only chance after the deal) and the end live in `rounds`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from .actions import Action, Auction, Award, Black, Dog, Hide, Take, Thief, Wolf
from .auction import bid, end_lot, hide, name_lot
from .redyk import redyk
from .shearing import shear_turn
from .specials import play_special, react, take, window
from .state import (
    AWARD,
    BID,
    CHOOSE,
    HIDE,
    REACT,
    REDYK,
    SHEAR,
    SITE_IN_AUCTION,
    SITE_IN_REDYK,
    SITE_IN_SHEAR,
    TAKE,
    WINDOW,
)

if TYPE_CHECKING:
    from .state import State

__all__ = ["successor"]

_SPECIAL: Final = (Thief, Wolf, Black, Dog)
"""The actions that play a special card."""


def successor(s: State, a: Action, p: int) -> State:
    """The state after legal action `a` by seat p (the seat to act)."""
    phase = s.phase
    if phase == WINDOW:
        return window(s, a, p)
    if phase == REACT:
        return react(s, a, p)
    # A special card may also be played during a bidding, redyk or shearing turn;
    # once it resolves, play returns to that turn (`specials.resolve`).
    if phase == BID:
        if isinstance(a, _SPECIAL):
            return play_special(s, a, p, SITE_IN_AUCTION)
        return bid(s, a, p)
    if phase == REDYK:
        if isinstance(a, _SPECIAL):
            return play_special(s, a, p, SITE_IN_REDYK)
        return redyk(s, a, p)
    if phase == SHEAR:
        if isinstance(a, _SPECIAL):
            return play_special(s, a, p, SITE_IN_SHEAR)
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

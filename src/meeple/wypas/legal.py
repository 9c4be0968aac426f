"""What may be done now: pure functions of the state.

The table waits for one seat (`State.actor`); each phase's choices are made by
the module for that phase (`auction`, `redyk`, `shearing`, `specials`); this
module routes to them through a table by phase (`_CHOICES`). Every action object is made
once (tables in those modules), so legal actions allocate nothing but tuples and
the core's apply path finds the chosen action by identity.

Special cards may be played "at any moment": in every phase of a turn
(`state.TURNS`) the seat to act finds the special cards it could play now among
its choices (`legal_actions`), and every other seat that could play one is
offered it (`offers`): its choices are those plays and ``wait``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING
from typing import Final

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
from .state import OVER
from .state import REACT
from .state import REDYK
from .state import SHEAR
from .state import TAKE
from .state import TURNS
from .state import Phase

if TYPE_CHECKING:
    from .actions import Action
    from .state import State

__all__ = ["legal_actions"]

_TURNS: Final = frozenset(TURNS)


def _nothing(s: State, p: int) -> tuple[Action, ...]:
    """The game is over: nobody has a choice."""
    return ()


_CHOICES: Final[tuple[Callable[[State, int], tuple[Action, ...]], ...]] = tuple(
    {
        HIDE: hide_actions,
        CHOOSE: lot_actions,
        BID: bid_actions,
        REDYK: redyk_actions,
        SHEAR: shear_actions,
        REACT: react_actions,
        TAKE: take_actions,
        OVER: _nothing,
        AWARD: award_actions,
    }[Phase(i)]
    for i in range(len(Phase))
)
"""Per phase number, the choices of the seat to act (the phase's module), before the
special cards it could play in a turn: one index, where a chain of comparisons cost
more."""


def legal_actions(s: State, p: int) -> tuple[Action, ...]:
    """Seat p's legal actions (p is in `to_act`), in a fixed order."""
    if p != s.actor:
        return offer_actions(s, p)
    moves = _CHOICES[s.phase](s, p)
    # A turn's moves, then the special cards seat p could play now, if it holds any
    # (sorted hands: special kinds come last) and has a target for one.
    hand = s.hands[p]
    if not hand or hand[-1] < THIEF or s.phase not in _TURNS:
        return moves
    if not could_play(s.hands, s.pens, s.wolves) >> p & 1:
        return moves
    return (*moves, *special_plays(s, p))

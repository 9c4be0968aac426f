"""What a legal action does, chance included, and who decides next (pure functions).

Every successor is `meeple.core.replace(state, ...)` naming only what changes.
The action's class, and for ``done`` and ``pass`` the phase, decide which function
carries it out (`_MOVES`): the auction (`auction`), redyk (`redyk`), shearing
(`shearing`) and special cards (`specials`); the hand-overs between phases, the
reshuffles when the deck runs out (the only chance after the deal) and the end
live in `rounds`. Last, every successor works out who else is offered a special
card now (`offers`).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING
from typing import Any
from typing import Final

from .actions import Action
from .actions import Auction
from .actions import Award
from .actions import Bid
from .actions import BidDown
from .actions import Black
from .actions import Check
from .actions import Dog
from .actions import Done
from .actions import Hide
from .actions import Pass
from .actions import Place
from .actions import Shear
from .actions import Take
from .actions import Thief
from .actions import Wait
from .actions import Wolf
from .auction import award
from .auction import check
from .auction import hide
from .auction import lay
from .auction import lay_down
from .auction import name_lot
from .auction import pass_lot
from .auction import stand
from .offers import with_offers
from .redyk import end_redyk
from .redyk import place
from .shearing import end_shear_turn
from .shearing import shear
from .specials import cancel
from .specials import let_stand
from .specials import play_special
from .specials import take
from .state import AWARD
from .state import BID
from .state import CHOOSE
from .state import HIDE
from .state import REACT
from .state import REDYK
from .state import SHEAR
from .state import TAKE
from .state import TURNS
from .state import Phase

if TYPE_CHECKING:
    from .state import State

__all__ = ["successor"]

Move = Callable[["State", Any, int], "State"]
"""What a move does, before the offers are worked out again: ``move(state, action,
seat)`` (the action of the class the move is listed under)."""


def _not_legal(s: State, a: Action, p: int) -> State:
    """Never called: `legal.legal_actions` offers no action in a phase it does not list."""
    raise AssertionError(f"{a} is not legal in phase {s.phase!r}")  # pragma: no cover


def _dog(s: State, a: Dog, p: int) -> State:
    """A Sheepdog cancels the card just played, or (with a target) drives a Wolf off."""
    return cancel(s, a, p) if a.target < 0 else play_special(s, a, p)


def _by_phase(moves: dict[Phase, Move]) -> tuple[Move, ...]:
    """`moves` as a tuple indexed by phase number (`_not_legal` in the other phases)."""
    return tuple(moves.get(Phase(i), _not_legal) for i in range(len(Phase)))


def _in(phases: tuple[Phase, ...], move: Move) -> tuple[Move, ...]:
    return _by_phase(dict.fromkeys(phases, move))


_SPECIAL_MOMENTS: Final = (*TURNS, REACT)
"""Where a special card may be played: every moment of a turn, and in answer to another."""
_MOVES: Final[dict[type[Action], tuple[Move, ...]]] = {
    Bid: _in((BID,), lay),
    Pass: _by_phase({BID: pass_lot, REACT: let_stand}),
    Done: _by_phase({BID: stand, REDYK: end_redyk, SHEAR: end_shear_turn}),
    Place: _in((REDYK,), place),
    Auction: _in((CHOOSE,), name_lot),
    Shear: _in((SHEAR,), shear),
    Hide: _in((HIDE,), hide),
    Take: _in((TAKE,), take),
    BidDown: _in((BID,), lay_down),
    Check: _in((BID,), check),
    Award: _in((AWARD,), award),
    Thief: _in(_SPECIAL_MOMENTS, play_special),
    Wolf: _in(_SPECIAL_MOMENTS, play_special),
    Black: _in(_SPECIAL_MOMENTS, play_special),
    Dog: _in(_SPECIAL_MOMENTS, _dog),
}
"""Per action class (``wait`` aside), per phase number, what the move does: one
dict lookup and one index a move, where a chain of isinstance tests and phase
comparisons cost more."""


def successor(s: State, a: Action, p: int) -> State:
    """The state after legal action `a` by seat p (the seat to act, or an offered one)."""
    cls = a.__class__
    if cls is Wait:
        # Only the waiting seats change: the offer is gone until another seat moves.
        return with_offers(s, s.waited | 1 << p)
    return with_offers(_MOVES[cls][s.phase](s, a, p))

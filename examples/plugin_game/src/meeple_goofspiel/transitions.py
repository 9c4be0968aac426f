"""What a legal bid does: store it face down, or resolve the round when it is the last.

Every successor is `replace(state, ...)` naming only what changes.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from meeple.core import ALL_SEATS
from meeple.core import NOBODY
from meeple.core import ONE_SEAT
from meeple.core import replace
from meeple.core.edit import bump
from meeple.core.edit import put
from meeple.core.edit import remove_one

from .actions import Bid

if TYPE_CHECKING:
    from .state import State

__all__ = ["successor"]


def successor(s: State, action: Bid, player: int) -> State:
    """The state after `player` bids `action.card`."""
    hands = put(s.hands, player, remove_one(s.hands[player], action.card))
    bids = put(s.bids, player, action.card)
    waiting = s.to_act - ONE_SEAT[player]
    if waiting:
        return replace(s, hands=hands, bids=bids, to_act=waiting)
    shown = tuple(b or 0 for b in bids)
    best = max(shown)
    scores = s.scores
    if shown.count(best) == 1:  # a tie for the highest bid takes nothing
        scores = bump(scores, shown.index(best), s.prizes[0])
    prizes = s.prizes[1:]
    return replace(
        s,
        hands=hands,
        bids=(None,) * s.players,
        scores=scores,
        prizes=prizes,
        history=(*s.history, (s.prizes[0], shown)),
        to_act=ALL_SEATS[s.players] if prizes else NOBODY,
    )

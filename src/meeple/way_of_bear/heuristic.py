"""Each seat's chance to win from here, for search bots: the race, looked ahead.

The first seat to fill its player board wins, and Dragon Seals part seats that fill
theirs in the same round (`scoring.outcome`). So a position is read as a race: how
many turns each seat still needs to fill its board.

* Each token still missing takes a turn: a stele placed on its village.
* Each placement costs about `STELES_PER_TOKEN` steles (the stele and its
  offering); steles the reserve lacks for the tokens still missing are fetched at
  about `STELES_PER_TURN` a turn (a draw brings 3, a take 2).
* A Seal card in hand saves about `CARD_TURNS` of a turn (its extra action or its
  discount), and its Dragon Seals count for the tie-break.

A seat's value is a softmax of minus its turns needed over their spread
(`SPREAD` per turn still needed), plus `SEAL_WORTH` per Dragon Seal: with two
seats, about the chance that it finishes first.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING
from typing import Final

from meeple.core import win_chances

from .components import CAPACITY
from .components import KIND_TYPE
from .components import TYPES
from .scoring import dragon_seals
from .state import PAY

if TYPE_CHECKING:
    from .state import State

__all__ = ["STELES_PER_TOKEN", "STELES_PER_TURN", "heuristic", "turns_needed"]

# Fitted to the outcomes of 300 games between heuristic bots (least log loss):
STELES_PER_TOKEN: Final = 1.25  # steles a token costs that the reserve must hold
STELES_PER_TURN: Final = 3.2  # steles a turn spent getting steles brings
TEMPO: Final = 0.85  # turns a seat yet to act this round is ahead of one that has acted
SEAL_WORTH: Final = 0.1  # worth of a Dragon Seal in `win_chances` units (a tie-break)
SPREAD: Final = 0.5  # variance of the turns still needed, per turn
CALIBRATION: Final = 1.4  # `win_chances` scale, over the spread of the turns needed


def turns_needed(s: State, seat: int) -> float:
    """Turns the seat still needs to fill its board (see the module docstring)."""
    capacity = CAPACITY[s.players]
    held = [0] * len(TYPES)
    for kind, count in enumerate(s.tokens[seat]):
        held[KIND_TYPE[kind]] += count
    missing = sum(max(0, capacity - h) for h in held)
    reserve = sum(s.reserves[seat])
    if s.phase == PAY and seat == s.current:
        reserve -= sum(s.owed)
    short = max(0.0, missing * STELES_PER_TOKEN - reserve)
    need = missing + short / STELES_PER_TURN
    return max(0.0, need) - (TEMPO if _yet_to_act(s, seat) else 0.0)


def _yet_to_act(s: State, seat: int) -> bool:
    """Whether the seat still has its regular action of this round to come (seat 0
    starts every round, and the round is always finished)."""
    return seat > s.current or (seat == s.current and not s.regular_done)


def heuristic(s: State) -> tuple[float, ...]:
    """Per seat, the estimated chance to win (see the module docstring); sums to 1."""
    needs = [turns_needed(s, p) for p in range(s.players)]
    scale = CALIBRATION / math.sqrt(SPREAD * max(0.0, sum(needs) / len(needs)) + 0.25)
    scores = [
        -scale * need + SEAL_WORTH * dragon_seals(s.tokens[p], s.hands[p])
        for p, need in enumerate(needs)
    ]
    return win_chances(scores)

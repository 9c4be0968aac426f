"""Each seat's chance to win from here, for search bots: the race, looked ahead.

The first seat to fill its player board wins, and Dragon Seals part seats that fill
theirs in the same round (`scoring.outcome`). So a position is read as a race: how
many turns each seat still needs to fill its board.

* Each token still missing takes a turn: a stele placed on its village.
* The seat's missing tokens of each type are taken from the cheapest villages of that
  type on the board: a village a stele already touches asks an offering of one stele
  per neighbouring stele, of that neighbour's colour (`pay.offering`); one no stele
  touches yet is counted at `FAR_OFFERING` steles of any colour.
* Steles the reserve lacks for all of it are fetched at `STELES_PER_TURN` a turn, a
  stele of a colour the offerings need counting `COLOUR_SHORT` (a draw cannot choose).
* A seat yet to take its regular action this round is `TEMPO` turns ahead of one that
  has taken it (seat 0 starts every round, and the round is always finished).

A seat's value is a softmax (`win_chances`) of minus its turns needed over their
spread (`SPREAD` per turn still needed), plus `SEAL_WORTH` per Dragon Seal: with two
seats, about the chance that it finishes first.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING
from typing import Final

from meeple.core import win_chances

from .components import CAPACITY
from .components import KIND_TYPE
from .components import NC
from .components import TOKEN_BASE
from .components import TYPES
from .scoring import dragon_seals
from .state import PAY

if TYPE_CHECKING:
    from .state import State

__all__ = ["heuristic", "turns_needed", "villages_by_type"]

# Fitted to the outcomes of 300 games between heuristic bots (least log loss):
FAR_OFFERING: Final = 0.3  # steles a token village no stele touches yet will ask for
COLOUR_SHORT: Final = 2.0  # steles to fetch per stele of a needed colour the reserve lacks
STELES_PER_TURN: Final = 3.8  # steles a turn spent getting steles brings
TEMPO: Final = 1.2  # turns a seat yet to act this round is ahead of one that has acted
SEAL_WORTH: Final = 0.1  # worth of a Dragon Seal in `win_chances` units (a tie-break)
SPREAD: Final = 0.5  # variance of the turns still needed, per turn
CALIBRATION: Final = 1.4  # `win_chances` scale, over the spread of the turns needed

Offering = tuple[int, ...] | None
"""The steles of each colour a village's offering asks for; None where no stele
touches the village yet (its offering is not known)."""


def villages_by_type(s: State) -> list[list[Offering]]:
    """Per knowledge type, the offering of each village still holding a token of that
    type, cheapest first (a village no stele touches counts `FAR_OFFERING`)."""
    found: list[list[tuple[float, Offering]]] = [[] for _ in TYPES]
    touched = set()
    for spot in s.spots:
        colours = (spot[5], spot[6], spot[7], spot[8])  # neighbouring steles by colour
        found[spot[4]].append((float(sum(colours)), colours))
        touched.add(spot[0])
    for village, cell in enumerate(s.board):
        if cell >= TOKEN_BASE and village not in touched:
            found[KIND_TYPE[cell - TOKEN_BASE]].append((FAR_OFFERING, None))
    return [[offering for _, offering in sorted(villages, key=_cost)] for villages in found]


def _cost(village: tuple[float, Offering]) -> float:
    return village[0]


def turns_needed(s: State, seat: int, villages: list[list[Offering]] | None = None) -> float:
    """Turns the seat still needs to fill its board (see the module docstring)."""
    villages = villages_by_type(s) if villages is None else villages
    capacity = CAPACITY[s.players]
    held = [0] * len(TYPES)
    for kind, count in enumerate(s.tokens[seat]):
        held[KIND_TYPE[kind]] += count
    missing = 0
    any_colour = 0.0
    needed = [0] * NC
    for kind_type, have in enumerate(held):
        lacking = max(0, capacity - have)
        missing += lacking
        chosen = villages[kind_type][:lacking]
        any_colour += (1 + FAR_OFFERING) * (lacking - len(chosen))  # no village left
        for offering in chosen:
            if offering is None:
                any_colour += FAR_OFFERING
            else:
                needed = [n + c for n, c in zip(needed, offering, strict=True)]
    reserve = list(s.reserves[seat])
    if s.phase == PAY and seat == s.current:
        reserve = [r - o for r, o in zip(reserve, s.owed, strict=True)]
    covered = sum(min(n, r) for n, r in zip(needed, reserve, strict=True))
    lacking_colours = sum(needed) - covered
    short = COLOUR_SHORT * lacking_colours + max(0.0, missing + any_colour - sum(reserve) + covered)
    need = missing + short / STELES_PER_TURN
    return need - (TEMPO if _yet_to_act(s, seat) else 0.0)


def _yet_to_act(s: State, seat: int) -> bool:
    """Whether the seat still has its regular action of this round to come."""
    return seat > s.current or (seat == s.current and not s.regular_done)


def heuristic(s: State) -> tuple[float, ...]:
    """Per seat, the estimated chance to win (see the module docstring); sums to 1."""
    villages = villages_by_type(s)
    needs = [turns_needed(s, p, villages) for p in range(s.players)]
    scale = CALIBRATION / math.sqrt(SPREAD * max(0.0, sum(needs) / len(needs)) + 0.25)
    scores = [
        -scale * need + SEAL_WORTH * dragon_seals(s.tokens[p], s.hands[p])
        for p, need in enumerate(needs)
    ]
    return win_chances(scores)

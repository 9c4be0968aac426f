"""Shearing turns, the fifth fleece, and the final turns that end the game.

Why Wypas has this module: shearing is where points are scored and where the
game ends. A seat may shear one or both pens (announcing with ``meee`` under the
bleating rule); the first fifth fleece earns +4 and starts one last shearing turn
for every other seat (+2 for each further fifth fleece), after which the game is
over. Otherwise the round goes on through `rounds` (drawing, a new baca).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from meeple.core import ONE_SEAT
from meeple.core import replace
from meeple.core.edit import merge_sorted
from meeple.core.edit import put

from .actions import DONE
from .actions import Action
from .actions import Done
from .actions import Shear
from .components import FINAL_FLEECE
from .components import FIRST_FIFTH_BONUS
from .components import LATER_FIFTH_BONUS
from .rounds import game_over
from .rounds import next_shearer
from .scoring import fleece_of
from .tables import SHEARS

if TYPE_CHECKING:
    from .state import State

__all__ = ["end_shear_turn", "shear", "shear_actions"]


def shear_actions(s: State, p: int) -> tuple[Action, ...]:
    """``done``, then per pen holding sheep: ``shear N meee`` (if it would make a
    fleece and bleating counts) and ``shear N``."""
    out: list[Action] = [DONE]
    pens = s.pens[p]
    for i in range(2):
        row = pens[i]
        if row:
            size = len(row) - (s.wolves[p] >> i & 1)
            if s.options.bleating and size >= 2:
                out.append(SHEARS[i][1])
            out.append(SHEARS[i][0])
    return tuple(out)


def shear(s: State, a: Shear, p: int) -> State:
    """Seat p shears a pen (1 or 2): the fleece is kept apart and scores if announced
    (`Shear.bleat`); once both pens are empty the turn passes by itself."""
    pen, bleat = a.pen, a.bleat
    row = s.pens[p][pen - 1]
    wolf = bool(s.wolves[p] >> (pen - 1) & 1)
    kept, gone, value = fleece_of(row, wolf)
    discard = merge_sorted(s.discard, gone)
    pens = put(s.pens, p, put(s.pens[p], pen - 1, ()))
    wolves = put(s.wolves, p, s.wolves[p] & ~(1 << (pen - 1))) if wolf else s.wolves
    fleeces, points, bonus = s.fleeces, s.points, s.bonus
    final_from = s.final_from
    if kept:
        fleeces = put(fleeces, p, (*fleeces[p], kept))
        scores = bleat or not s.options.bleating
        gain = value if scores else 0
        if len(fleeces[p]) == FINAL_FLEECE:
            extra = FIRST_FIFTH_BONUS if final_from < 0 else LATER_FIFTH_BONUS
            if final_from < 0:
                final_from = p
            if scores:
                bonus = put(bonus, p, bonus[p] + extra)
                gain += extra
        points = put(points, p, points[p] + gain)
    s = replace(
        s,
        discard=discard,
        pens=pens,
        wolves=wolves,
        fleeces=fleeces,
        points=points,
        bonus=bonus,
        final_from=final_from,
    )
    if not (pens[p][0] or pens[p][1]):
        return end_shear_turn(s, DONE, p)  # as if seat p said it was done
    return s


def end_shear_turn(s: State, a: Done, p: int) -> State:
    """Seat p ends its shearing turn (``done``): the next seat shears; in the final
    turns only the seats still owed one do."""
    n = s.players
    if s.final_from < 0:
        return next_shearer(s, (p + 1) % n, s.finished + 1)
    left = n - 1 if s.final_left < 0 else s.final_left - 1
    seat = (p + 1) % n
    while left > 0 and not (s.pens[seat][0] or s.pens[seat][1]):
        left -= 1
        seat = (seat + 1) % n
    if left == 0:
        return game_over(s)
    return replace(s, actor=seat, to_act=ONE_SEAT[seat], final_left=left)

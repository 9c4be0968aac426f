"""Each seat's chance to win from here, for search bots: the ranking, looked ahead.

The game ranks players by their largest set, then the next, and so on
(`scoring.set_sizes`). A seat's *strength* reads that key as one number: its
largest set, plus `SECOND` of its second and `THIRD` of its third (they decide
ties), plus `ODD_JOKER` for a lone city or person card (half of a substitute pair)
while its largest set is not complete.

What a lead is worth depends on how much of the game is left, since every turn can
add a card: the game ends when the first pawn reaches Edinburgh or, once the last
round has begun, after each remaining seat's last turn. The time left is counted as
the leading pawn's distance to Edinburgh over `ADVANCE` spaces (in the last round:
the turns still to come per seat), strengths are taken as spreading by `SPREAD` per
unit of it, and a seat's value is a softmax (`win_chances`) of its strength over
that spread (with two seats: about the chance its strength ends higher).
"""

from __future__ import annotations

import math
from functools import lru_cache
from typing import TYPE_CHECKING
from typing import Any
from typing import Final

from meeple.core import win_chances

from .board import load_board
from .components import CARDS_PER_TYPE
from .components import PERSON
from .scoring import set_sizes

if TYPE_CHECKING:
    from .state import State

__all__ = ["ADVANCE", "SPREAD", "heuristic", "strength", "time_left"]

# Fitted to the outcomes of 300 games between heuristic bots (least log loss):
SECOND: Final = 0.5  # weight of the second-largest set (it breaks a tie of the largest)
THIRD: Final = 0.1  # weight of the third-largest set
ODD_JOKER: Final = 0.35  # worth of a lone city or person card (half of a substitute pair)
ADVANCE: Final = 7.0  # spaces of the leading pawn's way to Edinburgh per unit of time
SPREAD: Final = 0.5  # variance a turn to come adds to a seat's strength


def strength(s: State, seat: int) -> float:
    """The seat's ranking key as one number (see the module docstring)."""
    collection = s.collections[seat]
    cities = s.city_owner.count(seat)
    sizes = set_sizes(collection, cities)
    value = 0.0
    for weight, size in zip((1.0, SECOND, THIRD), sizes, strict=False):
        value += weight * size
    if (collection[PERSON] + cities) % 2 and (not sizes or sizes[0] < CARDS_PER_TYPE):
        value += ODD_JOKER
    return value


def time_left(s: State) -> float:
    """How much of the game is left: the leading pawn's distance to Edinburgh over
    `ADVANCE`, or, once the last round has begun, the turns still to come per seat."""
    if s.ending:
        return float(len(s.last_round)) / max(1, s.players)
    return min(_distances(s.options.board)[p] for p in s.positions) / ADVANCE


@lru_cache(maxsize=64)
def _distances(board_option: Any) -> tuple[int, ...]:
    """Spaces from each space to Edinburgh (from Poland: the longest way, via a site)."""
    board = load_board(board_option)
    longest = max(len(a) for a in board.ahead)
    return tuple(
        longest if space == board.start else len(ahead) for space, ahead in enumerate(board.ahead)
    )


def heuristic(s: State) -> tuple[float, ...]:
    """Per seat, the estimated chance to win (see the module docstring); sums to 1."""
    values = [strength(s, p) for p in range(s.players)]
    return win_chances(values, 1.7 / math.sqrt(SPREAD * time_left(s) + 0.25))

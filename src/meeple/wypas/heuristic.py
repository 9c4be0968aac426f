"""A quick estimate of each player's standing, for bots that stop before the end.

Each seat's *worth* adds up, in victory points:

* the points on the track;
* each pen as it stands, at `PEN_WEIGHT` of what shearing it now would score
  (the scoring table, a wolf and the two-card rule applied; a lone sheep counts
  `LONE_WEIGHT` of its value, since it scores nothing yet);
* `FLEECE_WORTH` per fleece, since five end the game with a +4 bonus;
* hand strength: `SHEEP_WORTH` per point of sheep value held (a Dolly counts
  `DOLLY_VALUE`), `SPECIAL_WORTH` per special card.

Shearing with ``meee`` is thus worth more than keeping the pen, a sheep in a pen
more than in hand, and a card laid as a bid is a loss until the lot is won.
`bots.evaluate` wants values in [0, 0.6] (a real win counts 1), so each seat gets
0.6 times its share of the table's total worth (plus a small floor per seat, so
the very first moves of a game are not all-or-nothing).
"""

from __future__ import annotations

from functools import lru_cache
from typing import TYPE_CHECKING
from typing import Final

from .components import KIND_VALUE
from .components import KINDS
from .components import THIEF
from .scoring import fleece_of

if TYPE_CHECKING:
    from .state import State

__all__ = ["TOP", "heuristic", "worth"]

TOP: Final = 0.6
"""The most any unfinished position is worth to a seat."""
PEN_WEIGHT: Final = 0.9
"""Share of a pen's shearing value it counts while unshorn."""
LONE_WEIGHT: Final = 0.5
"""Share of a lone sheep's value (one card is no fleece yet)."""
FLEECE_WORTH: Final = 1.0
"""Worth of a fleece beyond its points (progress toward five)."""
SHEEP_WORTH: Final = 0.3
"""Worth of a point of sheep value in hand."""
DOLLY_VALUE: Final = 4
"""Value a Dolly or the Super Dolly is counted at in hand (it takes any value)."""
SPECIAL_WORTH: Final = 0.0
"""Worth of a special card in hand (its effect is counted when it lands)."""
FLOOR: Final = 5.0
"""Worth every seat starts with, so shares stay moderate early on."""

_HAND_WORTH: Final = tuple(
    SHEEP_WORTH * (KIND_VALUE[k] or DOLLY_VALUE) if k < THIEF else SPECIAL_WORTH
    for k in range(KINDS)
)


@lru_cache(maxsize=1 << 17)  # pens repeat a lot from step to step
def _pen_worth(row: tuple[int, ...], wolf: bool) -> float:
    """What a pen counts for while unshorn (see the module docstring)."""
    if len(row) == 1:
        return LONE_WEIGHT * (row[0] & 7)
    kept, _, points = fleece_of(row, wolf)
    return PEN_WEIGHT * points if kept else 0.0


def worth(s: State, seat: int) -> float:
    """A seat's estimated worth in victory points (see the module docstring)."""
    total = float(s.points[seat]) + FLEECE_WORTH * len(s.fleeces[seat])
    wolves = s.wolves[seat]
    for i, row in enumerate(s.pens[seat]):
        if row:
            total += _pen_worth(row, bool(wolves >> i & 1))
    hand_worth = _HAND_WORTH
    for kind in s.hands[seat]:
        total += hand_worth[kind]
    return total


def heuristic(s: State) -> tuple[float, ...]:
    """Per seat, `TOP` times its share of the table's worth: in [0, 0.6]."""
    worths = [FLOOR + worth(s, p) for p in range(s.players)]
    whole = sum(worths)
    return tuple(TOP * w / whole for w in worths)

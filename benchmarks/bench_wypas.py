"""Random-playout speed of Wypas through the public API, per option set and player count.

    python benchmarks/bench_wypas.py [--games 30] [--runs 3]

Prints one line per case and player count (median steps/s and games/s of the timed
runs). Target from issue 6: 100,000 random-playout steps/s on one core. Random games
mostly run to the 100-round limit (random players rarely bleat five fleeces), so a
game is several thousand steps.
"""

from __future__ import annotations

import sys

from modes import Case
from modes import run

from meeple.wypas import GAME
from meeple.wypas import Options

CASES: tuple[Case, ...] = (
    ("rulebook", Options(), None),
    ("no bleating", Options(bleating=False), None),
    ("no specials", Options(specials=False), None),
    ("bluff", Options(bluff=True), None),
)


if __name__ == "__main__":
    sys.exit(run(GAME, CASES, __doc__.splitlines()[0], games=30, runs=3))

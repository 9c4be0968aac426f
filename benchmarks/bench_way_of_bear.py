"""Random-playout speed of The Way of the Bear, through the public API.

    python benchmarks/bench_way_of_bear.py [--games 300] [--runs 5]

Prints one line per player count: median and best steps/s and games/s of the timed
runs (the best run is the least disturbed by other processes on a shared machine).
Target from issue 5: 100,000 random-playout steps/s on one core.
"""

from __future__ import annotations

import sys

from modes import Case
from modes import run

from meeple.way_of_bear import GAME
from meeple.way_of_bear import Options

CASES: tuple[Case, ...] = (
    ("rulebook", Options(), (2, 3, 4)),
    ("max_rounds=10", Options(max_rounds=10), (4,)),
)


if __name__ == "__main__":
    sys.exit(run(GAME, CASES, __doc__.splitlines()[0], games=300, runs=5))

"""Random-playout speed of Bear Went Over the Mountain in every mode, through the public API.

    python benchmarks/bench_bear_mountain.py [--games 400] [--runs 5]

Prints one line per mode and player count (median steps/s and games/s of the
timed runs). Targets from issue 3: 100,000 steps/s and 2,000 standard games/s.
"""

from __future__ import annotations

import sys

from modes import Case
from modes import run

from meeple.bear_mountain import GAME
from meeple.bear_mountain import Options

CASES: tuple[Case, ...] = (
    ("standard", Options(), (2, 3, 4)),
    ("standard+tiebreaker", Options(tiebreaker=True), (2, 4)),
    ("draft", Options(mode="draft"), (2, 3, 4)),
    ("draft+tiebreaker", Options(mode="draft", tiebreaker=True), (2, 4)),
    ("solo", Options(mode="solo"), (1,)),
)


if __name__ == "__main__":
    sys.exit(run(GAME, CASES, __doc__.splitlines()[0], games=400, runs=5))

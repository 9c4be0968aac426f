"""Random-playout speed of Miś Wojtek, rulebook and younger-children rules, via the public API.

    python benchmarks/bench_wojtek.py [--games 200] [--runs 5]

Prints one line per variant and player count (median steps/s and games/s of the
timed runs). Target from issue 4: 100,000 random-playout steps/s on one core.
"""

from __future__ import annotations

import sys

from modes import Case
from modes import run

from meeple.wojtek import GAME
from meeple.wojtek import Options

CASES: tuple[Case, ...] = (
    ("rulebook", Options(), None),
    ("younger children", Options(no_drop_on_three=True, no_city_refresh=True), None),
)


if __name__ == "__main__":
    sys.exit(run(GAME, CASES, __doc__.splitlines()[0], games=200, runs=5))

"""Golden transcripts: seeded random games must replay move for move.

A rules change that alters play shows up as a diff here. After a deliberate
change (bump `spec.rules_version` when old records would replay differently),
regenerate the files with ``MEEPLE_REGOLD=1 pytest tests/wypas/test_golden.py``
and review the diff before committing.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from meeple.testing import assert_golden
from meeple.testing import transcript
from meeple.wypas import GAME
from meeple.wypas import Options

GOLDEN = Path(__file__).parent / "golden"

CASES = [
    ("3p-seed1-2rounds", 3, 1, Options(max_rounds=2)),
    ("4p-seed7-2rounds-quiet", 4, 7, Options(max_rounds=2, bleating=False)),
    ("6p-seed3-1round", 6, 3, Options(max_rounds=1)),
    ("5p-seed4-3rounds-nospecials", 5, 4, Options(max_rounds=3, specials=False)),
    ("4p-seed2-2rounds-bluff", 4, 2, Options(max_rounds=2, bluff=True)),
]


@pytest.mark.parametrize(("name", "players", "seed", "options"), CASES, ids=[c[0] for c in CASES])
def test_transcript_matches_golden(name: str, players: int, seed: int, options: Options) -> None:
    assert_golden(GOLDEN / f"{name}.txt", transcript(GAME, players, seed, options))

"""Golden transcripts: seeded random games compared with stored text.

A change of rules or data that alters any game shows up here. If the change is
intended, bump ``spec.rules_version`` when old records would replay differently,
then regenerate the files (``MEEPLE_REGOLD=1``, see `meeple.testing.assert_golden`)
and review the diff.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from meeple.testing import assert_golden
from meeple.testing import transcript
from meeple.way_of_bear import GAME
from meeple.way_of_bear import Options

GOLDEN = Path(__file__).parent / "golden"

CASES = [
    ("2p_seed1", 2, 1, Options()),
    ("3p_seed2", 3, 2, Options()),
    ("4p_seed3", 4, 3, Options()),
    ("3p_seed4_two_rounds", 3, 4, Options(max_rounds=2)),
]


@pytest.mark.parametrize(("name", "players", "seed", "options"), CASES)
def test_golden_transcript(name: str, players: int, seed: int, options: Options) -> None:
    assert_golden(GOLDEN / f"{name}.txt", transcript(GAME, players, seed, options))

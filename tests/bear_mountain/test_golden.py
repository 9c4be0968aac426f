"""Golden transcripts: one seeded random game per mode, compared with stored text.

A change of rules or data that alters any game shows up here. If the change is
intended, bump ``spec.rules_version`` when old records would replay differently,
then regenerate the files through the shared harness and review the diff:

    MEEPLE_REGOLD=1 pytest tests/bear_mountain/test_golden.py
"""

from __future__ import annotations

from pathlib import Path

import pytest

from meeple.bear_mountain import GAME
from meeple.bear_mountain import Options
from meeple.testing import assert_golden
from meeple.testing import transcript

GOLDEN = Path(__file__).parent / "golden"

CASES = [
    ("standard_3p_seed1", 3, 1, Options()),
    ("draft_4p_seed2", 4, 2, Options(mode="draft")),
    ("tiebreaker_3p_seed4", 3, 4, Options(tiebreaker=True)),
    ("draft_tiebreaker_2p_seed6", 2, 6, Options(mode="draft", tiebreaker=True)),
    ("solo_seed3", 1, 3, Options(mode="solo")),
]


@pytest.mark.parametrize(("name", "players", "seed", "options"), CASES)
def test_golden_transcript(name: str, players: int, seed: int, options: Options) -> None:
    assert_golden(GOLDEN / f"{name}.txt", transcript(GAME, players, seed, options))


def test_tiebreaker_transcripts_really_reach_sudden_death() -> None:
    # A regular game has 10 moves per player (standard) or 20 (drafting).
    for name, regular in (("tiebreaker_3p_seed4", 30), ("draft_tiebreaker_2p_seed6", 40)):
        lines = (GOLDEN / f"{name}.txt").read_text(encoding="utf-8").splitlines()
        moves = [line for line in lines if line[:4].strip().isdigit()]
        assert len(moves) > regular

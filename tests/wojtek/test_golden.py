"""Golden transcripts of seeded random games, through the shared harness.

The expected files live in ``tests/wojtek/golden/``. After a deliberate rule
change (bump ``spec.rules_version`` too), regenerate them with
``MEEPLE_REGOLD=1 pytest tests/wojtek/test_golden.py`` and review the diff
before committing.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from meeple.testing import assert_golden
from meeple.testing import random_playout
from meeple.testing import transcript
from meeple.wojtek import GAME
from meeple.wojtek import Options
from meeple.wojtek.state import State

GOLDEN = Path(__file__).parent / "golden"

CASES = [
    (2, 1, "rulebook", Options()),
    (3, 7, "rulebook", Options()),
    (4, 11, "rulebook", Options()),
    (5, 2026, "rulebook", Options()),
    (3, 5, "children", Options(no_drop_on_three=True, no_city_refresh=True)),
]


@pytest.mark.parametrize(("players", "seed", "label", "options"), CASES)
def test_transcript_matches_golden(players: int, seed: int, label: str, options: Options) -> None:
    text = transcript(GAME, players, seed, options)
    assert_golden(GOLDEN / f"{label}_{players}p_seed{seed}.txt", text)


def test_final_picture_matches_golden() -> None:
    # The spectator's rendering of a finished game pins the board, the display,
    # the collections and the scored sets all at once.
    final = random_playout(GAME, 3, 7)[0]
    assert isinstance(final, State)
    text = GAME.render(final.view(None)) + "\n" + repr(final.outcome().details) + "\n"
    assert_golden(GOLDEN / "render_rulebook_3p_seed7.txt", text)

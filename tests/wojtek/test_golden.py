"""Golden transcripts of seeded random games, and perft counts from seeded positions.

The expected files live in ``tests/wojtek/golden/``. After a deliberate rule
change (bump ``spec.rules_version`` too), regenerate them with::

    WOJTEK_REGENERATE=1 /work/venv/bin/pytest tests/wojtek/test_golden.py

and review the diff before committing.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from meeple.testing import perft, random_playout, transcript
from meeple.wojtek import GAME, Options
from meeple.wojtek.state import State

GOLDEN = Path(__file__).parent / "golden"
REGENERATE = os.environ.get("WOJTEK_REGENERATE") == "1"

CASES = [
    (2, 1, "rulebook", Options()),
    (3, 7, "rulebook", Options()),
    (4, 11, "rulebook", Options()),
    (5, 2026, "rulebook", Options()),
    (3, 5, "children", Options(no_drop_on_three=True, no_city_refresh=True)),
]


@pytest.mark.parametrize(("players", "seed", "label", "options"), CASES)
def test_transcript_matches_golden(players: int, seed: int, label: str, options: Options) -> None:
    path = GOLDEN / f"{label}_{players}p_seed{seed}.txt"
    text = transcript(GAME, players, seed, options)
    if REGENERATE:
        path.write_text(text, encoding="utf-8")
    assert text == path.read_text(encoding="utf-8")


def test_final_picture_matches_golden() -> None:
    # The spectator's rendering of a finished game pins the board, the display,
    # the collections and the scored sets all at once.
    final = random_playout(GAME, 3, 7)[0]
    assert isinstance(final, State)
    text = GAME.render(final.view(None)) + "\n" + repr(final.outcome().details) + "\n"
    path = GOLDEN / "render_rulebook_3p_seed7.txt"
    if REGENERATE:
        path.write_text(text, encoding="utf-8")
    assert text == path.read_text(encoding="utf-8")


# (players, seed, steps played from the start, depth, expected count).
# Positions come from a seeded random playout. Chance (card draws) is resolved
# inside apply from the state's rng, so each action has one successor. Depth 1 was
# checked by hand: (2, 3, 4) is a turn start on route-1 holding orange, yellow and
# violet trucks and no rainbow, and three of a colour is impossible (3 trucks +
# 3 exchanges = 6); (4, 21, 40) is mid-exchange holding orange, violet and pink
# (3 exchanges + done = 4).
PERFT = [
    (2, 3, 4, 1, 6),
    (2, 3, 4, 2, 35),
    (2, 3, 4, 3, 189),
    (3, 9, 12, 1, 8),
    (3, 9, 12, 2, 62),
    (3, 9, 12, 3, 410),
    (4, 21, 40, 1, 4),
    (4, 21, 40, 3, 161),
]


@pytest.mark.parametrize(("players", "seed", "steps", "depth", "expected"), PERFT)
def test_perft(players: int, seed: int, steps: int, depth: int, expected: int) -> None:
    state = random_playout(GAME, players, seed, limit=steps)[0]
    assert perft(state, depth) == expected

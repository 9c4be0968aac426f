"""What each seat reads of each move: only the drafting pick hides its card."""

from __future__ import annotations

from meeple.bear_mountain import GAME
from meeple.bear_mountain.actions import Pick
from meeple.bear_mountain.actions import Place
from meeple.bear_mountain.actions import Take

from ..test_public_moves import random_match
from ..test_public_moves import viewers


def test_a_drafting_pick_reads_as_a_question_mark_to_everyone_else() -> None:
    match = random_match("bear_mountain", 3, 2, mode="draft")
    picks = [(p, a) for p, a in match.history if isinstance(a, Pick)]
    assert picks
    for player, action in picks:
        for viewer in viewers(3):
            expected = str(action) if viewer == player else "pick ?"
            assert GAME.public_notation(action, player, viewer) == expected


def test_placing_on_a_hike_and_taking_from_the_row_read_in_full() -> None:
    for options in ({"mode": "draft"}, {}):
        match = random_match("bear_mountain", 3, 4, **options)
        shown = [(p, a) for p, a in match.history if isinstance(a, Place | Take)]
        assert shown
        for player, action in shown:
            assert {GAME.public_notation(action, player, v) for v in viewers(3)} == {str(action)}


def test_every_solo_move_reads_in_full_to_a_spectator() -> None:
    match = random_match("bear_mountain", 1, 3, mode="solo")
    assert all(GAME.public_notation(a, p, None) == str(a) for p, a in match.history)

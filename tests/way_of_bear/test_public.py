"""What each seat reads of each move: all of it (a Seal card is named only when played)."""

from __future__ import annotations

from meeple.way_of_bear import GAME
from meeple.way_of_bear.actions import PlaySeal

from ..test_public_moves import random_match
from ..test_public_moves import viewers


def test_every_move_reads_in_full_to_every_seat() -> None:
    match = random_match("way_of_bear", 3, 1)
    for player, action in match.history:
        assert {GAME.public_notation(action, player, v) for v in viewers(3)} == {str(action)}


def test_a_seal_card_named_by_a_move_lies_face_up_afterwards() -> None:
    played = 0
    for seed in range(6):
        match = random_match("way_of_bear", 2, seed)
        for (_, action), after in zip(match.history, match.states[1:], strict=True):
            if isinstance(action, PlaySeal):
                played += 1
                assert all(action.card in after.view(v).played for v in viewers(2))
    assert played

"""What each seat reads of each move: a hidden lot, a face-down bid card and a stolen
card read as ``?``; everything else happens in front of the table."""

from __future__ import annotations

from typing import Any

from meeple.testing import ConformanceError
from meeple.testing.public import check_public
from meeple.testing.where import Where
from meeple.wypas import GAME
from meeple.wypas.actions import BidDown
from meeple.wypas.actions import Hide
from meeple.wypas.actions import Take
from meeple.wypas.actions import Wait

from ..test_public_moves import random_match
from ..test_public_moves import viewers

MASKED = {Hide: "hide ?", Take: "take ?", Wait: ""}  # a wait is not seen at all


def _masked(action: Any) -> str | None:
    if isinstance(action, BidDown):
        return f"bid down ? as {action.value}"
    return MASKED.get(type(action))


def test_hidden_cards_read_as_question_marks_to_everyone_but_the_mover() -> None:
    match = random_match("wypas", 4, 2, max_rounds=4, bluff=True)
    kinds = set()
    for player, action in match.history:
        masked = _masked(action)
        for viewer in viewers(4):
            reading = GAME.public_notation(action, player, viewer)
            if viewer == player or masked is None:
                assert reading == str(action)
            else:
                kinds.add(type(action))
                assert reading == masked
    assert kinds - {Wait} == {Hide, BidDown, Take}


def test_the_robbed_player_reads_the_theft_as_the_table_does() -> None:
    # The reading cannot name whom the Thief robbed (the move does not say); the
    # robbed player sees the card leave their hand in their own view.
    assert GAME.public_notation(Take(0), 1, 2) == "take ?"


class _ShowsTheHiddenLot:
    """Wypas, except that the baca's face-down lot is read out to everyone."""

    def __getattr__(self, name: str) -> Any:
        return getattr(GAME, name)

    def public_notation(self, action: Any, player: int, viewer: int | None) -> str | None:
        return (
            str(action)
            if isinstance(action, Hide)
            else GAME.public_notation(action, player, viewer)
        )


def test_the_kit_catches_a_reading_that_names_the_hidden_lot() -> None:
    # The lot's kind shows only across positions: in one position each hidden card
    # leaves other face-up lots. The kit deals a position back from each viewer's view
    # and catches the reading where the dealt baca could have left the same lots up.
    leaky = _ShowsTheHiddenLot()
    caught: list[str] = []
    for seed in range(4):
        match = random_match("wypas", 3, seed, max_rounds=6)
        for state in match.states:
            if any(isinstance(a, Hide) for p in state.to_act for a in state.legal_actions(p)):
                try:
                    check_public(leaky, state, Where("wypas", 3, seed))
                except ConformanceError as err:
                    caught.append(str(err))
    assert caught
    assert all("which of two positions its views cannot tell apart" in c for c in caught)

"""Standard game: taking face-up cards, turn order, hikes of ten, refused moves."""

from __future__ import annotations

import pytest

from meeple.bear_mountain import GAME
from meeple.bear_mountain.components import CARD_IDS
from meeple.core import IllegalActionError
from meeple.testing import assert_refused

from .helpers import play
from .helpers import texts


@pytest.mark.rule("bear_mountain:standard.turn")
def test_take_moves_a_face_up_card_to_the_right_and_refills_the_slot() -> None:
    state = GAME.start(2, seed=11)
    first = state.row
    after = play(state, "take 2")
    assert after.hikes[0] == (first[1],)
    assert after.row == (first[0], state.deck[0], first[2], first[3])
    assert after.deck == state.deck[1:]
    assert after.to_act == {1}
    after = play(after, "take 1", "take 4")
    assert after.hikes[0] == (first[1], after.hikes[0][1])  # the new card went to the right
    assert texts(after.legal_actions()) == ["take 1", "take 2", "take 3", "take 4"]


@pytest.mark.rule("bear_mountain:standard.end")
def test_game_ends_when_every_hike_has_ten_cards() -> None:
    state = GAME.start(3, seed=5)
    steps = 0
    while not state.is_over:
        state = play(state, "take 1")
        steps += 1
    assert steps == 30
    assert all(len(h) == 10 for h in state.hikes)
    assert sorted([*state.row, *state.deck, *(c for h in state.hikes for c in h)]) == list(CARD_IDS)
    assert state.outcome().final


@pytest.mark.rule("bear_mountain:standard.turn")
def test_turns_go_round_in_seat_order() -> None:
    state = GAME.start(4, seed=2)
    order = []
    for _ in range(8):
        (p,) = state.to_act
        order.append(p)
        state = play(state, "take 3")
    assert order == [0, 1, 2, 3, 0, 1, 2, 3]


def test_wrong_moves_are_refused_with_the_rule() -> None:
    state = GAME.start(2, seed=1)
    assert_refused(GAME, state, "pick c01", "drafting")
    assert_refused(GAME, state, "draw", "solo")
    with pytest.raises(IllegalActionError, match="not player 1's turn"):
        state.apply(GAME.parse_action("take 1"), 1)

"""Big Kid drafting: face-down picks passed left, 3 placed / 1 reserved, either end."""

from __future__ import annotations

import pytest

from meeple.bear_mountain import GAME
from meeple.bear_mountain import Options
from meeple.core import IllegalActionError
from meeple.testing import assert_refused

from .helpers import pick_lowest
from .helpers import play
from .helpers import texts

DRAFT = Options(mode="draft")


@pytest.mark.rule("bear_mountain:draft.pick")
def test_picks_are_face_down_and_hands_pass_left_after_everyone_picked() -> None:
    state = GAME.start(3, seed=8, options=DRAFT)
    hands = state.hands
    card = hands[0][3]
    state = play(state, f"pick c{card:02d}", player=0)
    assert state.to_act == {1, 2}
    assert state.picks[0] == (card,)
    # Player 0's pick is hidden from the others, who see only a count.
    assert state.view(1).pick_counts == (1, 0, 0)
    assert state.view(1).picks == ()
    with pytest.raises(IllegalActionError, match="not player 0's turn"):
        play(state, f"pick c{hands[0][0]:02d}", player=0)
    state = play(state, f"pick c{hands[1][0]:02d}", player=1)
    state = play(state, f"pick c{hands[2][0]:02d}", player=2)
    # Everyone passed to the left: seat p now holds what seat p-1 held.
    assert state.hands[1] == tuple(c for c in hands[0] if c != card)
    assert state.hands[2] == hands[1][1:]
    assert state.hands[0] == hands[2][1:]
    assert state.to_act == {0, 1, 2}


@pytest.mark.rule("bear_mountain:draft.lay", "bear_mountain:draft.last")
def test_three_placed_one_reserved_then_either_end_then_the_final_four() -> None:
    state = GAME.start(2, seed=21, options=DRAFT)
    for _ in range(4):
        state = pick_lowest(state)
    assert state.phase == "place"
    assert [len(p) for p in state.picks] == [4, 4]
    first = state.picks[0]
    # The first card of an empty hike has only one way to go.
    assert texts(state.legal_actions(0)) == [f"place c{c:02d} right" for c in first]
    state = play(state, f"place c{first[0]:02d} right", player=0)
    state = play(state, f"place c{first[1]:02d} left", player=0)
    state = play(state, f"place c{first[2]:02d} right", player=0)
    assert state.hikes[0] == (first[1], first[0], first[2])
    assert state.picks[0] == (first[3],)  # the reserved card stays face down
    assert state.to_act == {1}
    assert state.view(1).pick_counts == (1, 4)
    for _ in range(3):
        state = state.apply(state.legal_actions(1)[-1], 1)
    assert state.phase == "pick"
    assert state.round == 1
    for _ in range(3):
        state = pick_lowest(state)
    assert [len(p) for p in state.picks] == [4, 4]  # 1 reserved + 3 new
    hike_before = state.hikes[0]
    card = state.picks[0][0]
    state = play(state, f"place c{card:02d} left", player=0)
    assert state.hikes[0] == (card, *hike_before)  # earlier cards never move
    for _ in range(2):
        state = state.apply(state.legal_actions(0)[-1], 0)
    for _ in range(3):
        state = state.apply(state.legal_actions(1)[0], 1)
    assert state.round == 2
    for _ in range(3):
        state = pick_lowest(state)
    assert state.hands == ((), ())  # no cards remain unselected
    while not state.is_over:
        p = min(state.to_act)
        state = state.apply(state.legal_actions(p)[0], p)
    assert [len(h) for h in state.hikes] == [10, 10]
    assert state.picks == ((), ())


@pytest.mark.rule("bear_mountain:draft.lay")
def test_placing_a_card_you_did_not_select_is_refused() -> None:
    state = GAME.start(2, seed=2, options=DRAFT)
    for _ in range(4):
        state = pick_lowest(state)
    other = state.picks[1][0]
    assert_refused(
        GAME,
        state,
        f"place c{other:02d} right",
        "not among your face-down selected cards",
        player=0,
    )
    mine = state.picks[0][0]
    assert_refused(GAME, state, f"place c{mine:02d} left", "first card", player=0)

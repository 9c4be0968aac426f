"""Big Kid solo: matching edges, the discard pile, bear cards closing hikes, assignment."""

from __future__ import annotations

import pytest

from meeple.bear_mountain import GAME
from meeple.bear_mountain import Options
from meeple.bear_mountain.components import BEAR_CARDS
from meeple.bear_mountain.components import SCORE_BY_SLUG
from meeple.bear_mountain.components import SOLO_SCORES
from meeple.bear_mountain.setup import max_steps
from meeple.bear_mountain.state import Phase
from meeple.testing import assert_refused

from .helpers import play
from .helpers import solo_position
from .helpers import texts

SOLO = Options(mode="solo")
# Card facts used below (see data/landscape_cards.json): 10, 19, 28, 37 are conifer|conifer;
# 8 is hardwood|hardwood; 6 and 24 are meadow|meadow; 2 and 11 are meadow|hardwood;
# 5 is conifer|hardwood. Bear cards: 1 conifer|conifer, 42 meadow|meadow, 44 hardwood|hardwood.
MIXED = [[10], [8], [6], [19], [24]]  # edges: conifer, hardwood, meadow, conifer, meadow
ALL_CONIFER = [[10], [19], [28], [37], [4]]  # every hike ends in conifer


@pytest.mark.rule("bear_mountain:solo.turn", "bear_mountain:solo.which-end")
def test_a_drawn_card_goes_only_where_habitats_match() -> None:
    state = solo_position(MIXED, top=[2])
    state = play(state, "draw")
    assert state.phase == "drawn"
    assert state.drawn == 2
    assert texts(state.legal_actions()) == ["solo c02 hike3", "solo c02 hike5"]
    assert_refused(GAME, state, "solo c02 hike1", "habitats must match")
    state = play(state, "solo c02 hike5")
    assert state.hikes[4] == (24, 2)
    assert state.phase == "draw"


@pytest.mark.rule("bear_mountain:solo.discard")
def test_a_card_with_no_match_goes_face_up_on_the_discard_pile() -> None:
    state = solo_position(ALL_CONIFER, top=[2, 11, 5])
    state = play(state, "draw")
    assert state.discard == (2,)
    assert state.phase == "draw"
    assert texts(state.legal_actions()) == ["draw"]  # the discard top fits nowhere either
    state = play(state, "draw", "draw")  # 11 is discarded too, then 5 is drawn
    assert state.discard == (2, 11)
    assert state.drawn == 5
    assert len(state.legal_actions()) == 5  # conifer fits every hike


@pytest.mark.rule("bear_mountain:solo.turn")
def test_the_discard_top_may_be_placed_instead_of_drawing() -> None:
    state = solo_position(MIXED, discard=[2, 11])
    assert texts(state.legal_actions()) == ["draw", "solo c11 hike3", "solo c11 hike5"]
    assert_refused(GAME, state, "solo c02 hike3", "top card of the discard pile")
    state = play(state, "solo c11 hike3")
    assert state.discard == (2,)
    assert state.hikes[2] == (6, 11)


@pytest.mark.rule("bear_mountain:solo.bear")
def test_a_bear_card_closes_a_matching_hike_when_there_is_one() -> None:
    state = solo_position(MIXED, top=[44])
    state = play(state, "draw")
    assert texts(state.legal_actions()) == ["solo c44 hike2"]
    assert_refused(GAME, state, "solo c44 hike1", "bear card")
    state = play(state, "solo c44 hike2")
    assert state.phase == "assign"
    assert state.active == 1
    # A closed hike takes no more cards, even a matching one.
    closed = solo_position([[10], [8, 44], [6], [19], [24]], top=[26], discard=[])
    closed = play(closed, "draw")
    assert closed.discard == (26,)  # hardwood|hardwood fits only the closed hike


@pytest.mark.rule("bear_mountain:solo.bear")
def test_a_bear_card_with_no_match_may_close_any_open_hike() -> None:
    state = solo_position(ALL_CONIFER, top=[42])
    state = play(state, "draw")
    assert len(state.legal_actions()) == 5


@pytest.mark.rule("bear_mountain:solo.assign")
def test_assigning_one_habitat_or_elevation_and_one_or_two_animals() -> None:
    state = solo_position(MIXED, top=[44])
    state = play(state, "draw", "solo c44 hike2")
    options = texts(state.legal_actions())
    assert "done" not in options
    assert len(options) == 13  # 5 habitat/elevation + 8 animal cards
    assert all(t.endswith("hike2") for t in options)
    state = play(state, "assign longest-hardwood hike2")
    assert not any("longest" in t or "mountain" in t for t in texts(state.legal_actions()))
    assert_refused(GAME, state, "assign biggest-mountain hike2", "one habitat or elevation")
    assert_refused(GAME, state, "assign most-birds hike2", "set aside in the solo game")
    assert_refused(GAME, state, "assign most-deer hike1", "just closed (hike2)")
    assert_refused(GAME, state, "done", "at least 1 animal")
    state = play(state, "assign most-deer hike2")
    assert "done" in texts(state.legal_actions())
    state = play(state, "assign most-foxes hike2")  # the second animal ends the assignment
    assert state.phase == "draw"
    assert state.assigned[1] == (
        SCORE_BY_SLUG["longest-hardwood"],
        SCORE_BY_SLUG["most-deer"],
        SCORE_BY_SLUG["most-foxes"],
    )


@pytest.mark.rule("bear_mountain:solo.assign")
def test_only_assignments_that_leave_the_other_hikes_completable() -> None:
    # Two hikes closed with 1 animal card each; the third has 1 too: 5 animal cards
    # are left for 2 open hikes, which can take at most 4, so "done" is refused.
    filler = [3, 7, 9, 12, 13, 14, 15, 16, 17, 18, 20, 21, 22, 23]
    state = solo_position(
        [[10, 1], [8, 44], [6, 42], [19], [24]],
        discard=filler,
        assigned=[
            ["longest-conifer", "most-deer"],
            ["longest-hardwood", "most-foxes"],
            ["longest-meadow", "most-skunks"],
            [],
            [],
        ],
        active=2,
        phase=Phase.ASSIGN,
    )
    acts = texts(state.legal_actions())
    assert "done" not in acts
    assert len(acts) == 5  # one more animal card: any of the 5 left
    assert_refused(GAME, state, "done", "cannot be spread")


@pytest.mark.rule("bear_mountain:solo.end", "bear_mountain:solo.scoring")
def test_a_seeded_solo_game_ends_with_all_hikes_closed_and_rated() -> None:
    state = GAME.start(1, seed=12, options=SOLO)
    steps = 0
    while not state.is_over:
        state = state.apply(state.legal_actions()[-1])
        steps += 1
    assert steps <= max_steps(1)
    assert all(h[-1] in BEAR_CARDS for h in state.hikes)
    given = sorted(c for cards in state.assigned for c in cards)
    assert given == sorted(SOLO_SCORES)  # every solo score card ends up on a hike
    for cards in state.assigned:
        assert 2 <= len(cards) <= 3
    detail = state.outcome().detail(0)
    assert detail["total"] == state.outcome().scores[0]
    assert detail["rating"].endswith("!")

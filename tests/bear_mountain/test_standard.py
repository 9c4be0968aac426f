"""Standard game: setup, taking face-up cards, hikes of ten, scoring and tie-breaks."""

from __future__ import annotations

import pytest

from meeple.bear_mountain import GAME, Options
from meeple.bear_mountain.components import ANIMAL_SCORES, CARD_IDS
from meeple.bear_mountain.state import State
from meeple.core import IllegalActionError, InvalidOptionsError

from .helpers import cards_where, finished, play, texts


@pytest.mark.parametrize(("players", "count"), [(2, 9), (3, 11), (4, 11)])
def test_setup_score_cards_by_player_count(players: int, count: int) -> None:
    state = GAME.start(players, seed=3)
    assert len(state.score_cards) == count
    assert len(state.row) == 4
    assert len(state.deck) == 45 - 4
    assert state.hikes == ((),) * players
    assert state.to_act == {0}


def test_score_cards_are_drawn_by_the_seed_unless_named() -> None:
    drawn = {GAME.start(2, seed=s).score_cards for s in range(6)}
    assert len(drawn) > 1
    named = [
        "most-birds",
        "most-deer",
        "most-bears",
        "longest-meadow",
        "biggest-mountain",
        "deepest-valley",
        "most-foxes",
        "most-skunks",
        "most-rabbits",
    ]
    state = GAME.start(2, seed=0, options=Options(score_cards=tuple(named)))
    assert len(state.score_cards) == 9
    with pytest.raises(InvalidOptionsError, match="uses 11 score cards"):
        GAME.start(3, seed=0, options=Options(score_cards=tuple(named)))


def test_younger_children_option_leaves_out_habitat_and_elevation() -> None:
    for seed in range(5):
        state = GAME.start(4, seed=seed, options=Options(animals_only=True))
        assert set(state.score_cards) <= set(ANIMAL_SCORES)
    with pytest.raises(ValueError, match="animals_only"):
        Options(animals_only=True, score_cards=("longest-meadow",))


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
    assert "drafting" in (state.check(GAME.parse_action("pick c01")) or "")
    assert "solo" in (state.check(GAME.parse_action("draw")) or "")
    with pytest.raises(IllegalActionError, match="not player 1's turn"):
        state.apply(GAME.parse_action("take 1"), 1)


def _by_count(animal: str) -> list[int]:
    return cards_where(animal=animal)


def test_shared_cards_count_as_points() -> None:
    deer, foxes = _by_count("deer"), _by_count("fox")
    state = finished([[deer[0]], [deer[1], foxes[0]]], ["most-deer", "most-foxes"])
    outcome = state.outcome()
    assert outcome.scores == (1, 2)  # most-deer is shared, most-foxes is p1's alone
    assert outcome.detail(0)["shared"] == outcome.detail(1)["shared"] == 1
    assert outcome.winners == {1}


def test_a_full_tie_is_a_shared_win_without_the_tiebreaker() -> None:
    deer, foxes = _by_count("deer"), _by_count("fox")
    state = finished([deer[:2], [deer[2], foxes[0]]], ["most-deer", "most-foxes"])
    outcome = state.outcome()
    assert outcome.scores == (1, 1)
    assert outcome.winners == {0, 1}
    assert outcome.ranks == (1, 1)


def test_fewest_shared_cards_breaks_a_points_tie() -> None:
    deer, skunks, foxes = _by_count("deer"), _by_count("skunk"), _by_count("fox")
    hikes = [
        [deer[0], skunks[0], skunks[1]],  # shares deer, holds skunks alone: 2 points, 1 shared
        [deer[1], foxes[0]],  # shares deer and foxes: 2 points, 2 shared
        [foxes[1]],  # shares foxes: 1 point
    ]
    outcome = finished(hikes, ["most-deer", "most-skunks", "most-foxes"]).outcome()
    assert outcome.scores == (2, 2, 1)
    assert outcome.winners == {0}
    assert outcome.ranks == (1, 2, 3)


def test_options_refuse_player_count_and_mode_mismatch() -> None:
    assert GAME.start(1, seed=0).options.mode == "solo"  # the default for one player
    assert GAME.start(2, seed=0).options.mode == "standard"
    with pytest.raises(InvalidOptionsError, match="2-4 players"):
        GAME.start(1, seed=0, options=Options(mode="standard"))
    with pytest.raises(InvalidOptionsError, match="2-4 players"):
        GAME.start(1, seed=0, options=Options(mode="draft"))
    with pytest.raises(InvalidOptionsError, match="tiebreaker"):
        GAME.start(1, seed=0, options=Options(tiebreaker=True))
    with pytest.raises(InvalidOptionsError, match="exactly 1 player"):
        GAME.start(2, seed=0, options=Options(mode="solo"))
    with pytest.raises(InvalidOptionsError, match="played by"):
        GAME.start(5, seed=0)
    with pytest.raises(ValueError, match="score_card_count is for draft"):
        Options(mode="standard", score_card_count=5)
    with pytest.raises(ValueError, match="unknown score card"):
        Options(score_cards=("most-moose",))


def test_state_is_frozen_and_apply_does_not_mutate() -> None:
    state = GAME.start(2, seed=9)
    before = (state.row, state.deck, state.hikes)
    play(state, "take 1")
    assert (state.row, state.deck, state.hikes) == before
    assert isinstance(state, State)
    with pytest.raises(AttributeError):
        state.row = ()  # type: ignore[misc]  # proving the state is frozen

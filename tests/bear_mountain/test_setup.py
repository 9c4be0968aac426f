"""Setup: options, the opening position of every mode, and the options each count refuses."""

from __future__ import annotations

import pytest

from meeple.bear_mountain import GAME
from meeple.bear_mountain import Options
from meeple.bear_mountain.components import ANIMAL_SCORES
from meeple.bear_mountain.components import BEAR_CARDS
from meeple.bear_mountain.components import SCORE_BY_SLUG
from meeple.bear_mountain.components import SOLO_SCORES
from meeple.core import InvalidOptionsError
from meeple.core import build_options
from meeple.core import parse_option_strings

DRAFT = Options(mode="draft")
SOLO = Options(mode="solo")


# -- options ------------------------------------------------------------------


def test_options_from_strings() -> None:
    options = parse_option_strings(
        "bear_mountain",
        Options,
        ["mode=draft", "score_cards=most-deer,most-foxes", "tiebreaker=yes"],
    )
    assert options == Options(
        mode="draft", score_cards=("most-deer", "most-foxes"), tiebreaker=True
    )
    state = GAME.start(3, seed=1, options=options)
    assert len(state.score_cards) == 2


@pytest.mark.rule("bear_mountain:standard.score-cards")
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


@pytest.mark.rule("bear_mountain:standard.score-cards")
def test_younger_children_option_leaves_out_habitat_and_elevation() -> None:
    for seed in range(5):
        state = GAME.start(4, seed=seed, options=Options(animals_only=True))
        assert set(state.score_cards) <= set(ANIMAL_SCORES)
    with pytest.raises(ValueError, match="animals_only"):
        Options(animals_only=True, score_cards=("longest-meadow",))


@pytest.mark.rule("bear_mountain:draft.score-cards")
def test_score_card_count_is_an_option() -> None:
    state = GAME.start(2, seed=4, options=Options(mode="draft", score_card_count=5))
    assert len(state.score_cards) == 5


# -- the opening position of each mode -----------------------------------------


@pytest.mark.rule("bear_mountain:standard.score-cards", "bear_mountain:standard.setup")
@pytest.mark.parametrize(("players", "count"), [(2, 9), (3, 11), (4, 11)])
def test_setup_score_cards_by_player_count(players: int, count: int) -> None:
    state = GAME.start(players, seed=3)
    assert len(state.score_cards) == count
    assert len(state.row) == 4
    assert len(state.deck) == 45 - 4
    assert state.hikes == ((),) * players
    assert state.to_act == {0}


@pytest.mark.rule("bear_mountain:draft.deal")
def test_deal_ten_hidden_cards_each_and_set_the_rest_aside() -> None:
    state = GAME.start(4, seed=4, options=DRAFT)
    assert [len(h) for h in state.hands] == [10, 10, 10, 10]
    assert len(state.deck) == 5
    assert state.to_act == {0, 1, 2, 3}
    assert len(state.score_cards) == 11
    view = state.view(1)
    assert view.hand == state.hands[1]
    assert view.hand_counts == (10, 10, 10, 10)
    assert not set(view.hand) & {c for p in (0, 2, 3) for c in state.hands[p]}


@pytest.mark.rule(
    "bear_mountain:solo.setup", "bear_mountain:solo.deck", "bear_mountain:solo.score-cards"
)
def test_setup_five_hikes_and_five_piles_with_one_bear_each() -> None:
    for seed in range(10):
        state = GAME.start(1, seed=seed, options=SOLO)
        assert len(state.hikes) == 5
        assert all(len(h) == 1 and h[0] not in BEAR_CARDS for h in state.hikes)
        assert len(state.deck) == 40
        for pile in range(5):
            chunk = state.deck[8 * pile : 8 * pile + 8]
            assert sum(1 for c in chunk if c in BEAR_CARDS) == 1
        assert state.score_cards == SOLO_SCORES
        assert SCORE_BY_SLUG["most-birds"] not in state.score_cards


# -- options refused ------------------------------------------------------------


@pytest.mark.rule("bear_mountain:options.default-mode")
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


def test_solo_options_are_checked() -> None:
    with pytest.raises(ValueError, match="tiebreaker"):
        Options(mode="solo", tiebreaker=True)
    with pytest.raises(ValueError, match="13 score cards"):
        Options(mode="solo", score_cards=("most-deer",))
    with pytest.raises(InvalidOptionsError, match="exactly 1 player"):
        GAME.start(3, seed=0, options=SOLO)


@pytest.mark.parametrize(
    ("values", "why"),
    [
        ({"mode": "chess"}, "mode"),
        ({"score_card_count": 0}, "score_card_count"),
        ({"mode": "solo", "tiebreaker": True}, "tiebreaker"),
        ({"mode": "draft", "animals_only": True, "score_card_count": 14}, "13"),
        ({"colour": "red"}, "unknown option"),
    ],
)
def test_bad_options_are_refused(values: dict[str, object], why: str) -> None:
    with pytest.raises(InvalidOptionsError, match=why):
        build_options("bear_mountain", Options, values)


def test_options_that_are_not_options_are_refused() -> None:
    with pytest.raises(InvalidOptionsError, match="Options"):
        GAME.start(2, seed=0, options={"mode": "draft"})

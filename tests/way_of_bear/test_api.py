"""The game through the generic API: copies, pickles, matches and records."""

from __future__ import annotations

import copy
import json
import pickle

import pytest

from meeple import GameRecord, Match, dumps, loads
from meeple.core import CorruptDataError
from meeple.way_of_bear import GAME, Options
from meeple.way_of_bear.components import CARDS

from .helpers import build, play, texts

CARD_BACKS = [card.back_seals for card in CARDS]


def test_states_and_actions_copy_and_pickle_to_equal_objects() -> None:
    state = play(GAME.start(3, seed=9), "draw", "draw")
    assert copy.deepcopy(state) == state
    assert pickle.loads(pickle.dumps(state)) == state
    for action in state.legal_actions():
        assert copy.deepcopy(action) is action
        assert pickle.loads(pickle.dumps(action)) is action


def test_a_match_records_and_replays() -> None:
    match = Match(GAME, 2, seed=4, max_rounds=3)
    while not match.state.is_over:
        match.play(match.state.legal_actions()[0])
    record = match.record()
    back = loads(dumps(record))
    assert isinstance(back, GameRecord)
    assert back.replay_with(GAME).state == match.state
    assert record.options == (("max_rounds", 3),)


def test_holding_an_old_card_keeps_the_turn_open_until_pass() -> None:
    # the Dragon Hoard is never played, but holding it is public, so the turn waits
    state = build(
        steles={"v02": "black", "v09": "blue", "v11": "orange", "v17": "orange"},
        hands={0: ["s16"]},
    )
    after = play(state, "draw")
    assert after.current == 0
    assert texts(after.legal_actions()) == ["pass"]
    assert play(after, "pass").current == 1


def test_options_default_to_the_rulebook_game_with_our_round_limit() -> None:
    assert Options().max_rounds == 60
    assert GAME.start(2, seed=1).max_rounds == 60
    assert GAME.spec.max_steps(4) >= 200 * 4 * 20


def test_loading_a_state_that_breaks_conservation_is_refused() -> None:
    state = GAME.start(3, seed=2)
    data = json.loads(dumps(state, game=GAME))
    data["bag"][0] += 1  # a 22nd orange stele
    with pytest.raises(CorruptDataError, match="orange steles add up to 22"):
        loads(json.dumps(data), game=GAME)
    data = json.loads(dumps(state, game=GAME))
    data["deck"] = data["deck"][1:]  # a Seal card vanishes
    with pytest.raises(CorruptDataError, match="each Seal card"):
        loads(json.dumps(data), game=GAME)


def test_determinize_deals_the_current_players_fresh_cards_by_their_backs() -> None:
    state = build(
        steles={"v02": "black", "v09": "blue", "v11": "orange", "v17": "orange"},
        hands={1: ["s02", "s10"]},
        current=1,
        fresh=(1,),  # s02 (back 2) was drawn this turn
    )
    view = state.view(0)
    assert view.fresh_backs == (2,)
    assert view.hand_backs[1] == (0, 2)
    for seed in range(5):
        other = GAME.determinize(view, seed)
        assert other.view(0) == view
        assert [CARD_BACKS[c] for c in other.fresh] == [2]
        assert sorted(CARD_BACKS[c] for c in other.hands[1]) == [0, 2]

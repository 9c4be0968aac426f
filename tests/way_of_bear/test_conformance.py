"""The meeple conformance kit over every player count, plus the generic API: copies,
pickles, matches and records.

The rulebook game's seeds 0-1 (every count, 40 states each) are checked by
tests/test_conformance.py, as for every registered game; the kit here goes on
with seeds 2-3, so the two together check seeds 0-3 once each.
"""

from __future__ import annotations

import copy
import pickle

import pytest

from meeple import GameRecord
from meeple import Match
from meeple import dumps
from meeple import loads
from meeple.testing import check_game
from meeple.way_of_bear import GAME
from meeple.way_of_bear import Options

from .helpers import play


@pytest.mark.parametrize("players", [2, 3, 4])
def test_conformance_kit(players: int) -> None:
    check_game(GAME, players=players, seeds=range(2, 4), steps=40)


def test_conformance_kit_every_state_of_one_game() -> None:
    check_game(GAME, players=[2, 4], seeds=[11], steps=None)


def test_conformance_kit_with_a_round_limit() -> None:
    check_game(GAME, players=[2, 3, 4], seeds=range(2), options=Options(max_rounds=2))


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

"""The kit passes the toy game, and the toy's Hypothesis properties hold."""

from __future__ import annotations

import copy
import pickle
from typing import Any

import attrs
from hypothesis import given

from meeple.core import dumps
from meeple.core import loads
from meeple.testing import check_game
from meeple.testing import perft
from meeple.testing import transcript

from ..strategies import toy_states
from ..toy_game import CARDS
from ..toy_game import TOY
from ..toy_game import Options
from ..toy_game import State


def test_kit_passes_the_toy_game() -> None:
    check_game(TOY, seeds=range(4))


def test_kit_passes_the_toy_game_with_options() -> None:
    check_game(TOY, players=[2, 4], seeds=[5], options=Options(rounds=1))


@given(toy_states)
def test_cards_are_conserved(state: Any) -> None:
    state.validate()
    seen = [*state.deck, *state.played, *(c for h in state.hands for c in h)]
    seen += [c for c in state.picks if c is not None]
    assert sorted(seen) == list(CARDS)


@given(toy_states)
def test_apply_never_mutates_and_is_deterministic(state: Any) -> None:
    before = dumps(state, game=TOY)
    for player in sorted(state.to_act):
        for action in state.legal_actions(player):
            a = state.apply(action, player)
            b = state.apply(action, player)
            assert a == b
            assert hash(a) == hash(b)
    assert dumps(state, game=TOY) == before


@given(toy_states)
def test_codec_and_deepcopy_round_trip(state: Any) -> None:
    assert loads(dumps(state, game=TOY), game=TOY) == state
    assert copy.deepcopy(state) == state
    for p in (None, *range(state.players)):
        assert loads(dumps(state.view(p), game=TOY), game=TOY) == state.view(p)


def test_perft_counts_from_a_seeded_start() -> None:
    # Counted by hand: 2 players pick simultaneously from 3 cards each, so depth 1
    # has 3 + 3 = 6 (player, action) pairs and depth 2 has 6 * 3 = 18 sequences.
    start = TOY.start(2, seed=11)
    assert perft(start, 0) == 1
    assert perft(start, 1) == 6
    assert perft(start, 2) == 18


def test_transcript_is_stable() -> None:
    text = transcript(TOY, 3, seed=4)
    assert text == transcript(TOY, 3, seed=4)
    assert text.startswith("game: toy (rules 1)\nplayers: 3  seed: 4")
    assert "winners:" in text


@attrs.frozen(slots=False)
class DictState(State):
    """The toy state as a dict-based attrs class (some games choose that for speed)."""


def test_states_with_cached_legal_actions_copy_and_pickle() -> None:
    # Regression: a dict-based frozen state that had answered legal_actions could
    # not be deep-copied or pickled (the cache slot was restored through the
    # frozen __setattr__); OpenSpiel deep-copies states, so this broke adapters.
    for state_type in (State, DictState):
        state = attrs.evolve(TOY, state_type=state_type).start(3, seed=1)
        legal = state.legal_actions(0)
        for copied in (copy.deepcopy(state), pickle.loads(pickle.dumps(state))):
            assert copied == state
            assert type(copied) is state_type
            assert copied.legal_actions(0) == legal

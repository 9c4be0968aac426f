"""Properties over random reachable states: conservation, purity, determinism, codecs."""

from __future__ import annotations

import copy
from collections import Counter

from hypothesis import given
from hypothesis import strategies as st

from meeple.core import dumps, loads
from meeple.wypas import GAME
from meeple.wypas.components import BACA_CARDS, DECK, HERDER_CARDS, SHEEP_DECK, TOTAL_CARDS
from meeple.wypas.state import State, cards_in_play

from .strategies import bluff_states, plain_states, states


def _all_110(state: State) -> int:
    """Every card of the box: shuffled cards in play, the baca card, the herders
    (in front of players or in the box), and special cards left in the box."""
    in_box = 0 if state.options.specials else len(DECK) - len(SHEEP_DECK)
    return len(cards_in_play(state)) + BACA_CARDS + HERDER_CARDS + in_box


@given(states)
def test_110_cards_are_always_accounted_for(state: State) -> None:
    assert _all_110(state) == TOTAL_CARDS
    assert Counter(cards_in_play(state)) == Counter(DECK)
    state.validate()


@given(plain_states)
def test_110_cards_without_specials(state: State) -> None:
    assert _all_110(state) == TOTAL_CARDS
    state.validate()


@given(states, st.data())
def test_apply_never_mutates_and_is_deterministic(state: State, data: st.DataObject) -> None:
    if state.is_over:
        return
    before = copy.deepcopy(state)
    text = dumps(state, game=GAME)
    actor = min(state.to_act)
    action = data.draw(st.sampled_from(state.legal_actions(actor)))
    first = state.apply(action, actor)
    assert state == before
    assert dumps(state, game=GAME) == text
    assert state.apply(action, actor) == first
    first.validate()


@given(states)
def test_codec_and_notation_round_trip(state: State) -> None:
    assert loads(dumps(state, game=GAME), game=GAME) == state
    for p in (None, *range(state.players)):
        view = state.view(p)
        assert loads(dumps(view, game=GAME), game=GAME) == view
    for p in state.to_act:
        for action in state.legal_actions(p):
            assert GAME.parse_action(str(action)) == action


@given(states, st.integers(0, 2**32))
def test_views_are_rebuilt_by_determinize(state: State, seed: int) -> None:
    for p in (None, *range(state.players)):
        view = state.view(p)
        world = GAME.determinize(view, seed)
        world.validate()
        assert world.view(p) == view
        if p in state.to_act:
            assert world.legal_actions(p) == state.legal_actions(p)


@given(bluff_states, st.integers(0, 2**32))
def test_bluff_states_conserve_cards_and_hide_face_down_bids(state: State, seed: int) -> None:
    assert _all_110(state) == TOTAL_CARDS
    state.validate()
    for p in (None, *range(state.players)):
        view = state.view(p)
        assert all(d in (-1, -2) for q, d in enumerate(view.down) if q != p)
        world = GAME.determinize(view, seed)
        assert world.view(p) == view

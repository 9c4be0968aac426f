"""Hypothesis properties over random reachable states: conservation, purity, round trips."""

from __future__ import annotations

import copy

from hypothesis import given
from hypothesis import strategies as st

import meeple
from meeple.wojtek import GAME
from meeple.wojtek.components import (
    BEAR_COUNTS,
    BEAR_KINDS,
    CITIES,
    NO_CARD,
    TRAVEL_COUNTS,
    TRAVEL_KINDS,
    load_board,
)
from meeple.wojtek.state import State

from .strategies import ANY_STATES, RULEBOOK_STATES

STATES = RULEBOOK_STATES


def travel_total(state: State) -> tuple[int, ...]:
    out = [0] * TRAVEL_KINDS
    for group in (*state.hands, state.travel_discard, state.pending):
        for k, n in enumerate(group):
            out[k] += n
    for k in state.travel_deck:
        out[k] += 1
    return tuple(out)


def bear_total(state: State) -> tuple[int, ...]:
    out = [0] * BEAR_KINDS
    for group in (*state.collections, state.bear_discard):
        for k, n in enumerate(group):
            out[k] += n
    for k in (*state.bear_deck, *state.display):
        if k != NO_CARD:
            out[k] += 1
    return tuple(out)


@given(ANY_STATES)
def test_cards_are_conserved(state: State) -> None:
    assert travel_total(state) == TRAVEL_COUNTS
    assert sum(TRAVEL_COUNTS) == 55
    assert bear_total(state) == BEAR_COUNTS
    assert sum(BEAR_COUNTS) == 104
    held = [o for o in state.city_owner if o >= 0]
    assert len(state.city_owner) == len(CITIES) == 6
    assert all(0 <= o < state.players for o in held)
    state.validate()


@given(STATES)
def test_one_pawn_per_space_except_shared_spaces(state: State) -> None:
    board = load_board()
    taken = [p for p in state.positions if p not in board.shared]
    assert len(taken) == len(set(taken))


@given(STATES, st.data())
def test_apply_never_mutates_and_is_deterministic(state: State, data: st.DataObject) -> None:
    if state.is_over:
        return
    before = copy.deepcopy(state)
    text = meeple.dumps(state, game=GAME)
    action = data.draw(st.sampled_from(state.legal_actions()))
    first = state.apply(action)
    second = state.apply(action)
    assert state == before
    assert meeple.dumps(state, game=GAME) == text
    assert first == second


@given(STATES)
def test_codec_and_notation_round_trip(state: State) -> None:
    assert meeple.loads(meeple.dumps(state, game=GAME), game=GAME) == state
    for player in (None, *range(state.players)):
        view = state.view(player)
        assert meeple.loads(meeple.dumps(view, game=GAME), game=GAME) == view
    for action in state.legal_actions():
        assert GAME.parse_action(str(action)) == action
        assert GAME.parse_action(f"  {str(action).upper()} ") == action


@given(STATES, st.integers(0, 2**32))
def test_views_hide_hands_and_decks_but_determinize_rebuilds_them(state: State, seed: int) -> None:
    for player in (None, *range(state.players)):
        view = state.view(player)
        other = GAME.determinize(view, seed)
        assert other.view(player) == view
        assert not hasattr(view, "travel_deck")
        assert not hasattr(view, "rng")
        if player is not None:
            assert view.hand == state.hands[player]
        assert view.hand_sizes == tuple(sum(h) for h in state.hands)

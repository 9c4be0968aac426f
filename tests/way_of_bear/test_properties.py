"""Hypothesis properties over random reachable states: conservation, purity, round trips."""

from __future__ import annotations

from typing import Any

from hypothesis import given
from hypothesis import strategies as st

from meeple import dumps, loads
from meeple.testing import reachable_states
from meeple.way_of_bear import GAME, State
from meeple.way_of_bear.components import CARDS, PER_COLOUR, TOKEN_BASE, TOKENS_IN_PLAY

STATES = reachable_states(GAME, max_depth=250)


def _steles(state: State) -> list[int]:
    return [
        state.bag[c] + state.temples[c] + state.board.count(c) + sum(r[c] for r in state.reserves)
        for c in range(4)
    ]


@given(STATES)
def test_all_84_steles_are_always_accounted_for(state: State) -> None:
    assert _steles(state) == [PER_COLOUR] * 4
    assert sum(_steles(state)) == 84


@given(STATES)
def test_tokens_are_conserved(state: State) -> None:
    for k, total in enumerate(TOKENS_IN_PLAY[state.players]):
        on_board = state.board.count(TOKEN_BASE + k)
        assert on_board + sum(t[k] for t in state.tokens) == total


@given(STATES)
def test_seal_cards_are_conserved(state: State) -> None:
    everywhere = [c for h in state.hands for c in h] + list(state.deck) + list(state.played)
    assert sorted(everywhere) == list(range(len(CARDS)))


@given(STATES, st.data())
def test_apply_never_mutates_and_is_deterministic(state: State, data: Any) -> None:
    if state.is_over:
        return
    acts = state.legal_actions()
    action = data.draw(st.sampled_from(acts))
    before = dumps(state, game=GAME)
    first = state.apply(action)
    assert dumps(state, game=GAME) == before
    assert state.apply(action) == first
    assert loads(before, game=GAME).apply(action) == first


@given(STATES)
def test_codec_and_notation_round_trip(state: State) -> None:
    assert loads(dumps(state, game=GAME), game=GAME) == state
    for action in state.legal_actions():
        assert GAME.parse_action(str(action)) is action
    for p in (None, *range(state.players)):
        view = state.view(p)
        assert loads(dumps(view, game=GAME), game=GAME) == view


@given(STATES, st.integers(0, 2**32))
def test_determinize_keeps_the_view_and_the_actors_options(state: State, seed: int) -> None:
    for p in (None, *range(state.players)):
        other = GAME.determinize(state.view(p), seed)
        assert other.view(p) == state.view(p)
        if p is not None and p in state.to_act:
            assert other.legal_actions(p) == state.legal_actions(p)

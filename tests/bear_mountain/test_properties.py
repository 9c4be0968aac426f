"""Hypothesis properties over random reachable states of every mode."""

from __future__ import annotations

from collections import Counter

import pytest
from hypothesis import given
from hypothesis import strategies as st

import meeple
from meeple.bear_mountain import GAME
from meeple.bear_mountain.components import CARD_IDS
from meeple.bear_mountain.state import State

from .strategies import MODES, states


def _all_cards(s: State) -> list[int]:
    return sorted(
        [
            *(c for h in s.hikes for c in h),
            *s.deck,
            *s.row,
            *(c for h in s.hands for c in h),
            *(c for h in s.picks for c in h),
            *s.discard,
            *((s.drawn,) if s.drawn else ()),
        ]
    )


@pytest.mark.parametrize("mode", sorted(MODES))
def test_cards_are_conserved_and_invariants_hold(mode: str) -> None:
    @given(states(mode))
    def check(state: State) -> None:
        assert _all_cards(state) == list(CARD_IDS)
        state.validate()
        counts = Counter(state.score_cards)
        assert all(v == 1 for v in counts.values())

    check()


@pytest.mark.parametrize("mode", sorted(MODES))
def test_apply_never_mutates_and_is_deterministic(mode: str) -> None:
    @given(states(mode), st.data())
    def check(state: State, data: st.DataObject) -> None:
        if state.is_over:
            return
        actor = data.draw(st.sampled_from(sorted(state.to_act)))
        action = data.draw(st.sampled_from(state.legal_actions(actor)))
        text = meeple.dumps(state, game=GAME)
        first = state.apply(action, actor)
        assert meeple.dumps(state, game=GAME) == text
        assert state.apply(action, actor) == first
        assert GAME.parse_action(str(action)) == action

    check()


@pytest.mark.parametrize("mode", sorted(MODES))
def test_codec_round_trips_states_and_views(mode: str) -> None:
    @given(states(mode))
    def check(state: State) -> None:
        assert meeple.loads(meeple.dumps(state, game=GAME), game=GAME) == state
        for p in (None, *range(state.players)):
            view = state.view(p)
            assert meeple.loads(meeple.dumps(view, game=GAME), game=GAME) == view

    check()


@pytest.mark.parametrize("mode", sorted(MODES))
def test_views_do_not_depend_on_hidden_cards(mode: str) -> None:
    @given(states(mode), st.integers(0, 2**32))
    def check(state: State, seed: int) -> None:
        for p in (None, *range(state.players)):
            view = state.view(p)
            other = GAME.determinize(view, seed)
            assert other.view(p) == view
            other.validate()
            if p is not None and p in state.to_act:
                assert other.legal_actions(p) == state.legal_actions(p)

    check()


@given(st.text(max_size=30))
def test_parse_action_accepts_only_notation(text: str) -> None:
    try:
        action = GAME.parse_action(text)
    except meeple.MalformedActionError:
        return
    assert GAME.parse_action(str(action)) == action

"""Hidden information: hands, the face-down lot, what a Thief saw; determinize."""

from __future__ import annotations

from typing import cast

import pytest

from meeple.testing import random_playout
from meeple.wypas import GAME
from meeple.wypas.state import REDYK
from meeple.wypas.state import TAKE
from meeple.wypas.state import State

from .helpers import arrange
from .helpers import hand
from .helpers import play


@pytest.mark.rule("wypas:hidden.views")
def test_hands_are_counts_for_others() -> None:
    state = GAME.start(4, seed=5)
    view = state.view(2)
    assert view.hand == state.hands[2]
    assert view.hand_counts == (5, 5, 5, 5)
    assert state.view(None).hand == ()
    assert "rng" not in set(type(view).__slots__)


@pytest.mark.rule("wypas:hidden.views")
def test_drawn_lots_are_seen_by_the_baca_only() -> None:
    state = GAME.start(4, seed=5)
    assert state.view(0).drawn == state.drawn
    assert state.view(1).drawn == ()
    assert state.view(1).drawn_count == 3


@pytest.mark.rule("wypas:specials.thief-take", "wypas:hidden.views")
def test_determinize_keeps_what_the_thief_saw() -> None:
    state = arrange(
        4, phase=REDYK, actor=0, hands=(hand("thief"), hand("red-1", "wolf"), hand(), hand())
    )
    state = play(state, "thief p1", "pass", "pass", "pass")
    assert state.phase == TAKE
    for seed in range(5):
        other = GAME.determinize(state.view(0), seed)
        assert other.hands[1] == hand("red-1", "wolf")
        assert other.view(0) == state.view(0)
        assert other.legal_actions(0) == state.legal_actions(0)


def test_determinize_resamples_what_a_seat_cannot_see() -> None:
    _, _, states = random_playout(GAME, 5, seed=2, limit=300)
    for any_state in states[::25]:
        state = cast(State, any_state)
        for p in (None, 0, 3):
            view = state.view(p)
            worlds = {GAME.determinize(view, seed) for seed in range(4)}
            assert all(w.view(p) == view for w in worlds)
            assert len({w.deck for w in worlds}) > 1 or view.deck_count <= 1


def test_the_opening_prompt_asks_the_baca_to_hide_a_lot() -> None:
    # tests/test_views_all_games.py checks the landmarks of this opening's picture.
    assert "hide one of the drawn lots" in GAME.start(3, seed=1).prompt()

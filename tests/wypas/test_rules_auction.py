"""The auction: the hidden lot, naming lots, bids built card by card, passing, winning.

The rulebook's illustrated auction is in test_rulebook_examples.py."""

from __future__ import annotations

import pytest

from meeple.testing import assert_refused
from meeple.wypas import GAME
from meeple.wypas.state import CHOOSE

from .helpers import choose
from .helpers import hand
from .helpers import k
from .helpers import play
from .helpers import texts


@pytest.mark.rule("wypas:auction.lots", "wypas:hidden.views")
def test_the_baca_hides_one_lot_and_sees_it_alone() -> None:
    state = GAME.start(4, seed=3)
    hidden = state.drawn[0]
    state = state.apply(state.legal_actions()[0])
    assert state.face_down == hidden
    assert len(state.lots) == 2
    assert state.view(0).face_down == hidden
    assert all(state.view(p).face_down == -1 for p in (1, 2, 3, None))
    assert state.view(2).has_face_down
    # The player left of the baca opens.
    assert (state.phase, state.actor) == (CHOOSE, 1)


@pytest.mark.rule("wypas:auction.win")
def test_when_everyone_passes_the_baca_takes_the_lot() -> None:
    state = choose((k("red-1"),), k("wolf"), (hand(), hand(), hand(), hand()))
    state = play(state, "auction down", "pass", "pass", "pass", "pass")
    assert state.hands[0] == hand("wolf")
    assert state.face_down == -1
    assert state.phase == CHOOSE
    assert state.actor == 2


@pytest.mark.rule("wypas:auction.open", "wypas:auction.pass")
def test_the_opener_must_name_a_lot_but_may_pass_at_once() -> None:
    state = choose((k("red-1"),), -1, (hand(), hand("red-2"), hand(), hand()))
    assert texts(state.legal_actions()) == ["auction red-1"]
    state = play(state, "auction red-1", "pass")
    assert state.actor == 2


@pytest.mark.rule("wypas:hidden.views")
def test_face_down_lot_becomes_known_to_the_baca_only() -> None:
    hands = (hand(), hand(), hand("green-4"), hand())
    state = choose((), k("super"), hands)
    state = play(state, "auction down", "pass", "bid green-4", "done", "pass", "pass")
    assert state.hands[2] == hand("super")
    assert state.view(0).known[2] == hand("super")
    assert state.view(1).known[2] == ()
    assert state.view(3).known[2] == ()


@pytest.mark.rule("wypas:auction.bid")
def test_dolly_bids_count_a_chosen_value() -> None:
    state = choose((k("red-1"),), -1, (hand(), hand("dolly-green", "super"), hand(), hand()))
    acts = texts(state.apply(GAME.parse_action("auction red-1")).legal_actions())
    assert "bid dolly-green as 6" in acts
    assert "bid super as 1" in acts
    assert len(acts) == 1 + 12


@pytest.mark.rule("wypas:auction.bid", "wypas:notation.refusals")
def test_special_cards_cannot_be_bid() -> None:
    state = choose((k("red-1"),), -1, (hand(), hand("thief"), hand(), hand()))
    state = play(state, "auction red-1")
    assert texts(state.legal_actions()) == ["pass"]  # the Thief has nobody with cards to rob
    # `bid thief` reads as a bid, and the rules refuse it with the reason.
    assert assert_refused(GAME, state, "bid thief") == (
        "bids are made with sheep; special cards are not bid face up"
    )

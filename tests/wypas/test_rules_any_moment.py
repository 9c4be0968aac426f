"""Special cards "at any moment", during your own turn: between your bids on a lot,
between your placements in redyk, during your shearing turn.

The seat to act finds the special cards it could play among its choices; after the
reactions (and a Thief's pick) the same seat goes on with its turn. Nobody else is
asked anything when no other seat holds a special card it could play. Special cards
played by a seat whose turn it is not (an offer) are in `test_rules_offers.py`.
"""

from __future__ import annotations

import pytest

from meeple.wypas.state import BID
from meeple.wypas.state import REACT
from meeple.wypas.state import REDYK
from meeple.wypas.state import SHEAR
from meeple.wypas.state import TAKE
from meeple.wypas.state import State

from .helpers import EMPTY
from .helpers import arrange
from .helpers import hand
from .helpers import k
from .helpers import pen
from .helpers import play
from .helpers import sheep
from .helpers import texts


def auction(holder: tuple[int, ...]) -> State:
    """Seat 2 of 4 bids on a green-5 after seat 1 bid 3 with a red-3."""
    return arrange(
        4,
        phase=BID,
        lot=k("green-5"),
        opener=1,
        actor=2,
        high=1,
        bids=(0, 3, 0, 0),
        laid=(EMPTY, hand("red-3"), EMPTY, EMPTY),
        hands=(hand("red-1"), hand("yellow-4"), holder, hand("orange-2", "orange-3")),
    )


@pytest.mark.rule("wypas:specials.any-moment", "wypas:specials.reactions")
def test_a_thief_is_played_while_a_lot_is_being_bid_on() -> None:
    state = auction(hand("red-1", "thief"))
    assert "thief p3" in texts(state.legal_actions())
    state = play(state, "thief p3")
    assert (state.phase, state.resume) == (REACT, (BID, 2))
    assert (state.lot, state.bids) == (k("green-5"), (0, 3, 0, 0))  # the auction waits
    state = play(state, "pass", "pass", "pass")  # seats 3, 0, 1 let it stand
    assert (state.phase, state.actor) == (TAKE, 2)
    state = play(state, "take orange-3")
    # Back to the same bidder, who bids with the stolen sheep.
    assert (state.phase, state.actor, state.to_act) == (BID, 2, frozenset({2}))
    assert state.hands[2] == hand("red-1", "orange-3")
    state = play(state, "bid orange-3", "bid red-1", "done")
    assert (state.high, state.bids[2]) == (2, 4)


@pytest.mark.rule("wypas:specials.any-moment")
def test_a_black_sheep_is_played_on_a_pen_filled_earlier_in_the_same_redyk() -> None:
    state = arrange(
        4,
        phase=REDYK,
        actor=0,
        hands=(hand("red-1", "red-2"), hand("black", "green-6"), EMPTY, EMPTY),
    )
    state = play(state, "pen 1 red-1", "pen 1 red-2", "done")
    assert state.actor == 1
    assert "black p0 pen1 red-2" in texts(state.legal_actions())
    state = play(state, "black p0 pen1 red-2")
    assert (state.phase, state.resume) == (REACT, (REDYK, 1))
    state = play(state, "pass", "pass", "pass")
    assert (state.phase, state.actor) == (REDYK, 1)
    assert state.pens[0][0] == (sheep("red-1"), sheep("black"))
    state = play(state, "pen 1 red-2", "pen 2 green-6")
    assert state.pens[1] == (pen("red-2"), pen("green-6"))


@pytest.mark.rule("wypas:specials.any-moment")
def test_a_sheepdog_drives_a_wolf_off_during_your_own_shearing_turn() -> None:
    state = arrange(
        4,
        phase=SHEAR,
        actor=0,
        hands=(hand("dog"), EMPTY, EMPTY, EMPTY),
        pens=(
            (pen("red-1", "red-2", "red-3"), EMPTY),
            (EMPTY, EMPTY),
            (EMPTY, EMPTY),
            (EMPTY, EMPTY),
        ),
        wolves=(1, 0, 0, 0),
    )
    assert texts(state.legal_actions()) == ["done", "shear 1 meee", "shear 1", "dog p0 pen1"]
    state = play(state, "dog p0 pen1")
    assert (state.phase, state.resume) == (REACT, (SHEAR, 0))
    state = play(state, "pass", "pass", "pass")
    assert (state.phase, state.actor, state.wolves[0]) == (SHEAR, 0, 0)
    state = play(state, "shear 1 meee")
    assert state.points[0] == 6


@pytest.mark.rule("wypas:specials.secret-holders")
def test_holding_a_special_card_adds_no_question_and_shows_nothing() -> None:
    holder = auction(hand("red-1", "thief"))
    plain = auction(hand("red-1", "red-2"))
    for state in (holder, plain):
        assert state.to_act == frozenset({2})
        for seat in (None, 0, 1, 3):
            view = state.view(seat)
            assert (view.to_act, view.phase) == (frozenset({2}), BID)
    # The other seats' views differ only in what they always could see: nothing.
    for seat in (None, 0, 1, 3):
        a, b = holder.view(seat), plain.view(seat)
        assert (a.to_act, a.phase, a.actor, a.hand_counts) == (
            b.to_act,
            b.phase,
            b.actor,
            b.hand_counts,
        )
    # Bidding on without playing takes exactly the steps it took before.
    after_holder = play(holder, "pass")
    after_plain = play(plain, "pass")
    assert (after_holder.phase, after_holder.actor) == (after_plain.phase, after_plain.actor)
    # A seat whose special card has no target is offered nothing more.
    lone = auction(hand("red-1", "wolf"))  # no pen holds two sheep
    assert texts(lone.legal_actions()) == ["pass", "bid red-1"]

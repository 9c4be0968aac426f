"""The advanced bluff rule: face-down bids, checking by matching, the reveal."""

from __future__ import annotations

import pytest

from meeple.core import IllegalActionError
from meeple.wypas import Options
from meeple.wypas.state import AWARD, BID, CHOOSE, WINDOW, State

from .helpers import arrange, hand, k, play, texts

BLUFF = Options(bluff=True)


def auction(*hands: tuple[int, ...], lot: str = "green-5") -> State:
    """Seat 1 opens the auction of `lot`; seat 0 is the baca."""
    state = arrange(
        len(hands),
        options=BLUFF,
        phase=CHOOSE,
        actor=1,
        opener=1,
        lots=(k(lot),),
        hands=tuple(hands),
    )
    return play(state, f"auction {lot}")


def test_a_face_down_card_adds_its_declared_value_and_stays_hidden() -> None:
    state = auction(hand(), hand("red-1", "red-2"), hand(), hand())
    acts = texts(state.legal_actions())
    assert "bid down red-1 as 6" in acts
    assert "bid down red-2 as 1" in acts
    state = play(state, "bid down red-1 as 6")
    assert state.bids[1] == 6
    assert state.view(1).down[1] == k("red-1")
    assert state.view(2).down[1] == -2  # another seat sees a card, not which
    assert state.view(2).declared[1] == 6
    # Only one face-down card per player and lot.
    assert not [a for a in texts(state.legal_actions()) if a.startswith("bid down")]
    with pytest.raises(IllegalActionError, match="only one face-down card"):
        play(state, "bid down red-2 as 3")


def test_a_caught_bluff_loses_to_the_checker() -> None:
    state = auction(hand(), hand("red-1"), hand("yellow-2", "yellow-4"), hand())
    state = play(state, "bid down red-1 as 6", "done")
    state = play(state, "bid yellow-2")
    assert "check" not in texts(state.legal_actions())  # 2 does not match 6
    state = play(state, "bid yellow-4")
    assert texts(state.legal_actions())[:2] == ["pass", "check"]
    state = play(state, "check", "pass", "pass")  # seats 3 and 0 are out
    # Everyone still in matched: the red 1 is shown, worth 1 against 6.
    assert k("green-5") in state.hands[2]
    assert k("red-1") in state.discard  # the face-down card is discarded face up
    assert state.phase in (WINDOW, CHOOSE)


def test_the_bluffer_wins_a_tie_with_the_checker() -> None:
    state = auction(hand(), hand("yellow-5"), hand("green-5"), hand())
    state = play(state, "bid down yellow-5 as 5", "done", "bid green-5", "check", "pass", "pass")
    assert k("green-5") in state.hands[1]


def test_outbidding_a_bluff_continues_the_auction() -> None:
    state = auction(hand(), hand("red-1", "red-4"), hand("green-6", "green-1"), hand())
    state = play(state, "bid down red-1 as 5", "done", "bid green-6", "done")
    assert state.phase == BID
    assert state.high == 2
    assert state.checkers == 0
    state = play(state, "pass", "pass")  # seats 3 and 0
    assert state.actor == 1
    assert "check" not in texts(state.legal_actions())  # seat 2's bid is face up
    state = play(state, "pass")
    assert k("green-5") in state.hands[2]


def test_a_special_card_bid_face_down_is_worth_nothing() -> None:
    state = auction(hand(), hand("wolf"), hand("red-1"), hand())
    assert "bid down wolf as 1" in texts(state.legal_actions())
    state = play(state, "bid down wolf as 1", "done", "bid red-1", "check", "pass", "pass")
    assert k("green-5") in state.hands[2]


def test_the_baca_settles_other_ties() -> None:
    hands = (hand(), hand("wolf"), hand("red-3"), hand("green-3"))
    state = auction(*hands)
    state = play(state, "bid down wolf as 3", "done", "bid red-3", "check", "bid green-3", "check")
    # Seat 0 (the baca) must still act in the auction: it passes.
    state = play(state, "pass")
    assert state.phase == AWARD
    assert state.actor == 0
    assert texts(state.legal_actions()) == ["award p2", "award p3"]
    state = play(state, "award p3")
    assert k("green-5") in state.hands[3]
    state.validate()


def test_bluff_actions_are_refused_without_the_option() -> None:
    state = arrange(
        4, phase=CHOOSE, actor=1, opener=1, lots=(k("red-2"),), hands=((), hand("red-1"), (), ())
    )
    state = play(state, "auction red-2")
    with pytest.raises(IllegalActionError, match="bluff rule"):
        play(state, "bid down red-1 as 6")

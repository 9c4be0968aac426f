"""The advanced bluff rule: face-down bids, checking by matching, the reveal."""

from __future__ import annotations

import pytest

from meeple.core import IllegalActionError
from meeple.core import codec
from meeple.wypas import Options
from meeple.wypas.state import AWARD
from meeple.wypas.state import BID
from meeple.wypas.state import CHOOSE
from meeple.wypas.state import REDYK
from meeple.wypas.state import State

from .helpers import arrange
from .helpers import hand
from .helpers import k
from .helpers import play
from .helpers import texts

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


@pytest.mark.rule("wypas:bluff.face-down")
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


@pytest.mark.rule("wypas:bluff.check", "wypas:bluff.reveal")
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
    assert state.phase == REDYK  # no lot is left


@pytest.mark.rule("wypas:bluff.reveal")
def test_the_bluffer_wins_a_tie_with_the_checker() -> None:
    state = auction(hand(), hand("yellow-5"), hand("green-5"), hand())
    state = play(state, "bid down yellow-5 as 5", "done", "bid green-5", "check", "pass", "pass")
    assert k("green-5") in state.hands[1]


@pytest.mark.rule("wypas:bluff.check")
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


@pytest.mark.rule("wypas:bluff.face-down")
def test_a_special_card_bid_face_down_is_worth_nothing() -> None:
    state = auction(hand(), hand("wolf"), hand("red-1"), hand())
    assert "bid down wolf as 1" in texts(state.legal_actions())
    state = play(state, "bid down wolf as 1", "done", "bid red-1", "check", "pass", "pass")
    assert k("green-5") in state.hands[2]


@pytest.mark.rule("wypas:bluff.reveal")
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


@pytest.mark.rule("wypas:bluff.unchecked-secret")
def test_an_unchecked_bluff_card_stays_secret_from_every_other_seat() -> None:
    from meeple.wypas import GAME
    from meeple.wypas.html import render_html
    from meeple.wypas.render import render

    state = auction(hand(), hand("magenta-1"), hand("yellow-2"), hand())
    state = play(state, "bid down magenta-1 as 6", "done", "pass", "pass", "pass")
    # Nobody checked: seat 1 takes the lot unseen, and the card goes face down.
    assert k("green-5") in state.hands[1]
    assert k("magenta-1") in state.discard  # the full state keeps every card
    assert state.buried[1] == hand("magenta-1")
    mine = state.view(1)
    assert k("magenta-1") in mine.discard
    assert mine.buried == hand("magenta-1")
    for seat in (None, 0, 2, 3):
        view = state.view(seat)
        assert k("magenta-1") not in view.discard
        assert (view.buried, view.buried_counts) == ((), (0, 1, 0, 0))
        assert "magenta-1" not in render(view)
        assert "magenta-1" not in render_html(view)
        assert "magenta 1" not in render_html(view).lower()
        # A re-dealt world need not put the card back where it really is.
        worlds = [GAME.determinize(view, seed) for seed in range(12)]
        assert all(w.view(seat) == view for w in worlds)
        assert any(w.buried[1] != hand("magenta-1") for w in worlds)
    # The hidden counts add up in every view (loading a view checks them).
    for seat in (None, 0, 1, 2, 3):
        view = state.view(seat)
        assert codec.loads(codec.dumps(view, game=GAME), game=GAME) == view


@pytest.mark.rule("wypas:bluff.unchecked-secret", "wypas:bluff.reveal")
def test_a_checked_bluff_is_shown_to_everyone() -> None:
    state = auction(hand(), hand("red-1"), hand("yellow-2", "yellow-4"), hand())
    state = play(state, "bid down red-1 as 6", "done", "bid yellow-2", "bid yellow-4")
    state = play(state, "check", "pass", "pass")
    assert state.buried == ((), (), (), ())
    assert all(k("red-1") in state.view(seat).discard for seat in (None, 0, 1, 2, 3))


@pytest.mark.rule("wypas:bluff.unchecked-secret")
def test_a_face_down_card_of_a_seat_that_passed_stays_secret_at_a_reveal() -> None:
    state = auction(hand(), hand("red-1"), hand("red-2", "yellow-4"), hand("orange-1", "green-6"))
    # Seat 1 bluffs 6; seat 2 checks; seat 3 lays a face-down card, then passes.
    state = play(state, "bid down red-1 as 6", "done", "bid red-2", "bid yellow-4", "check")
    state = play(state, "bid down orange-1 as 2", "pass", "pass")
    assert state.buried[3] == hand("orange-1")
    assert k("red-1") in state.view(0).discard  # the two matched bids were shown
    assert k("orange-1") not in state.view(0).discard

"""One test per worked example of the Wypas rulebook: its pictures and its "for
example" cases, each test saying in our own words where in the rulebook it stands."""

from __future__ import annotations

import pytest

from meeple.core import IllegalActionError
from meeple.wypas import components as c
from meeple.wypas.state import BID
from meeple.wypas.state import CHOOSE

from .helpers import accepts
from .helpers import choose
from .helpers import hand
from .helpers import k
from .helpers import pen
from .helpers import play
from .helpers import redyk
from .helpers import sheep
from .helpers import texts


@pytest.mark.rule("wypas:components.dolly")
def test_the_illustrated_sheep_cards() -> None:
    # "Cards", "Sheep Cards": the picture shows an orange 1 and a 3 in green, magenta
    # and yellow, and the text says red sheep come as 1, 2, 3 and 4. The auction's
    # picture ("1. Auction") adds a yellow 3, a thief and a green 5.
    for name in ("orange-1", "green-3", "magenta-3", "yellow-3", "green-5", "thief"):
        assert c.KIND_COUNT[c.NAME_KIND[name]] >= 1
    red = [c.KIND_VALUE[kind] for kind in range(c.SHEEP_KINDS) if c.KIND_NAME[kind][:4] == "red-"]
    assert red == [1, 2, 3, 4]


@pytest.mark.rule(
    "wypas:auction.lots", "wypas:auction.open", "wypas:auction.bid", "wypas:auction.win"
)
def test_the_illustrated_auction() -> None:
    # "1. Auction": the baca has laid one card face down; a yellow 3 (here the hidden
    # card), a thief and a green 5 lie face up. We play it out: bids are laid card by
    # card, each new bid at least 1 higher, passing drops out of this lot only, the
    # winner takes the lot and every bid card is discarded.
    hands = (hand(), hand("red-3", "green-2"), hand("yellow-6"), hand("orange-1", "orange-2"))
    state = choose((k("thief"), k("green-5")), k("yellow-3"), hands)
    assert texts(state.legal_actions()) == ["auction down", "auction green-5", "auction thief"]
    state = play(state, "auction green-5")
    assert state.phase == BID
    assert state.actor == 1
    # A bid is built card by card; "done" only once it beats the bid in force.
    assert texts(state.legal_actions()) == ["pass", "bid red-3", "bid green-2"]
    state = play(state, "bid green-2", "done")
    assert state.bids[1] == 2
    assert state.high == 1
    assert state.actor == 2
    with pytest.raises(IllegalActionError, match="at least 1"):
        play(state, "done")
    state = play(state, "bid yellow-6", "done")
    # Seats 3 and 0 (the baca bids too) pass and are out of this lot.
    state = play(state, "pass", "pass")
    # Seat 1 raises on top of the cards it has already laid.
    assert state.actor == 1
    state = play(state, "bid red-3")
    assert state.bids[1] == 5
    with pytest.raises(IllegalActionError, match="you have 5, you need at least 7"):
        play(state, "done")
    state = play(state, "pass")
    # Everyone else passed: seat 2 takes the lot, all bid cards are discarded.
    assert k("green-5") in state.hands[2]
    # Everybody saw the face-up lot go to seat 2; views remember it.
    assert all(state.view(p).known[2] == hand("green-5") for p in (0, 1, 3))
    assert sorted(state.discard) == sorted(hand("green-2", "red-3", "yellow-6"))
    assert state.hands[1] == ()
    assert state.hands[3] == hand("orange-1", "orange-2")
    # The player left of the previous opener opens the next lot.
    assert state.phase == CHOOSE
    assert state.actor == 2
    state.validate()


@pytest.mark.rule("wypas:redyk.rows")
def test_three_four_five_may_stand_three_five_six_may_not() -> None:
    # "2. Redyk": sheep of one colour are laid from the lowest value up, so 3, 4 and 5
    # may be laid out, but not 3, 5 and 6.
    state = redyk(hand("yellow-3", "yellow-4", "yellow-5", "yellow-6"))
    allowed = play(state, "pen 1 yellow-3", "pen 1 yellow-4", "pen 1 yellow-5")
    assert allowed.pens[0][0] == pen("yellow-3", "yellow-4", "yellow-5")
    gap = play(state, "pen 1 yellow-3")
    assert "pen 1 yellow-5" not in texts(gap.legal_actions())
    with pytest.raises(IllegalActionError, match="rising run without gaps"):
        play(gap, "pen 1 yellow-5")
    assert gap.check(gap.legal_actions()[0]) is None


@pytest.mark.rule("wypas:redyk.rows")
def test_the_illustrated_herder_with_two_rows() -> None:
    # "2. Redyk", the picture: one pen holds red 1 to 4, the other 4s of several colours.
    state = redyk(hand("red-1", "red-2", "red-3", "red-4"))
    state = play(state, "pen 1 red-1", "pen 1 red-2", "pen 1 red-3", "pen 1 red-4")
    assert state.pens[0][0] == pen("red-1", "red-2", "red-3", "red-4")
    state = redyk(hand("red-4", "green-4", "magenta-4"))
    state = play(state, "pen 2 red-4", "pen 2 green-4", "pen 2 magenta-4")
    assert state.pens[0][1] == pen("red-4", "green-4", "magenta-4")


@pytest.mark.rule("wypas:specials.black")
def test_a_black_sheep_and_a_green_three_remain() -> None:
    # "Special Cards", the note after the Wolf: when a black sheep and a green 3 are
    # left in a pen, the owner may add other 3s or other green sheep, whatever the
    # row held before.
    row = (sheep("black"), sheep("green-3"))
    assert accepts(row) == {"green-4", "red-3", "orange-3", "yellow-3", "magenta-3"}
    # Whatever the row was before: a black sheep that replaced green 4 in 2,3,4 ...
    run = (sheep("green-2"), sheep("green-3"), sheep("black"))
    assert accepts(run) == {"green-4"}
    assert accepts((sheep("black"), sheep("black"))) == set(accepts(()))

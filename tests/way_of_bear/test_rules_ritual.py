"""The ritual phase: a temple's 5th space empties it into the bag, and the player may
take a stele from another temple; several Rituals can happen in one turn."""

from __future__ import annotations

import attrs
import pytest

from meeple.testing import assert_refused
from meeple.way_of_bear import GAME
from meeple.way_of_bear.components import PER_COLOUR
from meeple.way_of_bear.spots import offering
from meeple.way_of_bear.state import State

from .helpers import COLOUR
from .helpers import CORNER
from .helpers import VILLAGE
from .helpers import build
from .helpers import counts
from .helpers import play
from .helpers import texts


@pytest.mark.rule("way_of_bear:ritual.trigger")
def test_ritual_empties_the_temple_into_the_bag_and_offers_a_stele_from_another() -> None:
    state = build(
        steles=CORNER,
        reserves={0: {"orange": 1, "black": 1, "blue": 1}},
        temples={"black": 4, "white": 2},
    )
    paid = play(state, "place orange v01", "pay black")
    assert paid.phase == "ritual"
    assert paid.temples == counts({"white": 2})
    assert paid.bag[COLOUR["black"]] == state.bag[COLOUR["black"]] + 5
    # the emptied temple is not offered; taking is optional
    assert texts(paid.legal_actions()) == ["ritual-take white", "ritual-skip"]
    took = play(paid, "ritual-take white")
    assert took.phase == "pay"
    assert took.reserves[0] == counts({"blue": 1, "white": 1})
    skipped = play(paid, "ritual-skip")
    assert skipped.phase == "pay"
    assert skipped.reserves[0] == counts({"blue": 1})


@pytest.mark.rule("way_of_bear:ritual.trigger")
def test_ritual_with_every_other_temple_empty_asks_nothing() -> None:
    state = build(
        steles=CORNER,
        reserves={0: {"orange": 1, "black": 1, "blue": 1}},
        temples={"black": 4},
    )
    paid = play(state, "place orange v01", "pay black")
    assert paid.phase == "pay"
    assert paid.temples == (0, 0, 0, 0)


@pytest.mark.rule("way_of_bear:ritual.several")
def test_two_rituals_in_one_turn() -> None:
    state = build(
        steles=CORNER,
        reserves={0: {"orange": 1, "black": 1, "blue": 1}},
        temples={"black": 4, "blue": 4, "white": 3},
    )
    after = play(state, "place orange v01", "pay black", "ritual-take white", "pay blue")
    assert after.phase == "ritual"
    after = play(after, "ritual-take white")
    assert after.temples == counts({"white": 1})
    total = sum(after.bag) + sum(after.temples) + sum(after.reserves[0]) + 5
    assert total == 4 * PER_COLOUR  # 5 steles on the board, none in other reserves


@pytest.mark.rule("way_of_bear:ritual.several")
def test_ritual_part_way_through_paying_the_same_temple() -> None:
    # v01 touches two black steles: the first pays onto the 5th space, the Ritual
    # empties the temple, and the second black starts it again.
    steles = {"v02": "black", "v09": "black", "v11": "orange", "v17": "orange"}
    state = build(
        steles=steles,
        reserves={0: {"blue": 1, "black": 2}},
        temples={"black": 4, "orange": 1},
    )
    placed = play(state, "place blue v01")
    assert placed.owed == counts({"black": 2})
    after = play(placed, "pay black", "ritual-skip")
    assert after.phase == "pay"
    assert after.temples[COLOUR["black"]] == 0
    after = play(after, "pay black")
    assert after.temples[COLOUR["black"]] == 1
    assert after.current == 1


# -- a stele a Ritual brings in pays the rest of the same offering (issue 15, item 4)


def _short_of_blue() -> State:
    """v01 costs a black and a blue; the reserve holds a black but no blue. Paying the
    black fills the black temple's last space, and the Ritual can bring a blue in."""
    return build(
        steles=CORNER,
        reserves={0: {"orange": 1, "black": 1}},
        temples={"black": 4, "blue": 1, "white": 1},
    )


@pytest.mark.rule("way_of_bear:pay.ritual-stele")
def test_an_offering_is_affordable_with_the_stele_its_own_ritual_brings_in() -> None:
    state = _short_of_blue()
    assert "place orange v01" in texts(state.legal_actions())
    placed = play(state, "place orange v01")
    assert texts(placed.legal_actions()) == ["pay black"]
    ritual = play(placed, "pay black")
    assert ritual.phase == "ritual"
    # only the blue keeps the offering payable: skipping or taking white would strand it
    assert texts(ritual.legal_actions()) == ["ritual-take blue"]
    done = play(ritual, "ritual-take blue", "pay blue")
    assert done.current == 1
    assert done.reserves[0] == (0, 0, 0, 0)
    assert done.temples == counts({"blue": 1, "white": 1})
    assert done.bag[COLOUR["black"]] == state.bag[COLOUR["black"]] + 5


@pytest.mark.rule("way_of_bear:pay.ritual-stele")
def test_a_choice_that_would_strand_the_offering_is_refused_with_the_rule() -> None:
    ritual = play(_short_of_blue(), "place orange v01", "pay black")
    for text in ("ritual-skip", "ritual-take white"):
        assert_refused(GAME, ritual, text, "offering", "pay in full")


@pytest.mark.rule("way_of_bear:pay.ritual-stele", "way_of_bear:pay.offering")
def test_without_a_ritual_in_reach_the_reserve_alone_must_pay() -> None:
    state = build(
        steles=CORNER,
        reserves={0: {"orange": 1, "black": 1}},
        temples={"black": 3, "blue": 1, "white": 1},  # paying the black fills no last space
    )
    assert "place orange v01" not in texts(state.legal_actions())
    assert assert_refused(GAME, state, "place orange v01") == (
        "the reserve cannot pay the offering (one stele of each neighbouring stele's colour)"
    )


@pytest.mark.rule("way_of_bear:pay.ritual-stele")
def test_a_ritual_in_reach_that_cannot_make_up_the_shortfall_is_named() -> None:
    state = build(  # v01 costs a black and a blue; only orange could run a Ritual
        steles=CORNER,
        reserves={0: {"orange": 2}},
        temples={"orange": 4, "black": 1, "blue": 1},
    )
    assert offering(state.board, VILLAGE["v01"]) == counts({"black": 1, "blue": 1})
    assert "place orange v01" not in texts(state.legal_actions())
    assert_refused(GAME, state, "place orange v01", "not even with the steles Rituals")


@pytest.mark.rule("way_of_bear:pay.ritual-stele")
def test_a_loaded_payment_that_cannot_be_finished_is_refused() -> None:
    placed = play(_short_of_blue(), "place orange v01")
    black = COLOUR["black"]  # one black stele from the temple to the bag: no Ritual left
    stuck = attrs.evolve(
        placed,
        temples=counts({"black": 3, "blue": 1, "white": 1}),
        bag=tuple(n + (c == black) for c, n in enumerate(placed.bag)),
    )
    with pytest.raises(ValueError, match="offering can still be paid"):
        stuck.validate()

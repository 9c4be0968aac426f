"""The ritual phase: a temple's 5th space empties it into the bag, and the player may
take a stele from another temple; several Rituals can happen in one turn."""

from __future__ import annotations

from meeple.way_of_bear.components import PER_COLOUR

from .helpers import COLOUR, CORNER, build, counts, play, texts


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


def test_ritual_with_every_other_temple_empty_asks_nothing() -> None:
    state = build(
        steles=CORNER,
        reserves={0: {"orange": 1, "black": 1, "blue": 1}},
        temples={"black": 4},
    )
    paid = play(state, "place orange v01", "pay black")
    assert paid.phase == "pay"
    assert paid.temples == (0, 0, 0, 0)


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

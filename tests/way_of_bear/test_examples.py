"""The rulebook's worked examples and each rule of a turn, on hand-made positions."""

from __future__ import annotations

import pytest

from meeple.core import IllegalActionError
from meeple.way_of_bear import GAME
from meeple.way_of_bear.components import PER_COLOUR

from .helpers import COLOUR, VILLAGE, build, counts, kind, play, texts

# The corner of the board used by the examples: black on v02, blue on v09, orange on
# v11 and v17. v01 touches black and blue only; v10 touches orange; v30 touches nothing.
CORNER = {"v02": "black", "v09": "blue", "v11": "orange", "v17": "orange"}


def test_orange_stele_may_go_only_where_no_orange_neighbour_is_and_some_stele_is() -> None:
    state = build(steles=CORNER, reserves={0: {"orange": 1, "black": 1, "blue": 1}})
    orange = [t for t in texts(state.legal_actions()) if t.startswith("place orange")]
    assert orange == ["place orange v01"]
    # the top red cross: next to an orange stele
    reason = state.check(GAME.parse_action("place orange v10"))
    assert reason is not None
    assert "same colour" in reason
    # the bottom red cross: next to no stele at all
    reason = state.check(GAME.parse_action("place orange v30"))
    assert reason is not None
    assert "next to at least one other stele" in reason
    with pytest.raises(IllegalActionError, match="same colour"):
        state.apply(GAME.parse_action("place orange v10"))


def test_after_placing_orange_the_offering_is_one_black_and_one_blue() -> None:
    state = build(steles=CORNER, reserves={0: {"orange": 1, "black": 1, "blue": 1}})
    placed = play(state, "place orange v01")
    assert placed.phase == "pay"
    assert placed.owed == counts({"black": 1, "blue": 1})
    assert texts(placed.legal_actions()) == ["pay black", "pay blue"]
    # either order is the player's choice; both end with one more stele on each temple
    for order in (("pay black", "pay blue"), ("pay blue", "pay black")):
        done = play(placed, *order)
        assert done.temples == counts({"orange": 1, "black": 2, "blue": 2, "white": 1})
        assert done.current == 1  # nothing else to do: the turn passed on
        assert done.reserves[0] == (0, 0, 0, 0)
    assert placed.board[VILLAGE["v01"]] == COLOUR["orange"]


def test_acquiring_takes_the_token_onto_the_matching_column() -> None:
    state = build(
        steles=CORNER,
        token_at={"v01": kind("commerce", sealed=True)},
        reserves={0: {"orange": 1, "black": 1, "blue": 1}},
    )
    done = play(state, "place orange v01", "pay black", "pay blue")
    assert done.tokens[0][kind("commerce", sealed=True)] == 1


def test_a_placement_the_reserve_cannot_pay_for_is_refused() -> None:
    state = build(steles=CORNER, reserves={0: {"orange": 1, "black": 1}})
    reason = state.check(GAME.parse_action("place orange v01"))
    assert reason is not None
    assert "cannot pay the offering" in reason


def test_a_full_column_refuses_more_tokens_of_its_type() -> None:
    religion = kind("religion")
    state = build(
        steles={**CORNER, "v08": "white", "v32": "white"},  # where the two tokens came from
        token_at={"v01": religion},
        reserves={0: {"orange": 1, "black": 1, "blue": 1}},
        player_tokens={0: [religion, religion]},
    )
    reason = state.check(GAME.parse_action("place orange v01"))
    assert reason is not None
    assert "religion column" in reason


def test_take_two_steles_from_the_temples() -> None:
    state = build(steles=CORNER, temples={"orange": 2, "black": 1})
    takes = [t for t in texts(state.legal_actions()) if t.startswith("take")]
    assert takes == ["take orange orange", "take orange black"]
    after = play(state, "take orange black")
    assert after.reserves[0] == counts({"orange": 1, "black": 1})
    assert after.temples == counts({"orange": 1})
    assert after.current == 1


def test_draw_three_steles_at_random_from_the_bag() -> None:
    state = build(steles=CORNER)
    after = play(state, "draw")
    assert sum(after.reserves[0]) == 3
    assert sum(after.bag) == sum(state.bag) - 3


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


def test_reserve_above_ten_at_the_end_of_the_turn_returns_the_players_choice() -> None:
    state = build(steles=CORNER, reserves={0: {"orange": 5, "black": 4}})
    after = play(state, "draw")
    assert sum(after.reserves[0]) == 12
    assert after.phase == "return"
    assert after.current == 0
    options = texts(after.legal_actions())
    assert all(t.startswith("return ") for t in options)
    drawn = after
    after = play(after, "return orange")
    assert after.phase == "return"
    after = play(after, "return orange")
    assert after.current == 1
    assert after.reserves[0][COLOUR["orange"]] == drawn.reserves[0][COLOUR["orange"]] - 2
    assert sum(after.reserves[0]) == 10
    assert after.bag[COLOUR["orange"]] == drawn.bag[COLOUR["orange"]] + 2


def test_pass_only_when_no_regular_action_is_possible() -> None:
    state = build(steles=CORNER, reserves={0: {"orange": 1}})
    assert "pass" not in texts(state.legal_actions())
    # every stele is on the board, on the one temple space used or in other reserves
    stuck = build(
        steles=CORNER,
        temples={"orange": 1},
        reserves={1: {"orange": 18, "black": 20}, 2: {"blue": 20, "white": 21}},
    )
    assert stuck.bag == (0, 0, 0, 0)
    assert texts(stuck.legal_actions()) == ["pass"]
    assert play(stuck, "pass").current == 1

"""The end: what starts the last round, who still plays, the round limit (phase OVER).

Positions are hand-made on the standard board (route colours: see `helpers`).
"""

from __future__ import annotations

import pytest

from meeple.wojtek import Options
from meeple.wojtek.components import BEAR_KINDS

from .helpers import FILLER
from .helpers import RED
from .helpers import bear
from .helpers import collection
from .helpers import hand
from .helpers import on_route
from .helpers import play
from .helpers import position
from .helpers import route


@pytest.mark.rule("wojtek:end.trigger", "wojtek:end.last-round")
def test_a_complete_set_starts_the_last_round() -> None:
    five_food = collection(
        "corned beef", "fruits and honey", "condensed milk", "marmalade", "dates"
    )
    display = list(position(2, positions=[route(6), route(30)]).display)
    display[RED] = bear("sweets")
    state = on_route(
        (6, 30, 20),
        hand("red", "red", "red", "red", "red"),
        display=display,
        collections=[five_food, (0,) * BEAR_KINDS, (0,) * BEAR_KINDS],
    )
    after = play(state, "truck red")
    assert after.ending
    assert after.last_round == (2,)
    assert after.to_act == frozenset({1})
    s = play(after, "exchange green", "done", "exchange green", "done")
    assert s.is_over
    assert s.outcome().scores[0] == 6
    assert s.outcome().winners == frozenset({0})


@pytest.mark.rule("wojtek:end.substitutes")
def test_person_cards_do_not_complete_the_set_that_ends_the_game() -> None:
    # Our reading: the end trigger needs six different real cards of one type.
    five_flags = collection(
        "flag of poland",
        "flag of britain",
        "flag of iran",
        "flag of egypt",
        "flag of italy",
        "person",
    )
    display = list(position(2, positions=[route(6), route(30)]).display)
    display[RED] = bear("person")
    state = position(
        2,
        positions=[route(6), route(30)],
        display=display,
        collections=[five_flags, (0,) * BEAR_KINDS],
    )
    after = play(state, "truck red")
    assert not after.ending
    assert after.outcome().scores[0] == 6  # but it scores as a complete set


@pytest.mark.rule("wojtek:end.last-round")
def test_the_last_round_runs_in_seat_order_across_the_round_boundary() -> None:
    # Seat 1 completes a set: seats 2 and then 0 (in the next round) play once more.
    five_fun = collection("wrestling", "swimming", "football", "truck ride", "shower")
    display = list(position(2, positions=[route(6), route(30)]).display)
    display[RED] = bear("boxing")
    state = on_route(
        (40, 27, 20),
        FILLER,
        hand("red", "red", "orange", "yellow", "green"),
        current=1,
        display=display,
        collections=[(0,) * BEAR_KINDS, five_fun, (0,) * BEAR_KINDS],
    )
    after = play(state, "truck red")
    assert after.ending
    assert after.last_round == (0,)
    assert after.to_act == frozenset({2})
    s = play(after, "exchange green", "done")
    assert s.to_act == frozenset({0})
    assert s.round == state.round + 1
    end = play(s, "exchange green", "done")
    assert end.is_over
    assert end.outcome().winners == frozenset({1})


@pytest.mark.rule("wojtek:end.round-limit")
def test_the_round_limit_ends_a_stalled_game() -> None:
    state = position(2, positions=[route(6), route(30)], round_=3, options=Options(round_limit=3))
    s = play(state, "exchange red", "done")
    assert s.to_act == frozenset({1})
    end = play(s, "exchange red", "done")
    assert end.is_over
    assert end.round == 3

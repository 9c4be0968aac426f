"""Arriving: city cards, the display refresh, Edinburgh and its any-box choice (phase BOX).

Positions are hand-made on the standard board (route colours: see `helpers`).
"""

from __future__ import annotations

from typing import Any

import pytest

from meeple.wojtek import Options
from meeple.wojtek.state import BOX
from meeple.wojtek.state import OVER
from meeple.wojtek.state import State

from .helpers import BOARD
from .helpers import BOLOGNA
from .helpers import EDINBURGH
from .helpers import FILLER
from .helpers import PINK
from .helpers import VIOLET
from .helpers import bear
from .helpers import colour
from .helpers import hand
from .helpers import last_orange_truck
from .helpers import names
from .helpers import on_route
from .helpers import play
from .helpers import position
from .helpers import route


def _truck_into_bologna_without_refresh(seat_1_at: int, **more: Any) -> State:
    """Seat 0 trucks from route 45 into Bologna (pink) with dates on top of the bear deck,
    where the city must not refresh the display: the pink box's card is replaced by the
    dates and nothing is discarded. The state after the move."""
    state = on_route(
        (45, seat_1_at), hand("pink", "red", "red", "red", "red"), bear_top=[bear("dates")], **more
    )
    after = play(state, "truck pink")
    assert sum(after.bear_discard) == 0
    assert after.display[PINK] == bear("dates")
    return after


@pytest.mark.rule("wojtek:city.first")
def test_later_arrivals_in_a_city_take_only_a_bear_card() -> None:
    after = _truck_into_bologna_without_refresh(50, city_owner=[-1, -1, -1, -1, 1, -1])
    assert after.city_owner[BOLOGNA] == 1


@pytest.mark.rule("wojtek:city.first")
def test_younger_children_keep_the_display_at_cities() -> None:
    after = _truck_into_bologna_without_refresh(30, options=Options(no_city_refresh=True))
    assert after.city_owner[BOLOGNA] == 0


@pytest.mark.rule("wojtek:city.landing")
def test_jumping_over_a_city_does_not_claim_it() -> None:
    state = on_route((45, 46), hand("pink", "red", "red", "red", "red"))
    after = play(state, "truck pink")
    assert after.positions[0] == route(54)
    assert after.city_owner[BOLOGNA] == -1


@pytest.mark.rule("wojtek:edinburgh.arrive", "wojtek:end.trigger", "wojtek:end.last-round")
def test_truck_to_edinburgh_takes_the_truck_colour_box_and_starts_the_last_round() -> None:
    state = last_orange_truck()  # Edinburgh counts as every colour
    after = play(state, "truck orange")
    assert after.positions[0] == BOARD.finish
    assert after.city_owner[EDINBURGH] == 0
    assert after.collections[0][state.display[colour("orange")]] == 1
    assert sum(after.bear_discard) == 6  # first arrival replaces the display
    assert after.ending
    assert after.to_act == frozenset({1})
    assert after.last_round == (2,)
    s = play(after, "exchange green", "done")
    assert s.to_act == frozenset({2})
    assert s.last_round == ()
    end = play(s, "exchange green", "done")
    assert end.is_over
    assert end.phase == OVER
    assert end.outcome().final


@pytest.mark.rule("wojtek:edinburgh.arrive")
def test_walking_into_edinburgh_takes_a_bear_card_from_any_box() -> None:
    state = on_route((54, 30, 20), hand("rainbow", "red", "red", "red", "red"))
    walks = [n for n in names(state.legal_actions()) if n.startswith("walk")]
    assert walks == ["walk blue", "walk edinburgh"]
    s = play(state, "walk edinburgh")
    assert s.phase == BOX
    assert s.positions[0] == BOARD.finish
    assert len(s.legal_actions()) == 7
    after = play(s, "box violet")
    assert after.collections[0][state.display[VIOLET]] == 1
    assert sum(after.bear_discard) == 6
    assert after.ending
    assert after.to_act == frozenset({1})


@pytest.mark.rule("wojtek:edinburgh.arrive", "wojtek:edinburgh.refresh")
def test_edinburgh_holds_any_number_of_pawns_and_finished_players_never_act() -> None:
    state = position(
        3,
        positions=[BOARD.finish, route(54), route(20)],
        current=1,
        city_owner=[-1, -1, -1, -1, -1, 0],
        ending=True,
        last_round=(2,),
        hands=[FILLER, hand("orange", "red", "red", "red", "red"), FILLER],
    )
    after = play(state, "truck orange")
    assert after.positions[:2] == (BOARD.finish, BOARD.finish)
    assert after.city_owner[EDINBURGH] == 0  # only the first arrival takes the card
    assert after.to_act == frozenset({2})
    end = play(after, "exchange green", "done")
    assert end.is_over

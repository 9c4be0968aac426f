"""The start of a turn (phases TURN and EXCHANGE): trucks, walks, exchanges, refusals.

Positions are hand-made on the standard board (route colours: see `helpers`).
"""

from __future__ import annotations

import pytest

from meeple.core import IllegalActionError
from meeple.testing import assert_refused
from meeple.wojtek import GAME
from meeple.wojtek.components import RAINBOW
from meeple.wojtek.state import EXCHANGE

from .helpers import BLUE
from .helpers import BOARD
from .helpers import YELLOW
from .helpers import hand
from .helpers import names
from .helpers import on_route
from .helpers import play
from .helpers import position
from .helpers import route


@pytest.mark.rule("wojtek:move.walk-block")
def test_walking_is_impossible_when_the_next_space_holds_a_pawn() -> None:
    state = on_route((6, 7), hand("rainbow", "red", "red", "pink", "pink"))
    assert not [n for n in names(state.legal_actions()) if n.startswith("walk")]


@pytest.mark.rule("wojtek:move.walk-block", "wojtek:edinburgh.last-resort")
def test_a_pawn_in_the_way_blocks_walking_into_edinburgh() -> None:
    state = on_route((54, 55), hand("rainbow", "red", "red", "red", "red"))
    assert not [n for n in names(state.legal_actions()) if n.startswith("walk")]


@pytest.mark.rule("wojtek:edinburgh.last-resort", "wojtek:move.truck")
def test_a_truck_jumps_to_edinburgh_when_every_space_of_its_colour_is_taken() -> None:
    # From route 54 the only blue space ahead is route 55; with a pawn on it, Edinburgh.
    state = on_route((54, 55), hand("blue", "red", "red", "red", "red"))
    after = play(state, "truck blue")
    assert after.positions[0] == BOARD.finish
    assert after.collections[0][state.display[BLUE]] == 1


@pytest.mark.rule(
    "wojtek:turn.choice", "wojtek:turn.exchange", "wojtek:turn.exchange-one", "wojtek:turn.refill"
)
def test_exchange_discards_chosen_cards_refills_and_takes_no_bear_card() -> None:
    state = on_route(
        (6, 30), hand("red", "red", "blue", "pink", "pink"), travel_top=[YELLOW, RAINBOW]
    )
    s = play(state, "exchange red")
    assert s.phase == EXCHANGE
    assert names(s.legal_actions()) == ["exchange red", "exchange blue", "exchange pink", "done"]
    after = play(s, "exchange pink", "done")
    assert after.hands[0] == hand("red", "blue", "pink", "rainbow", "yellow")
    assert after.positions == state.positions
    assert after.collections == state.collections
    assert after.display == state.display
    assert after.travel_discard == hand("red", "pink")
    assert after.to_act == frozenset({1})


@pytest.mark.rule("wojtek:turn.choice", "wojtek:turn.exchange-one")
def test_refusals_name_the_rule() -> None:
    state = position(2, positions=[route(6), route(30)])
    with pytest.raises(IllegalActionError) as err:
        state.apply(GAME.parse_action("truck violet"))
    assert "truck" in err.value.reason
    assert_refused(GAME, state, "done", "exchange")
    assert_refused(GAME, state, "exchange violet", "no violet travel card")
    assert_refused(GAME, state, "drop red")

"""Round 1, the deportation (phases DEPORT and DEPORT_TO)."""

from __future__ import annotations

import pytest

from meeple.wojtek.components import RAINBOW
from meeple.wojtek.state import DEPORT
from meeple.wojtek.state import DEPORT_TO
from meeple.wojtek.state import TURN

from .helpers import BLUE
from .helpers import BOARD
from .helpers import VIOLET
from .helpers import names
from .helpers import play
from .helpers import position


@pytest.mark.rule("wojtek:deport.draw")
def test_deportation_rainbow_card_lets_the_player_choose_the_site() -> None:
    state = position(2, positions=[BOARD.start] * 2, phase=DEPORT, round_=1, travel_top=[RAINBOW])
    chosen = play(state, "draw")
    assert chosen.phase == DEPORT_TO
    assert names(chosen.legal_actions()) == [
        f"to {c}" for c in ("red", "orange", "yellow", "green", "blue", "violet", "pink")
    ]
    after = play(chosen, "to violet")
    assert after.positions[0] == BOARD.sites[VIOLET]
    assert after.collections[0][state.display[VIOLET]] == 1


@pytest.mark.rule("wojtek:deport.draw", "wojtek:move.forward")
def test_deportation_sites_hold_several_pawns_and_round_two_follows() -> None:
    state = position(
        2, positions=[BOARD.start] * 2, phase=DEPORT, round_=1, travel_top=[BLUE, BLUE]
    )
    after = play(state, "draw", "draw")
    assert after.positions == (BOARD.sites[BLUE],) * 2
    assert after.round == 2
    assert after.phase == TURN
    assert after.to_act == frozenset({0})

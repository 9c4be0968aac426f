"""The round's frame: the deal, the order of the phases, drawing, the change of baca."""

from __future__ import annotations

import pytest

from meeple.wypas import GAME
from meeple.wypas.components import DECK
from meeple.wypas.components import HAND_SIZE
from meeple.wypas.state import BID
from meeple.wypas.state import CHOOSE
from meeple.wypas.state import HIDE
from meeple.wypas.state import REDYK
from meeple.wypas.state import SHEAR
from meeple.wypas.state import Phase

from .helpers import EMPTY
from .helpers import arrange
from .helpers import hand
from .helpers import pen
from .helpers import play
from .helpers import walk


@pytest.mark.rule("wypas:setup.deal")
def test_every_player_gets_five_cards_and_seat_zero_is_the_first_baca() -> None:
    for players in (3, 4, 5, 6):
        state = GAME.start(players, seed=players)
        assert all(len(h) == HAND_SIZE for h in state.hands)
        assert (state.baca, state.phase, state.actor) == (0, HIDE, 0)
        lots = 2 if players == 3 else 3
        assert len(state.drawn) == lots
        assert len(state.deck) == len(DECK) - players * HAND_SIZE - lots


@pytest.mark.rule("wypas:round.phases")
def test_the_phases_come_in_the_rulebook_order() -> None:
    states = walk(4, 11, GAME.options_type())
    first_round = [s.phase for s in states if s.round == 1]
    order: list[Phase] = []
    for phase in first_round:
        if phase in (HIDE, CHOOSE, BID, REDYK, SHEAR) and (not order or order[-1] != phase):
            order.append(phase)
    # The auction phases (hide, then lots chosen and bid on), then redyk, then shearing.
    assert order[0] == HIDE
    assert order.index(REDYK) > max(i for i, p in enumerate(order) if p in (CHOOSE, BID))
    if SHEAR in order:
        assert order.index(SHEAR) > order.index(REDYK)
    assert all(p != HIDE for p in order[1:])  # one auction per round


@pytest.mark.rule("wypas:draw.three", "wypas:baca.change")
def test_after_shearing_everyone_draws_three_and_the_baca_card_moves_left() -> None:
    hands = (hand("red-1"), EMPTY, hand("green-2", "green-3"), hand("yellow-4"))
    state = arrange(
        4,
        phase=SHEAR,
        actor=3,
        finished=3,
        hands=hands,
        pens=((EMPTY, EMPTY), (EMPTY, EMPTY), (EMPTY, EMPTY), (pen("red-2"), EMPTY)),
    )
    state = play(state, "done")
    assert [len(h) for h in state.hands] == [len(h) + 3 for h in hands]
    assert (state.round, state.baca, state.phase, state.actor) == (2, 1, HIDE, 1)


@pytest.mark.rule("wypas:shear.fleeces")
def test_each_fleece_is_kept_apart_and_everybody_can_count_them() -> None:
    state = arrange(
        4,
        phase=SHEAR,
        actor=0,
        hands=(EMPTY,) * 4,
        pens=(
            (pen("red-1", "red-2", "red-3"), pen("green-4", "yellow-4", "orange-4")),
            *((EMPTY, EMPTY),) * 3,
        ),
    )
    state = play(state, "shear 1 meee", "shear 2 meee")
    assert state.fleeces[0] == (
        hand("red-1", "red-2", "red-3"),
        hand("green-4", "yellow-4", "orange-4"),
    )
    for seat in (None, 1, 2, 3):
        assert len(state.view(seat).fleeces[0]) == 2

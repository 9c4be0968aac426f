"""The bots' heuristic: bounded, and it prefers what a sensible herder prefers."""

from __future__ import annotations

import pytest

from meeple.core import rng
from meeple.wypas import GAME
from meeple.wypas.heuristic import TOP
from meeple.wypas.heuristic import heuristic
from meeple.wypas.state import REDYK
from meeple.wypas.state import SHEAR

from .helpers import arrange
from .helpers import hand
from .helpers import pen
from .helpers import play


@pytest.mark.parametrize("players", [3, 6])
def test_values_stay_in_range_over_random_games(players: int) -> None:
    state = GAME.start(players, seed=players)
    chooser = rng.seed_rng(1)
    steps = 0
    while not state.is_over and steps < 3000:
        values = GAME.heuristic(state)
        assert len(values) == players
        assert all(0.0 <= v <= TOP for v in values)
        seat = min(state.to_act)
        action, chooser = rng.choice(chooser, state.legal_actions(seat))
        state = state.apply(action, seat)
        steps += 1


def test_shearing_with_a_bleat_beats_keeping_the_pen_and_a_silent_shear() -> None:
    state = arrange(
        3,
        phase=SHEAR,
        actor=0,
        pens=((pen("red-1", "red-2", "red-3"), pen("green-4", "green-5")), ((), ()), ((), ())),
    )
    keep = heuristic(state)[0]
    bleat = heuristic(play(state, "shear 1 meee"))[0]
    silent = heuristic(play(state, "shear 1"))[0]
    assert bleat > keep
    assert bleat > silent


def test_a_sheep_in_a_pen_is_worth_more_than_in_hand() -> None:
    state = arrange(
        3,
        phase=REDYK,
        actor=0,
        hands=(hand("red-3"), (), ()),
        pens=((pen("red-1", "red-2"), ()), ((), ()), ((), ())),
    )
    assert heuristic(play(state, "pen 1 red-3"))[0] > heuristic(state)[0]

"""Sequential drivers ask the seats asked in secret first (a Wypas offer), so that the
public move does not always end their chance; other games keep their order."""

from __future__ import annotations

import numpy as np
import pyspiel
import pytest

from meeple.adapters.gymnasium import MeepleEnv
from meeple.adapters.openspiel import register
from meeple.adapters.pettingzoo import env
from meeple.core import asking_order
from meeple.core import public_to_act
from meeple.wypas import GAME

from ..toy_game import TOY

pytestmark = [
    pytest.mark.filterwarnings("ignore:Observation is not a NumPy array:UserWarning"),
    pytest.mark.filterwarnings("ignore:Observation space for each agent probably:UserWarning"),
]


def test_asking_order_puts_secret_seats_first_and_keeps_other_games_as_they_were() -> None:
    state = GAME.start(4, seed=0)  # the baca hides a lot; seat 3 is offered its Thief
    assert (public_to_act(state), asking_order(state)) == (frozenset({0}), (3, 0))
    toy = TOY.start(3, seed=0)  # a simultaneous pick: everybody, in seat order
    assert (public_to_act(toy), asking_order(toy)) == (frozenset({0, 1, 2}), (0, 1, 2))


def test_pettingzoo_selects_the_offered_seat_before_the_seat_to_act() -> None:
    e = env("wypas", 4, max_rounds=1)
    secret = 0
    for game in range(3):
        e.reset(seed=game)
        sampler = np.random.default_rng(game)
        for agent in e.agent_iter():
            state = e.state
            if state.is_over:
                e.step(None)
                continue
            assert agent == f"player_{asking_order(state)[0]}"
            secret += len(state.to_act) > 1
            mask = e.observe(agent)["action_mask"]
            e.step(int(sampler.choice(np.flatnonzero(mask))))
    assert secret > 0  # offers did come up, and went first


def test_gymnasium_lets_offered_bots_move_before_the_learners_public_move() -> None:
    made = MeepleEnv("wypas", players=4, seat=0, opponents=["random"], max_rounds=1)
    returned = 0
    for game in range(3):
        made.reset(seed=game)
        sampler = np.random.default_rng(game)
        while not made.state.is_over:
            state = made.state
            secret = state.to_act - public_to_act(state)
            assert 0 in state.to_act
            assert not secret or secret == {0}  # no bot's offer was skipped
            returned += 1
            mask = made._observation()["action_mask"]
            made.step(int(sampler.choice(np.flatnonzero(mask))))
    assert returned > 0


def test_openspiel_asks_the_offered_seat_first_after_every_move() -> None:
    # Regression: a position made by a move took min(to_act), so after the first move
    # the public seat was asked before a seat offered a special card.
    game = pyspiel.load_game(register("wypas"), {"players": 4, "seed": 0, "max_rounds": 1})
    secret = 0
    for seed in range(3):
        state = game.new_initial_state()
        sampler = np.random.default_rng(seed)
        while not state.is_terminal():
            meeple_state = state.meeple_state
            assert state.current_player() == asking_order(meeple_state)[0]
            secret += len(meeple_state.to_act) > 1
            state.apply_action(int(sampler.choice(state.legal_actions())))
    assert secret > 0  # offers did come up, and went first

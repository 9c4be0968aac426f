"""Games and states pickle, in both registrations (issue 16, finding 3).

The module docstring promised that states pickle; neither registration did
(``GetRNGState unimplemented`` for the sampled one, a PicklingError on the
dynamically created game class for both). multiprocessing and Ray send games
and states between processes by pickling them.
"""

from __future__ import annotations

import multiprocessing
import pickle
import random
from concurrent.futures import ProcessPoolExecutor
from typing import Any

import pyspiel
import pytest

from meeple.adapters.openspiel import register

from ..shared import SHORT_OPTIONS
from ..toy_game import TOY

# (registration arguments, load_game parameters); TOY is not in meeple's registry,
# so its game pickles the Game object itself rather than its registry name.
CASES = [
    pytest.param((TOY, False), {"players": 3, "seed": 4}, id="toy"),
    pytest.param((TOY, True), {"players": 2, "seed": 4}, id="toy-fixed"),
    pytest.param(("bear_mountain", False), {"players": 1, "seed": 2}, id="bear_mountain"),
    pytest.param(("wypas", False), {"players": 4, **SHORT_OPTIONS["wypas"]}, id="wypas"),
    pytest.param(("wojtek", True), {"players": 3, "seed": 9}, id="wojtek-fixed"),
]


def load(registration: tuple[Any, bool], params: dict[str, Any]) -> Any:
    game, fixed_deal = registration
    return pyspiel.load_game(register(game, fixed_deal=fixed_deal), params)


def play(state: Any, moves: int, seed: int) -> Any:
    chooser = random.Random(seed)
    for _ in range(moves):
        if state.is_terminal():
            break
        legal = state.legal_actions()
        state.apply_action(legal[chooser.randrange(len(legal))])
    return state


def same(a: Any, b: Any) -> None:
    """Everything OpenSpiel and meeple can tell about two states agrees."""
    assert a.meeple_state == b.meeple_state
    assert a.history() == b.history()
    assert a.move_number() == b.move_number()
    assert a.is_terminal() == b.is_terminal()
    assert a.returns() == b.returns()
    assert a.legal_actions() == b.legal_actions()
    assert str(a) == str(b)
    for p in range(a.num_players()):
        assert a.information_state_string(p) == b.information_state_string(p)
        assert a.observation_tensor(p) == b.observation_tensor(p)


@pytest.mark.parametrize(("registration", "params"), CASES)
def test_states_pickle_at_the_start_midway_and_at_the_end(
    registration: tuple[Any, bool], params: dict[str, Any]
) -> None:
    game = load(registration, params)
    for moves in (0, 7, 10_000):
        state = play(game.new_initial_state(), moves, seed=moves)
        copy = pickle.loads(pickle.dumps(state))
        same(copy, state)
        assert copy.get_game() == state.get_game()
        # Both go on to the same end.
        same(play(copy, 10_000, seed=1), play(state, 10_000, seed=1))


@pytest.mark.parametrize(("registration", "params"), CASES)
def test_games_pickle_and_resume_their_seed_sequence(
    registration: tuple[Any, bool], params: dict[str, Any]
) -> None:
    game = load(registration, params)
    play(game.new_initial_state(), 3, seed=0)  # the first game takes the first seed
    copy = pickle.loads(pickle.dumps(game))
    assert copy == game  # same name and parameters
    assert copy.reward_scheme == game.reward_scheme
    assert copy.new_initial_state().meeple_state == game.new_initial_state().meeple_state


def test_states_of_one_game_unpickle_sharing_one_game() -> None:
    game = load((TOY, False), {"players": 2})
    states = [play(game.new_initial_state(), n, seed=n) for n in (1, 2)]
    first, second = pickle.loads(pickle.dumps(states))
    assert first.get_game() is second.get_game()


def test_a_resampled_state_pickles_with_its_history() -> None:
    game = load((TOY, False), {"players": 3})
    state = play(game.new_initial_state(), 4, seed=3)
    player = state.current_player()
    world = state.resample_from_infostate(player, pyspiel.UniformProbabilitySampler(0.0, 1.0))
    same(pickle.loads(pickle.dumps(world)), world)


def finish_elsewhere(state: Any) -> tuple[list[int], list[float]]:
    """Run in a fresh process: finish the game there and report how it went."""
    end = play(state, 10_000, seed=11)
    return end.history(), end.returns()


def test_a_fresh_process_finishes_a_pickled_game() -> None:
    # "spawn" starts a new interpreter where nothing is registered with pyspiel yet,
    # as in a Ray worker; unpickling the state registers its game there.
    game = load(("bear_mountain", False), {"players": 2, "seed": 5})
    state = play(game.new_initial_state(), 5, seed=2)
    here = finish_elsewhere(state.clone())
    context = multiprocessing.get_context("spawn")
    with ProcessPoolExecutor(max_workers=1, mp_context=context) as pool:
        there = pool.submit(finish_elsewhere, state).result(timeout=300)
    assert there == here

"""Every registered game through every adapter, proven with each project's own tests.

A game joins these tests by implementing `action_vocabulary`, `observation_size`
and `encode_view` (see docs/guide/implementing-a-game.md); the built-in games
must (test_built_in_games_are_encodable), plugins may.
"""

from __future__ import annotations

import gymnasium
import numpy as np
import pyspiel
import pytest
from gymnasium.utils.env_checker import check_env
from open_spiel.python.algorithms import ismcts
from open_spiel.python.algorithms import mcts
from pettingzoo.test import api_test
from pettingzoo.test import render_test
from pettingzoo.test import seed_test

import meeple
from meeple.adapters.gymnasium import register_env
from meeple.adapters.openspiel import register
from meeple.adapters.pettingzoo import env

from ..shared import BUILT_IN
from ..shared import SHORT_OPTIONS
from .test_pettingzoo import run_random_games

# Random play rarely ends a Wypas game before its round limit (thousands of steps);
# a short limit keeps these runs quick without changing any other rule.
ENCODABLE = [
    name for name in meeple.game_names() if hasattr(meeple.get_game(name), "action_vocabulary")
]
CASES = [
    (name, players) for name in ENCODABLE for players in meeple.get_game(name).spec.player_counts()
]

pytestmark = [
    pytest.mark.filterwarnings("ignore:Observation is not a NumPy array:UserWarning"),
    pytest.mark.filterwarnings("ignore:Observation space for each agent probably:UserWarning"),
]


def test_built_in_games_are_encodable() -> None:
    registered = [name for name in BUILT_IN if name in meeple.game_names()]
    assert registered, "no built-in game is registered"
    assert set(registered) <= set(ENCODABLE)


@pytest.mark.parametrize(("name", "players"), CASES)
def test_pettingzoo_api_and_seed_tests(name: str, players: int) -> None:
    options = SHORT_OPTIONS.get(name, {})
    api_test(env(name, players, **options), num_cycles=300)
    seed_test(lambda: env(name, players, **options), num_cycles=100)


@pytest.mark.parametrize("name", ENCODABLE)
def test_pettingzoo_render_test(name: str, capsys: pytest.CaptureFixture[str]) -> None:
    players = meeple.get_game(name).spec.min_players
    options = SHORT_OPTIONS.get(name, {})
    render_test(lambda render_mode=None: env(name, players, render_mode=render_mode, **options))
    assert capsys.readouterr().out  # "human" printed the table


@pytest.mark.parametrize("name", ENCODABLE)
def test_gymnasium_episodes_may_last_as_long_as_any_player_count_allows(name: str) -> None:
    # Issue 16, finding 5: the limit was max_steps(max_players), below max_steps(1) for
    # bear_mountain, so a long solo episode would have been cut short.
    spec = meeple.get_game(name).spec
    limit = gymnasium.spec(register_env(name)).max_episode_steps
    assert limit is not None
    assert all(limit >= spec.max_steps(players) for players in spec.player_counts())


@pytest.mark.parametrize(("name", "players"), CASES)
def test_many_full_random_games_through_the_aec_loop(name: str, players: int) -> None:
    # win_share named: the default for one player is the score (test_rewards.py).
    e = env(name, players, reward="win_share", **SHORT_OPTIONS.get(name, {}))
    finals = run_random_games(e, 25)
    assert all(sum(f.values()) == pytest.approx(1.0) for f in finals)


@pytest.mark.parametrize(("name", "players"), CASES)
def test_gymnasium_check_env(name: str, players: int) -> None:
    made = gymnasium.make(
        register_env(name), players=players, render_mode="ansi", **SHORT_OPTIONS.get(name, {})
    )
    check_env(made.unwrapped)


@pytest.mark.parametrize(("name", "players"), CASES)
def test_openspiel_random_sim_test(name: str, players: int) -> None:
    options = SHORT_OPTIONS.get(name, {})
    game = pyspiel.load_game(register(name), {"players": players, **options})
    pyspiel.random_sim_test(game, num_sims=3, serialize=False, verbose=False)
    fixed = pyspiel.load_game(
        register(name, fixed_deal=True), {"players": players, "seed": 2, **options}
    )
    pyspiel.random_sim_test(fixed, num_sims=2, serialize=True, verbose=False)


@pytest.mark.parametrize(("name", "players"), CASES)
def test_openspiel_python_paths_agree_with_pyspiels_own(name: str, players: int) -> None:
    # Python callers get direct legal_actions, tensors and strings (pyspiel's own make
    # several C++ -> Python calls each and build a new initial state to size a tensor);
    # pyspiel.State's unbound methods still take pyspiel's path, so the two are compared.
    game = pyspiel.load_game(register(name), {"players": players, **SHORT_OPTIONS.get(name, {})})
    state = game.new_initial_state()
    chooser = np.random.default_rng(5)
    checked = 0
    while True:
        assert state.legal_actions() == pyspiel.State.legal_actions(state)
        for p in range(players):
            assert state.legal_actions(p) == pyspiel.State.legal_actions(state, p)
            for method in (
                "observation_tensor",
                "information_state_tensor",
                "observation_string",
                "information_state_string",
            ):
                own = getattr(state, method)(p)
                assert own == getattr(pyspiel.State, method)(state, p), method
        if not state.is_terminal():
            assert state.observation_tensor() == pyspiel.State.observation_tensor(state)
            assert state.information_state_string() == pyspiel.State.information_state_string(state)
        checked += 1
        if state.is_terminal() or checked > 60:
            break
        state.apply_action(int(chooser.choice(state.legal_actions())))
    for method in ("observation_tensor", "observation_string"):
        with pytest.raises(pyspiel.SpielError):
            getattr(state, method)(players)  # not a seat, either way


@pytest.mark.parametrize("name", ENCODABLE)
def test_openspiel_python_bots_complete_a_game(name: str) -> None:
    players = meeple.get_game(name).spec.min_players
    game = pyspiel.load_game(register(name), {"players": players, **SHORT_OPTIONS.get(name, {})})
    rng = np.random.RandomState(3)
    evaluator = mcts.RandomRolloutEvaluator(1, rng)
    bot = ismcts.ISMCTSBot(game, evaluator, 1.5, 8, random_state=rng)
    other = mcts.MCTSBot(game, 1.5, 8, evaluator, random_state=rng)
    state = game.new_initial_state()
    while not state.is_terminal():
        chooser = bot if state.current_player() == 0 else other
        state.apply_action(chooser.step(state))
    assert len(state.returns()) == players

"""OpenSpiel registration: random_sim_test, serialization, and OpenSpiel's Python bots."""

from __future__ import annotations

import numpy as np
import pyspiel
import pytest
from open_spiel.python.algorithms import ismcts
from open_spiel.python.algorithms import mcts

from meeple.adapters.openspiel import register
from meeple.core import IllegalActionError

from ..toy_game import TOY


@pytest.mark.parametrize("players", [2, 3, 4])
def test_random_sim_test(players: int) -> None:
    game = pyspiel.load_game(register(TOY), {"players": players})
    pyspiel.random_sim_test(game, num_sims=10, serialize=False, verbose=False)


@pytest.mark.parametrize("players", [2, 4])
def test_random_sim_test_with_serialization(players: int) -> None:
    game = pyspiel.load_game(register(TOY, fixed_deal=True), {"players": players, "seed": 3})
    pyspiel.random_sim_test(game, num_sims=5, serialize=True, verbose=False)


def test_options_are_parameters() -> None:
    game = pyspiel.load_game(register(TOY), {"players": 2, "rounds": 1})
    state = game.new_initial_state()
    steps = 0
    while not state.is_terminal():
        state.apply_action(state.legal_actions()[0])
        steps += 1
    assert steps == 3  # one round: two picks and the leader's decision


def test_resampling_keeps_the_information_state() -> None:
    game = pyspiel.load_game(register(TOY), {"players": 3})
    state = game.new_initial_state()
    state.apply_action(state.legal_actions()[0])
    player = state.current_player()
    sampler = pyspiel.UniformProbabilitySampler(0.0, 1.0)
    other = state.resample_from_infostate(player, sampler)
    assert other.information_state_string(player) == state.information_state_string(player)
    assert other.observation_tensor(player) == state.observation_tensor(player)


@pytest.mark.parametrize("name", ["wojtek", "wypas"])
def test_a_resampled_state_keeps_the_move_number_and_only_the_players_own_history(
    name: str,
) -> None:
    # Issue 16, finding 5: a resampled state had history() empty, move_number() 0,
    # and carried the true past moves of every seat. Now: the original's move number;
    # a history of the resampling player's own actions only (what it did and saw),
    # nothing standing in for the others' (their strings list no past actions).
    game = pyspiel.load_game(register(name), {"players": 3, "seed": 2})
    state = game.new_initial_state()
    chooser = np.random.default_rng(4)
    for _ in range(40):
        state.apply_action(int(chooser.choice(state.legal_actions())))
    player = state.current_player()
    own = [(a.player, a.action) for a in state.full_history() if a.player == player]
    assert own, "the player has acted"
    assert len(own) < state.move_number(), "others have acted too"
    world = state.resample_from_infostate(player, pyspiel.UniformProbabilitySampler(0.0, 1.0))
    assert world.move_number() == state.move_number()
    assert [(a.player, a.action) for a in world.full_history()] == own
    assert world.information_state_string(player) == state.information_state_string(player)
    for other in range(3):
        if other != player:
            assert world.information_state_string(other).startswith("[] ")
            assert not state.information_state_string(other).startswith("[] ")
    world.apply_action(world.legal_actions()[0])  # and it plays on
    assert world.move_number() == state.move_number() + 1


def test_illegal_and_unknown_actions_are_refused_with_meeples_reason() -> None:
    game = pyspiel.load_game(register(TOY), {"players": 2})
    state = game.new_initial_state()
    legal = state.legal_actions()
    illegal = next(a for a in range(game.num_distinct_actions()) if a not in legal)
    for fresh in (state, game.new_initial_state(), state.clone()):
        with pytest.raises(IllegalActionError, match="is not"):
            fresh.apply_action(illegal)
        for outside in (-2, game.num_distinct_actions()):  # (-1 OpenSpiel refuses itself)
            with pytest.raises(IllegalActionError, match="outside"):
                fresh.apply_action(outside)
    assert state.move_number() == 0  # nothing was applied
    state.apply_action(legal[0])
    assert state.move_number() == 1


def test_ismcts_and_mcts_bots_complete_games() -> None:
    game = pyspiel.load_game(register(TOY), {"players": 2})
    rng = np.random.RandomState(1)
    evaluator = mcts.RandomRolloutEvaluator(1, rng)
    bots = [
        ismcts.ISMCTSBot(game, evaluator, 1.5, 40, random_state=rng),
        mcts.MCTSBot(game, 1.5, 40, evaluator, random_state=rng),
    ]
    for _ in range(3):
        state = game.new_initial_state()
        while not state.is_terminal():
            state.apply_action(bots[state.current_player()].step(state))
        assert sum(state.returns()) == pytest.approx(1.0)

"""The Gymnasium adapter passes gymnasium's check_env; bots fill the other seats."""

from __future__ import annotations

import gymnasium
import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env

from meeple.adapters.gymnasium import MeepleEnv
from meeple.adapters.gymnasium import register_env
from meeple.adapters.gymnasium import register_envs
from meeple.core import IllegalActionError
from meeple.core import InvalidOptionsError
from meeple.core import MeepleError

from ..toy_game import TOY


@pytest.mark.parametrize(("players", "seat"), [(2, 0), (3, 1), (4, 3)])
def test_check_env(players: int, seat: int) -> None:
    env_id = register_env(TOY)
    made = gymnasium.make(
        env_id, players=players, seat=seat, opponents=["random", "greedy"], render_mode="ansi"
    )
    check_env(made.unwrapped)


def test_every_registered_game_gets_an_id() -> None:
    ids = register_envs()
    assert all(env_id.startswith("meeple/") for env_id in ids)


def test_episodes_repeat_from_the_seed() -> None:
    def episode(seed: int) -> list[float]:
        e = MeepleEnv(TOY, 3, opponents=["greedy"])
        obs, _ = e.reset(seed=seed)
        sampler = np.random.default_rng(0)
        trace = [float(obs["observation"].sum())]
        done = False
        while not done:
            action = int(sampler.choice(np.flatnonzero(obs["action_mask"])))
            obs, reward, done, _, _ = e.step(action)
            trace += [float(obs["observation"].sum()), reward]
        return trace

    assert episode(5) == episode(5)
    assert episode(5) != episode(6)


def test_illegal_actions_end_the_episode_or_raise() -> None:
    e = MeepleEnv(TOY, 2)
    obs, _ = e.reset(seed=1)
    illegal = int(np.flatnonzero(obs["action_mask"] == 0)[0])
    _, reward, terminated, _, info = e.step(illegal)
    assert terminated
    assert reward == -1.0
    assert "is not" in info["illegal_action"]
    with pytest.raises(MeepleError, match="call reset"):
        e.step(0)
    strict = MeepleEnv(TOY, 2, illegal_reward=None)
    obs, _ = strict.reset(seed=1)
    with pytest.raises(IllegalActionError):
        strict.step(int(np.flatnonzero(obs["action_mask"] == 0)[0]))


def test_bad_arguments() -> None:
    with pytest.raises(MeepleError, match="seat 5"):
        MeepleEnv(TOY, 2, seat=5)
    with pytest.raises(InvalidOptionsError, match="unknown bot"):
        MeepleEnv(TOY, 2, opponents=["wizard"])

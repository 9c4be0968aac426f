"""The PettingZoo AEC adapter passes PettingZoo's own api_test and seed_test."""

from __future__ import annotations

import numpy as np
import pytest
from pettingzoo.test import api_test
from pettingzoo.test import render_test
from pettingzoo.test import seed_test

from meeple.adapters.pettingzoo import MeepleAECEnv
from meeple.adapters.pettingzoo import env
from meeple.core import IllegalActionError
from meeple.core import InvalidOptionsError

from ..toy_game import TOY

# PettingZoo's api_test warns about Dict observations ("not a NumPy array", "should
# be box or discrete"); a Dict with an action mask is how PettingZoo's own classic
# games pass masks, so these two warnings are expected.
pytestmark = [
    pytest.mark.filterwarnings("ignore:Observation is not a NumPy array:UserWarning"),
    pytest.mark.filterwarnings("ignore:Observation space for each agent probably:UserWarning"),
]


@pytest.mark.parametrize("players", [2, 3, 4])
def test_api_test(players: int) -> None:
    api_test(env(TOY, players), num_cycles=200)


@pytest.mark.parametrize("players", [2, 4])
def test_seed_test(players: int) -> None:
    seed_test(lambda: env(TOY, players), num_cycles=100)


def run_random_games(e: MeepleAECEnv, games: int) -> list[dict[str, float]]:
    """Full masked random games through the AEC loop, checking masks and endings."""
    finals = []
    for game in range(games):
        e.reset(seed=game)
        sampler = np.random.default_rng(game)
        final: dict[str, float] = {}
        for agent in e.agent_iter():
            obs, reward, termination, truncation, _ = e.last()
            mask = obs["action_mask"]
            if termination or truncation:
                final[agent] = reward
                e.step(None)
                continue
            assert mask.sum() >= 1
            seat = int(agent.split("_")[1])
            legal = e.state.legal_actions(seat)
            assert [e._setup.vocab.action(int(i)) for i in np.flatnonzero(mask)] == sorted(
                legal, key=e._setup.vocab.index
            )
            e.step(int(sampler.choice(np.flatnonzero(mask))))
        assert e.state.is_over
        assert sorted(final) == sorted(e.possible_agents)  # every agent saw the end
        finals.append(final)
    return finals


def test_many_full_games_have_consistent_masks_and_rewards() -> None:
    e = env(TOY, 3)
    for rewards in run_random_games(e, 150):
        assert sum(rewards.values()) == pytest.approx(1.0)  # win shares add up to one
        assert all(0.0 <= r <= 1.0 for r in rewards.values())


def test_rank_rewards_and_rendering() -> None:
    e = env(TOY, 2, reward="rank", render_mode="ansi")
    for rewards in run_random_games(e, 20):
        assert sorted(rewards.values()) in ([-1.0, 1.0], [1.0, 1.0])
    text = e.render()
    assert text is not None
    assert text.startswith("round")


def test_render_test_passes_and_human_mode_prints(capsys: pytest.CaptureFixture[str]) -> None:
    # Issue 16, finding 5: PettingZoo's render_test makes the env with render_mode="human"
    # first; the classic envs accept it (and print), so ours must too.
    render_test(lambda render_mode=None: env(TOY, 2, render_mode=render_mode))
    e = env(TOY, 2, render_mode="human")
    e.reset(seed=1)
    capsys.readouterr()
    assert e.render() is None
    assert capsys.readouterr().out.startswith("round")
    e.step(int(np.flatnonzero(e.observe(e.agent_selection)["action_mask"])[0]))
    assert capsys.readouterr().out.startswith("round")  # each step shows the table


def test_bad_arguments() -> None:
    with pytest.raises(InvalidOptionsError, match="unknown option"):
        env(TOY, 2, speed=3)
    with pytest.raises(ValueError, match="render_mode"):
        env(TOY, 2, render_mode="rgb_array")


def test_step_applies_the_legal_action_object_and_still_refuses_bad_ones() -> None:
    # step looks the chosen index up among the last observation's legal actions (so
    # meeple's apply finds the action by identity); that shortcut must not skip the
    # legality check nor the vocabulary's range check.
    e = env("wojtek", 2)
    e.reset(seed=3)
    agent = e.agent_selection
    mask = e.last()[0]["action_mask"]
    legal, illegal = np.flatnonzero(mask), np.flatnonzero(mask == 0)
    before = e.state
    with pytest.raises(IllegalActionError, match="outside"):
        e.step(len(mask))
    with pytest.raises(IllegalActionError):
        e.step(int(illegal[0]))
    assert e.state is before
    assert e.agent_selection == agent
    chosen = e._setup.vocab.action(int(legal[0]))
    e.step(legal[0])  # a numpy integer, as sampled from the mask
    assert e.state == before.apply(chosen, int(agent.split("_")[1]))

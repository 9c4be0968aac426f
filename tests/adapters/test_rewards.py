"""Reward schemes in all three adapters: ``score`` gives solo games a learning signal.

Issue 16, finding 4: with one player every scheme used to give 1.0 whatever the
score (the only player always wins). ``auto``, the default, is ``score`` with one
player and ``win_share`` otherwise. Finding 5: a bad scheme is refused when the
environment or game is made, not at the end of the first game.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable

import numpy as np
import pyspiel
import pytest

import meeple
from meeple.adapters._common import reward_range
from meeple.adapters._common import reward_scheme
from meeple.adapters._common import rewards_from
from meeple.adapters.gymnasium import MeepleEnv
from meeple.adapters.openspiel import register
from meeple.adapters.pettingzoo import env
from meeple.core import InvalidOptionsError
from meeple.core.encoding import vocabulary

from ..toy_game import TOY

pytestmark = [
    pytest.mark.filterwarnings("ignore:Observation is not a NumPy array:UserWarning"),
    pytest.mark.filterwarnings("ignore:Observation space for each agent probably:UserWarning"),
]

SOLO = "bear_mountain"
SEEDS = range(5)


def solo_score(seed: int) -> float:
    """The score meeple itself gives the masked-random solo game the adapters below play."""
    state = meeple.start(SOLO, players=1, seed=seed)
    chooser = random.Random(seed)
    vocab = vocabulary(meeple.get_game(SOLO), 1)
    while not state.is_over:
        legal = sorted(state.legal_actions(), key=vocab.index)
        state = state.apply(legal[chooser.randrange(len(legal))])
    return float(state.outcome().scores[0])


def pick(mask: np.ndarray, chooser: random.Random) -> int:
    """The same choice `solo_score` makes: a uniform pick among legal indices, in order."""
    legal = [int(i) for i in np.flatnonzero(mask)]
    return legal[chooser.randrange(len(legal))]


def pettingzoo_solo_reward(seed: int) -> float:
    e = env(SOLO, 1)
    e.reset(seed=seed)
    chooser = random.Random(seed)
    for _agent in e.agent_iter():
        obs, reward, termination, truncation, _ = e.last()
        if termination or truncation:
            return float(reward)
        e.step(pick(obs["action_mask"], chooser))
    raise AssertionError("the game never ended")


def gymnasium_solo_reward(seed: int) -> float:
    e = MeepleEnv(SOLO, 1)
    obs, _ = e.reset(seed=seed)
    chooser = random.Random(seed)
    while True:
        obs, reward, terminated, _, info = e.step(pick(obs["action_mask"], chooser))
        if terminated:
            assert info["scores"] == [reward]
            return float(reward)
        assert reward == 0.0


def openspiel_solo_reward(seed: int) -> float:
    game = pyspiel.load_game(register(SOLO), {"players": 1, "seed": seed})
    state = game.new_initial_state()
    chooser = random.Random(seed)
    while not state.is_terminal():
        legal = state.legal_actions()
        state.apply_action(legal[chooser.randrange(len(legal))])
    (value,) = state.returns()
    return float(value)


@pytest.mark.parametrize(
    "reward_of", [pettingzoo_solo_reward, gymnasium_solo_reward, openspiel_solo_reward]
)
def test_solo_games_are_rewarded_their_score_by_default(
    reward_of: Callable[[int], float],
) -> None:
    scores = [solo_score(seed) for seed in SEEDS]
    rewards = [reward_of(seed) for seed in SEEDS]
    assert rewards == scores
    assert len(set(rewards)) > 1, "different solo scores must give different rewards"


def test_auto_is_win_share_with_several_players_and_score_alone() -> None:
    assert reward_scheme("auto", 1, "g") == "score"
    assert reward_scheme(None, 1, "g") == "score"
    assert reward_scheme("auto", 2, "g") == "win_share"
    assert reward_scheme("rank", 1, "g") == "rank"
    assert env(TOY, 2).reward_scheme == "win_share"
    assert MeepleEnv(TOY, 3).reward_scheme == "win_share"
    assert pyspiel.load_game(register(TOY), {"players": 2}).reward_scheme == "win_share"


def test_score_rewards_are_the_scores_with_several_players() -> None:
    state = meeple.start(SOLO, players=3, seed=4)
    while not state.is_over:
        state = state.apply(state.legal_actions()[0])
    outcome = state.outcome()
    assert rewards_from(outcome, "score") == tuple(float(s) for s in outcome.scores)
    assert reward_range("score") == (-math.inf, math.inf)  # no game declares a bound


def test_openspiel_declares_each_schemes_range() -> None:
    for scheme, (low, high) in [("win_share", (0.0, 1.0)), ("rank", (-1.0, 1.0))]:
        game = pyspiel.load_game(register(TOY), {"players": 2, "reward": scheme})
        assert (game.min_utility(), game.max_utility()) == (low, high)
    scored = pyspiel.load_game(register(TOY), {"players": 2, "reward": "score"})
    assert scored.min_utility() == -np.inf
    assert scored.max_utility() == np.inf


def test_a_bad_reward_is_refused_when_the_game_is_made() -> None:
    with pytest.raises(InvalidOptionsError, match=r"unknown reward scheme 'nope' \(known: auto"):
        pyspiel.load_game(register(TOY), {"players": 2, "reward": "nope"})
    with pytest.raises(InvalidOptionsError, match="unknown reward scheme 'money'"):
        env(TOY, 2, reward="money")
    with pytest.raises(InvalidOptionsError, match="unknown reward scheme 'money'"):
        MeepleEnv(TOY, 2, reward="money")  # type: ignore[arg-type]  # the wrong value on purpose

"""The numbers the adapter pages (docs/adapters/) promise, read from the pages and
compared with what the adapters do: the reward and utility ranges, the observation's
range and types, the Gymnasium environment's defaults."""

from __future__ import annotations

import inspect
import math

import numpy as np
import pyspiel
import pytest

from meeple.adapters._common import rewards_from
from meeple.adapters.gymnasium import MeepleEnv
from meeple.adapters.openspiel import register
from meeple.adapters.pettingzoo import env
from meeple.core import Outcome

from ..shared import says

UTILITIES = (
    r"utilities range over \[(-?\d+), (-?\d+)\] for `win_share`, \[(-?\d+), (-?\d+)\] for "
    r"`rank` and are unbounded \(`min_utility\(\)` is (-inf), `max_utility\(\)` (\+inf)\) for "
    r"`score`"
)
"""Where docs/adapters/openspiel.md gives each reward scheme's utility range."""


def test_the_openspiel_utilities_range_as_the_page_says() -> None:
    said = [float(bound) for bound in says("docs/adapters/openspiel.md", UTILITIES).groups()]
    ranges = {}
    for scheme in ("win_share", "rank", "score"):
        game = pyspiel.load_game(register("wojtek"), {"players": 3, "reward": scheme})
        ranges[scheme] = (game.min_utility(), game.max_utility())
    assert ranges == {
        "win_share": (said[0], said[1]),
        "rank": (said[2], said[3]),
        "score": (said[4], said[5]),
    }
    assert ranges["score"] == (-math.inf, math.inf)


def test_the_pettingzoo_observation_is_the_vector_the_page_says() -> None:
    said = says(
        "docs/adapters/pettingzoo.md",
        r'`\{"observation": (\w+) vector in \[(-?\d+), (-?\d+)\], "action_mask": (\w+) vector\}`',
    )
    kind, low, high, mask = said.groups()
    aec = env("wojtek", 2)
    space = aec.observation_space(aec.possible_agents[0])
    observation, action_mask = space["observation"], space["action_mask"]
    assert observation.dtype == np.dtype(kind)
    assert (observation.low.min(), observation.high.max()) == (float(low), float(high))
    assert (observation.low.max(), observation.high.min()) == (float(low), float(high))
    assert action_mask.dtype == np.dtype(mask)


def test_the_pettingzoo_rewards_are_the_shares_and_ranks_the_page_says() -> None:
    page = "docs/adapters/pettingzoo.md"
    share = says(page, r'`reward="win_share"` \((\d+)/k to each of k winners\)')
    rank = r'`reward="rank"` \(([+-]\d+) best to ([+-]\d+) worst, linear in rank\)'
    best, worst = map(float, says(page, rank).groups())
    shared = Outcome.from_keys([5, 5, 1, 0])
    assert rewards_from(shared, "win_share") == (int(share[1]) / 2, int(share[1]) / 2, 0.0, 0.0)
    ranked = Outcome.from_keys([9, 5, 1])
    assert rewards_from(ranked, "rank") == (best, (best + worst) / 2, worst)


def test_an_illegal_action_costs_the_reward_the_gymnasium_page_says() -> None:
    said = says("docs/adapters/gymnasium.md", r"with `illegal_reward` \(default (-?\d+)\)")
    default = inspect.signature(MeepleEnv).parameters["illegal_reward"].default
    assert default == pytest.approx(float(said[1]))

"""PettingZoo AEC environments for any registered game (the ``rl`` extra).

    from meeple.adapters.pettingzoo import env
    e = env("wypas", players=4)
    e.reset(seed=1)
    for agent in e.agent_iter():
        obs, reward, termination, truncation, info = e.last()
        done = termination or truncation
        action = None if done else e.action_space(agent).sample(obs["action_mask"])
        e.step(action)

Observations are ``{"observation": float32 vector, "action_mask": int8 vector}``;
actions are indices into the game's fixed action vocabulary. Rewards come only
at the end, from the outcome: ``win_share`` (1/k to each of k winners), ``rank``
(+1 best to -1 worst) or ``score`` (the score itself); the default, ``auto``, is
``score`` when the game has one player and ``win_share`` otherwise. Simultaneous
decisions are asked one agent at a time; nobody's observation shows another's
pending secret choice, because observations are built from views.
"""

from __future__ import annotations

from typing import Any

from ..core.extras import install_hint

try:
    import gymnasium
    import numpy as np
    from pettingzoo import AECEnv
except ImportError as err:  # pragma: no cover - exercised only without the extra
    hint = install_hint("rl")
    raise ImportError(f"meeple.adapters.pettingzoo needs the rl extra: {hint}") from err

from ..core.protocols import Game
from ._common import RewardChoice
from ._common import RewardScheme
from ._common import first_asked  # seats asked in secret first (a Wypas offer)
from ._common import reward_scheme
from ._common import rewards_from
from ._common import setup

__all__ = ["MeepleAECEnv", "env"]


class MeepleAECEnv(AECEnv):  # type: ignore[misc]  # pettingzoo ships no type information
    """One meeple game as a PettingZoo AEC environment."""

    metadata: dict[str, Any] = {  # noqa: RUF012  # PettingZoo's convention; instances replace it
        "render_modes": ["human", "ansi"],
        "name": "meeple",
        "is_parallelizable": False,
    }

    def __init__(
        self,
        game: str | Game,
        players: int,
        *,
        render_mode: str | None = None,
        reward: RewardChoice = "auto",
        **options: Any,
    ) -> None:
        super().__init__()
        self._setup = setup(game, players, options)
        self.reward_scheme: RewardScheme = reward_scheme(
            reward, players, self._setup.game.spec.name
        )
        self.metadata = {**self.metadata, "name": f"meeple_{self._setup.game.spec.name}"}
        if render_mode not in (None, "human", "ansi"):
            raise ValueError(f"render_mode must be None, 'human' or 'ansi', not {render_mode!r}")
        self.render_mode = render_mode
        self.possible_agents = [f"player_{p}" for p in range(players)]
        self._seat = {agent: p for p, agent in enumerate(self.possible_agents)}
        size = self._setup.observation_size
        count = len(self._setup.vocab)
        self.observation_spaces = {
            agent: gymnasium.spaces.Dict(
                {
                    "observation": gymnasium.spaces.Box(
                        low=-1.0, high=1.0, shape=(size,), dtype=np.float32
                    ),
                    "action_mask": gymnasium.spaces.Box(
                        low=0, high=1, shape=(count,), dtype=np.int8
                    ),
                }
            )
            for agent in self.possible_agents
        }
        self.action_spaces = {
            agent: gymnasium.spaces.Discrete(count) for agent in self.possible_agents
        }
        self.state: Any = None
        self._seen: tuple[Any, int, tuple[Any, ...], tuple[int, ...]] | None = None
        """(state, seat, its legal actions, their vocabulary indices) of the last
        observation, so that `step` applies the legal action object itself."""

    def observation_space(self, agent: str) -> Any:
        """The Dict space of `agent`'s observations."""
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> Any:
        """Discrete(size of the action vocabulary)."""
        return self.action_spaces[agent]

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """Start a new game; the same seed gives the same game."""
        if seed is None:
            seed = int(np.random.default_rng().integers(0, 2**62))
        self.state = self._setup.start(seed)
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {agent: {} for agent in self.agents}
        self.agent_selection = self.possible_agents[first_asked(self.state)]

    def observe(self, agent: str) -> dict[str, Any]:
        """The agent's view, encoded, and its legal-action mask (zeros when not to act)."""
        seat = self._seat[agent]
        state = self.state
        setup = self._setup
        legal = state.legal_actions(seat)
        indices = setup.indices(legal)
        self._seen = (state, seat, legal, indices)
        return {
            "observation": setup.encode_state(state, seat),
            "action_mask": setup.mask_of(indices),
        }

    def step(self, action: Any) -> None:
        """Apply the selected agent's action (an index into the vocabulary)."""
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        seat = self._seat[agent]
        state = self.state
        move = None
        seen = self._seen
        if seen is not None and seen[0] is state and seen[1] == seat and type(action) is not bool:
            # The legal action object itself, so meeple's apply finds it by identity.
            try:  # not contextlib.suppress: this runs at every step
                move = seen[2][seen[3].index(action)]
            except (ValueError, TypeError):
                move = None
        if move is None:
            move = self._setup.vocab.action(int(action))
        after = self.state = state.apply(move, seat)
        if after.is_over:
            values = rewards_from(after.outcome(), self.reward_scheme)
            for other, p in self._seat.items():
                self.rewards[other] = values[p]
                self.terminations[other] = True
            self._cumulative_rewards[agent] = 0.0
            self._accumulate_rewards()
        else:
            # Rewards come only at the end: until then every reward and cumulative
            # reward is 0, so PettingZoo's bookkeeping (reset the agent's cumulative
            # reward, add the rewards) would change nothing and is skipped.
            self.agent_selection = self.possible_agents[first_asked(after)]
        if self.render_mode == "human":
            self.render()

    def render(self) -> str | None:
        """Text of the spectator's view: returned ("ansi") or printed ("human")."""
        if self.render_mode is None:
            gymnasium.logger.warn("render() called without a render_mode ('human' or 'ansi')")
            return None
        text: str = self._setup.game.render(self.state.view(None))
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def close(self) -> None:
        """Nothing to release."""


def env(game: str | Game, players: int, **kwargs: Any) -> MeepleAECEnv:
    """A PettingZoo AEC environment for `game` (options as keyword arguments)."""
    return MeepleAECEnv(game, players, **kwargs)

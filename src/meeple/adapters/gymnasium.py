"""A Gymnasium environment where one seat learns and the others are meeple bots.

    from meeple.adapters.gymnasium import MeepleEnv
    env = MeepleEnv("wojtek", players=3, seat=0, opponents=["mcts:iterations=50", "random"])
    obs, info = env.reset(seed=1)
    obs, reward, terminated, truncated, info = env.step(env.action_space.sample(obs["action_mask"]))

Observations match the PettingZoo adapter; the reward is the learner's
end-of-game reward, 0 before: ``win_share``, ``rank`` or ``score``; the default,
``auto``, is ``score`` when the game has one player and ``win_share`` otherwise.
Opponents act inside `step` until the learner must decide again or the game
ends. An action outside the mask ends the episode with reward `illegal_reward`
(default -1) and the reason in ``info["illegal_action"]`` (as PettingZoo's
TerminateIllegalWrapper does); pass ``illegal_reward=None`` to raise IllegalActionError instead.
"""

from __future__ import annotations

from typing import Any

from ..core.extras import install_hint

try:
    import gymnasium
    import numpy as np
except ImportError as err:  # pragma: no cover - exercised only without the extra
    hint = install_hint("rl")
    raise ImportError(f"meeple.adapters.gymnasium needs the rl extra: {hint}") from err

from ..bots import make_bot
from ..core import rng as _rng
from ..core.errors import IllegalActionError
from ..core.errors import MeepleError
from ..core.protocols import Game
from ..core.turns import asking_order
from ..core.turns import public_to_act
from ._common import RewardChoice
from ._common import RewardScheme
from ._common import reward_scheme
from ._common import rewards_from
from ._common import setup

__all__ = ["MeepleEnv", "register_env", "register_envs"]


class MeepleEnv(gymnasium.Env[dict[str, Any], np.int64]):
    """Single-agent view of a meeple game; the other seats are bots."""

    metadata: dict[str, Any] = {"render_modes": ["ansi"], "render_fps": 4}  # noqa: RUF012  # gymnasium's convention

    def __init__(
        self,
        game: str | Game,
        players: int,
        *,
        seat: int = 0,
        opponents: list[str] | None = None,
        reward: RewardChoice = "auto",
        render_mode: str | None = None,
        illegal_reward: float | None = -1.0,
        **options: Any,
    ) -> None:
        self.illegal_reward = illegal_reward
        self._setup = setup(game, players, options)
        if not 0 <= seat < players:
            raise MeepleError(f"seat {seat} is not a seat of a {players}-player game")
        self.seat = seat
        self.opponents = list(opponents or ["random"])
        for spec in self.opponents:
            make_bot(spec, self._setup.game, 0)  # refuse bad specs now, not mid-episode
        self.reward_scheme: RewardScheme = reward_scheme(
            reward, players, self._setup.game.spec.name
        )
        if render_mode not in (None, "ansi"):
            raise ValueError(f"render_mode must be None or 'ansi', not {render_mode!r}")
        self.render_mode = render_mode
        size = self._setup.observation_size
        count = len(self._setup.vocab)
        self.observation_space = gymnasium.spaces.Dict(
            {
                "observation": gymnasium.spaces.Box(
                    low=-1.0, high=1.0, shape=(size,), dtype=np.float32
                ),
                "action_mask": gymnasium.spaces.Box(low=0, high=1, shape=(count,), dtype=np.int8),
            }
        )
        self.action_space = gymnasium.spaces.Discrete(count)
        self.state: Any = None
        self._bots: dict[int, Any] = {}
        self._illegal = False

    def _observation(self) -> dict[str, Any]:
        return {
            "observation": self._setup.encode_state(self.state, self.seat),
            "action_mask": self._setup.mask(self.state.legal_actions(self.seat)),
        }

    def _advance(self) -> None:
        """Let the bots act until the learner is to act or the game is over; seats asked
        in secret (a Wypas offer) act before the learner's public move."""
        while not self.state.is_over:
            secret = self.state.to_act - public_to_act(self.state)
            if self.seat in self.state.to_act and (self.seat in secret or not secret):
                return
            player = asking_order(self.state)[0]
            bot = self._bots[player]
            action = bot.choose(self.state.view(player), self.state.legal_actions(player))
            self.state = self.state.apply(action, player)

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[dict[str, Any], dict[str, Any]]:
        """A new game; bots are seeded from the same seed, so episodes repeat exactly."""
        super().reset(seed=seed)
        game_seed = int(self.np_random.integers(0, 2**62)) if seed is None else seed
        self.state = self._setup.start(game_seed)
        self._illegal = False
        others = [p for p in range(self._setup.players) if p != self.seat]
        self._bots = {
            p: make_bot(
                self.opponents[i % len(self.opponents)],
                self._setup.game,
                _rng.derive_seed(game_seed, "opponent", p),
            )
            for i, p in enumerate(others)
        }
        self._advance()
        return self._observation(), {}

    def step(self, action: Any) -> tuple[dict[str, Any], float, bool, bool, dict[str, Any]]:
        """The learner's action (an index); then the bots; reward only at the end."""
        if self.state.is_over or self._illegal:
            raise MeepleError("the episode is over; call reset()")
        move = self._setup.vocab.action(int(action))
        reason = self.state.check(move, self.seat)
        if reason is not None:
            if self.illegal_reward is None:
                raise IllegalActionError(reason, game=self._setup.game.spec.name, action=str(move))
            self._illegal = True
            refusal = {"illegal_action": f"{move}: {reason}"}
            return self._observation(), self.illegal_reward, True, False, refusal
        self.state = self.state.apply(move, self.seat)
        self._advance()
        reward = 0.0
        info: dict[str, Any] = {}
        if self.state.is_over:
            outcome = self.state.outcome()
            reward = rewards_from(outcome, self.reward_scheme)[self.seat]
            info = {"scores": list(outcome.scores), "winners": sorted(outcome.winners)}
        return self._observation(), reward, self.state.is_over, False, info

    def render(self) -> str | None:
        """The learner's view as text."""
        if self.render_mode != "ansi":
            return None
        text: str = self._setup.game.render(self.state.view(self.seat))
        return text


def register_env(game: str | Game) -> str:
    """Register ``meeple/<game>-v0`` with gymnasium (idempotent); returns the id.

    Then ``gymnasium.make("meeple/wojtek-v0", players=3, opponents=["mcts"])``. The
    default ``max_episode_steps`` is the game's ``max_steps`` for the player count
    that allows the longest game, so no player count the env may be made with is
    cut short (it can be overridden with ``gymnasium.make(..., max_episode_steps=n)``).
    """
    from ..core.registry import resolve_game

    resolved = resolve_game(game) if isinstance(game, str) else game
    env_id = f"meeple/{resolved.spec.name}-v0"
    if env_id not in gymnasium.registry:
        gymnasium.register(
            id=env_id,
            entry_point=MeepleEnv,  # type: ignore[arg-type]  # its kwargs come from register
            kwargs={"game": resolved, "players": resolved.spec.min_players},
            max_episode_steps=max(map(resolved.spec.max_steps, resolved.spec.player_counts())),
        )
    return env_id


def register_envs() -> tuple[str, ...]:
    """Register every game in meeple's registry with gymnasium (broken plugins skipped)."""
    from ..core.registry import default_registry

    # games() skips a broken plugin (logged once) instead of failing for every game
    return tuple(register_env(game.spec.name) for game in default_registry.games())

"""What every adapter shares: the game lookup, encodings as numpy arrays, rewards."""

from __future__ import annotations

from typing import Any, Literal

from ..core.capabilities import Encodable
from ..core.encoding import Vocabulary, vocabulary
from ..core.errors import MeepleError
from ..core.options import build_options
from ..core.outcome import Outcome
from ..core.protocols import Game
from ..core.registry import resolve_game

__all__ = ["RewardScheme", "Setup", "rewards_from", "setup"]

RewardScheme = Literal["win_share", "rank"]
"""win_share: 1/k to each of k winners, 0 to others. rank: linear in rank, +1 best, -1 worst."""


def rewards_from(outcome: Outcome, scheme: RewardScheme) -> tuple[float, ...]:
    """End-of-game rewards per seat under a documented scheme."""
    n = len(outcome.scores)
    if scheme == "win_share":
        return outcome.win_shares()
    if scheme == "rank":
        if n == 1:
            return (1.0,)
        return tuple(1.0 - 2.0 * (rank - 1) / (n - 1) for rank in outcome.ranks)
    raise MeepleError(f"unknown reward scheme {scheme!r} (win_share or rank)")


class Setup:
    """A game, a player count, options and its encodings, resolved once."""

    def __init__(self, game: str | Game, players: int, options: dict[str, Any]) -> None:
        self.game: Game = resolve_game(game) if isinstance(game, str) else game
        encodable = self.game
        if not isinstance(encodable, Encodable):
            raise MeepleError(
                f"{self.game.spec.name} does not offer the encoding capability "
                "(action_vocabulary, observation_size, encode_view); adapters need it"
            )
        self.players = players
        self.options = build_options(self.game.spec.name, self.game.options_type, options)
        self.vocab: Vocabulary = vocabulary(self.game, players)
        self.observation_size: int = encodable.observation_size(players)
        self._encode = encodable.encode_view

    def start(self, seed: int) -> Any:
        """A fresh state."""
        return self.game.start(self.players, seed=seed, options=self.options)

    def encode(self, view: Any) -> Any:
        """The view as a float32 vector."""
        import numpy as np

        values = self._encode(view)
        if len(values) != self.observation_size:
            raise MeepleError(
                f"{self.game.spec.name}.encode_view gave {len(values)} numbers, "
                f"observation_size says {self.observation_size}"
            )
        return np.asarray(values, dtype=np.float32)

    def mask(self, legal: tuple[Any, ...]) -> Any:
        """The legal actions as an int8 mask over the vocabulary."""
        import numpy as np

        out = np.zeros(len(self.vocab), dtype=np.int8)
        index = self.vocab.index
        for action in legal:
            out[index(action)] = 1
        return out


def setup(game: str | Game, players: int, options: dict[str, Any]) -> Setup:
    """Resolve a game for an adapter."""
    return Setup(game, players, options)

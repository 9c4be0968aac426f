"""A mutable session over immutable states: play, undo, redo, record."""

from __future__ import annotations

from typing import Any

from .errors import IllegalActionError
from .options import build_options
from .options import options_to_json
from .protocols import Game
from .protocols import State
from .public import check_viewer
from .public import public_history
from .record import GameRecord
from .record import freeze_json

__all__ = ["Match"]


class Match:
    """One game in progress. Undo and redo are O(1): old states are kept, never copied."""

    def __init__(self, game: str | Game, players: int, *, seed: int, **options: Any) -> None:
        from .registry import get_game

        self.game: Game = get_game(game) if isinstance(game, str) else game
        """The game being played."""
        self.players = players
        """Number of seats."""
        self.seed = seed
        """The seed the match started from."""
        self.options: Any = build_options(self.game.spec.name, self.game.options_type, options)
        """The game's options object."""
        self._states: list[State] = [self.game.start(players, seed=seed, options=self.options)]
        self._moves: list[tuple[int, Any]] = []
        self._undone: list[tuple[int, Any, State]] = []

    @property
    def state(self) -> State:
        """The current state."""
        return self._states[-1]

    @property
    def history(self) -> tuple[tuple[int, Any], ...]:
        """Moves played so far, as ``(player, action)``."""
        return tuple(self._moves)

    def public_history(self, viewer: int | None) -> tuple[tuple[int, str | None], ...]:
        """Moves played so far as ``viewer`` (None: a spectator) saw them: ``(player,
        notation)``, the notation None where that seat saw nothing of the move and
        `UNSEEN` where it did not see it being made (see `meeple.core.public`)."""
        check_viewer(self.game.spec.name, self.players, viewer)
        return public_history(self.game, self._moves, viewer)

    @property
    def states(self) -> tuple[State, ...]:
        """Every state from the start to now."""
        return tuple(self._states)

    def play(self, action: Any, player: int | None = None) -> State:
        """Apply an action (or its notation) and return the new state."""
        state = self.state
        if isinstance(action, str):
            action = self.game.parse_action(action)
        if player is None:
            from .base import resolve_player

            player = resolve_player(state.players, state.to_act, None, self.game.spec.name)
        new = state.apply(action, player)
        self._states.append(new)
        self._moves.append((player, action))
        self._undone.clear()
        return new

    @property
    def can_undo(self) -> bool:
        """Whether there is a move to take back."""
        return bool(self._moves)

    @property
    def can_redo(self) -> bool:
        """Whether there is an undone move to play again."""
        return bool(self._undone)

    def undo(self) -> State:
        """Take back the last move."""
        if not self._moves:
            raise IllegalActionError("nothing to undo", game=self.game.spec.name)
        player, action = self._moves.pop()
        self._undone.append((player, action, self._states.pop()))
        return self.state

    def redo(self) -> State:
        """Play the last undone move again."""
        if not self._undone:
            raise IllegalActionError("nothing to redo", game=self.game.spec.name)
        player, action, state = self._undone.pop()
        self._states.append(state)
        self._moves.append((player, action))
        return state

    def record(self) -> GameRecord:
        """The moves so far as a replayable record."""
        return GameRecord(
            game=self.game.spec.name,
            rules_version=self.game.spec.rules_version,
            players=self.players,
            seed=self.seed,
            options=tuple(
                sorted((k, freeze_json(v)) for k, v in options_to_json(self.options).items())
            ),
            moves=tuple((player, str(action)) for player, action in self._moves),
        )

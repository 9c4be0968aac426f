"""A mutable session over immutable states (`Match`: play, undo, redo) and its record.

`Match.record` writes a `GameRecord` and `GameRecord.replay` plays one back into a
`Match`, so the two classes make each other and live in one module; the record's
JSON document is `meeple.core.record`, below both.
"""

from __future__ import annotations

from typing import Any

import attrs

from .base import resolve_player
from .errors import CorruptDataError
from .errors import IllegalActionError
from .errors import MeepleError
from .frozen import freeze
from .options import build_options
from .options import options_to_json
from .protocols import Game
from .protocols import State
from .public import check_viewer
from .public import public_history
from .public import public_move
from .record import RecordDocument
from .record import read_document
from .record import write_document
from .registry import get_game
from .thaw import thaw

__all__ = ["GameRecord", "Match"]


class Match:
    """One game in progress. Undo and redo are O(1): old states are kept, never copied."""

    def __init__(self, game: str | Game, players: int, *, seed: int, **options: Any) -> None:
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
            options=tuple(sorted((k, freeze(v)) for k, v in options_to_json(self.options).items())),
            moves=tuple((player, str(action)) for player, action in self._moves),
        )


@attrs.frozen
class GameRecord:
    """Game, rules version, seats, seed, options and the moves in notation."""

    game: str
    """Registry name of the game."""
    rules_version: str
    """The game's `spec.rules_version` when the record was made."""
    players: int
    """Number of seats."""
    seed: int
    """The seed the match started from."""
    options: tuple[tuple[str, Any], ...]
    """Options that differ from the defaults, as sorted ``(name, JSON value)`` pairs."""
    moves: tuple[tuple[int, str], ...]
    """Each move as ``(player, notation)``, in the order played."""

    def options_dict(self) -> dict[str, Any]:
        """The non-default options as keyword arguments."""
        return {name: thaw(value) for name, value in self.options}

    def to_data(self, *, text: bool = False) -> dict[str, Any]:
        """A JSON-able dict (without the codec's tag), written as the codec's converter
        writes it (`text`: for `json` to write at once, see `meeple.core.fastpath`)."""
        doc = RecordDocument(
            self.game, self.rules_version, self.players, self.seed, self.options_dict(), self.moves
        )
        return write_document(doc, text=text)

    @classmethod
    def from_data(cls, data: dict[str, Any]) -> GameRecord:
        """The record a `to_data` dict describes; CorruptDataError if malformed.

        Read by the codec's strict converter (`RecordDocument` is the one description
        of the JSON form), so every field is checked the way states are.
        """
        doc = read_document(data)
        return cls(
            game=doc.game,
            rules_version=doc.rules_version,
            players=doc.players,
            seed=doc.seed,
            options=tuple(sorted((k, freeze(v)) for k, v in doc.options.items())),
            moves=doc.moves,
        )

    def public_moves(
        self, viewer: int | None, game: Any = None
    ) -> tuple[tuple[int, str | None], ...]:
        """The moves as `viewer` (None: a spectator) saw them, ``(player, notation or
        None)``, never more (see `meeple.core.public`); `game` defaults to the registered
        one. CorruptDataError if a move is not a notation of the game."""
        check_viewer(self.game, self.players, viewer)
        try:
            the_game = get_game(self.game) if game is None else game
        except MeepleError as err:
            raise CorruptDataError(f"record of an unavailable game: {err}") from None
        seen: list[tuple[int, str | None]] = []
        for index, (player, text) in enumerate(self.moves):
            try:
                action = the_game.parse_action(text)
            except MeepleError as err:
                raise CorruptDataError(
                    f"record of {self.game}: move {index + 1} ({text!r}) is not a move: {err}"
                ) from None
            seen.append((player, public_move(the_game, action, player, viewer)))
        return tuple(seen)

    def replay(self) -> Match:
        """A Match with every move played; CorruptDataError names the first bad move."""
        try:
            game = get_game(self.game)
        except MeepleError as err:
            raise CorruptDataError(f"record of an unavailable game: {err}") from None
        return self.replay_with(game)

    def replay_with(self, game: Any) -> Match:
        """Like `replay`, for a game object that need not be registered."""
        if game.spec.rules_version != self.rules_version:
            raise CorruptDataError(
                f"record of {self.game} rules version {self.rules_version!r} cannot be "
                f"replayed by rules version {game.spec.rules_version!r}"
            )
        try:
            match = Match(game, self.players, seed=self.seed, **self.options_dict())
        except MeepleError as err:
            raise CorruptDataError(f"record cannot start its game: {err}") from None
        for index, (player, text) in enumerate(self.moves):
            try:
                match.play(text, player)
            except MeepleError as err:
                raise CorruptDataError(
                    f"record of {self.game} does not replay: move {index + 1} "
                    f"({text!r} by player {player}) fails: {err}"
                ) from None
        return match

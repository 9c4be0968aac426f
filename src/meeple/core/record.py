"""A finished or unfinished game as data: enough to replay it exactly."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import attrs

from .errors import CorruptDataError, MeepleError
from .frozen import FrozenObject, freeze, thaw

if TYPE_CHECKING:
    from .match import Match

__all__ = ["FrozenObject", "GameRecord", "freeze_json", "thaw_json"]


freeze_json = freeze
"""Lists become tuples and objects `FrozenObject`s (`meeple.core.frozen.freeze`)."""
thaw_json = thaw
"""Plain JSON values again (`meeple.core.frozen.thaw`)."""


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

    def to_data(self) -> dict[str, Any]:
        """A JSON-able dict (without the codec's tag)."""
        return {
            "game": self.game,
            "rules_version": self.rules_version,
            "players": self.players,
            "seed": self.seed,
            "options": self.options_dict(),
            "moves": [[player, text] for player, text in self.moves],
        }

    @classmethod
    def from_data(cls, data: dict[str, Any]) -> GameRecord:
        """The record a `to_data` dict describes; CorruptDataError if malformed."""
        expected = {"game", "rules_version", "players", "seed", "options", "moves"}
        if set(data) != expected:
            missing = sorted(expected - set(data))
            extra = sorted(set(data) - expected)
            raise CorruptDataError(
                f"a game record needs exactly the fields {sorted(expected)}"
                + (f"; missing {missing}" if missing else "")
                + (f"; unexpected {extra}" if extra else "")
            )
        for key, kind in (("game", str), ("rules_version", str), ("players", int), ("seed", int)):
            value = data[key]
            if isinstance(value, bool) or not isinstance(value, kind):
                raise CorruptDataError(f"game record field {key!r} must be {kind.__name__}")
        options = data["options"]
        if not isinstance(options, dict) or not all(isinstance(k, str) for k in options):
            raise CorruptDataError("game record field 'options' must be an object")
        moves = data["moves"]
        if not isinstance(moves, list):
            raise CorruptDataError("game record field 'moves' must be a list")
        parsed: list[tuple[int, str]] = []
        for index, move in enumerate(moves):
            if (
                not isinstance(move, list)
                or len(move) != 2
                or isinstance(move[0], bool)
                or not isinstance(move[0], int)
                or not isinstance(move[1], str)
            ):
                raise CorruptDataError(
                    f"game record move {index + 1} must be [player, notation], got {move!r}"
                )
            parsed.append((move[0], move[1]))
        return cls(
            game=data["game"],
            rules_version=data["rules_version"],
            players=data["players"],
            seed=data["seed"],
            options=tuple(sorted((k, freeze_json(v)) for k, v in options.items())),
            moves=tuple(parsed),
        )

    def replay(self) -> Match:
        """A Match with every move played; CorruptDataError names the first bad move."""
        from .registry import get_game

        try:
            game = get_game(self.game)
        except MeepleError as err:
            raise CorruptDataError(f"record of an unavailable game: {err}") from None
        return self.replay_with(game)

    def replay_with(self, game: Any) -> Match:
        """Like `replay`, for a game object that need not be registered."""
        from .match import Match

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

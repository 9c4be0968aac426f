"""A finished or unfinished game as data: enough to replay it exactly."""

from __future__ import annotations

from typing import TYPE_CHECKING
from typing import Any
from typing import NewType

import attrs

from .errors import CorruptDataError
from .errors import MeepleError
from .frozen import FrozenObject
from .frozen import freeze
from .frozen import thaw

if TYPE_CHECKING:
    from .match import Match

__all__ = [
    "FrozenObject",
    "GameRecord",
    "JsonValue",
    "RecordDocument",
    "freeze_json",
    "thaw_json",
]


freeze_json = freeze
"""Lists become tuples and objects `FrozenObject`s (`meeple.core.frozen.freeze`)."""
thaw_json = thaw
"""Plain JSON values again (`meeple.core.frozen.thaw`)."""


JsonValue = NewType("JsonValue", object)
"""Any JSON value (an option's value may be data, such as a custom board); the
converter takes it as it is and the record freezes it."""


@attrs.frozen
class RecordDocument:
    """The JSON form of a `GameRecord` (inside the codec's ``meeple.GameRecord`` tag).

    The one description of that document: `GameRecord.to_data` writes it and
    `GameRecord.from_data` reads it through the codec's strict converter.
    """

    game: str
    """Registry name of the game."""
    rules_version: str
    """The game's rules version when the record was made."""
    players: int
    """Number of seats."""
    seed: int
    """The seed the match started from."""
    options: dict[str, JsonValue]
    """Options that differ from the defaults, by name."""
    moves: tuple[tuple[int, str], ...]
    """``[player, notation]`` per move, in the order played."""


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
        from .fastpath import unstructurer

        doc = RecordDocument(
            self.game, self.rules_version, self.players, self.seed, self.options_dict(), self.moves
        )
        return unstructurer(RecordDocument, text=text)(doc)

    @classmethod
    def from_data(cls, data: dict[str, Any]) -> GameRecord:
        """The record a `to_data` dict describes; CorruptDataError if malformed.

        Read by the codec's strict converter (`RecordDocument` is the one description
        of the JSON form), so every field is checked the way states are.
        """
        from cattrs.errors import BaseValidationError

        from .converter import CONVERTER
        from .converter import explain_structure_error
        from .fastpath import structurer

        try:
            doc = structurer(RecordDocument)(data)
        except Exception:  # declined, or refused: the converter decides, and says why
            doc = None
        try:
            if doc is None:
                doc = CONVERTER.structure(data, RecordDocument)
        except BaseValidationError as err:
            reason = explain_structure_error(err)
            raise CorruptDataError(f"a game record is malformed: {reason}") from None
        except (TypeError, ValueError, KeyError, AttributeError) as err:
            raise CorruptDataError(f"a game record is malformed: {err}") from None
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
        from .public import check_viewer
        from .public import public_move
        from .registry import get_game

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

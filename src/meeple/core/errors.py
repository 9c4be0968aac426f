"""The error hierarchy: every refusal names the game, the input and the rule."""

from __future__ import annotations

__all__ = [
    "AmbiguousPlayerError",
    "CorruptDataError",
    "GameOverError",
    "IllegalActionError",
    "InvalidOptionsError",
    "InvalidPlayerError",
    "MalformedActionError",
    "MeepleError",
    "PluginError",
    "UnknownGameError",
]


class MeepleError(Exception):
    """Base of every error meeple raises on purpose."""


class UnknownGameError(MeepleError, ValueError, LookupError):
    """A game name that no installed package registers."""

    def __init__(self, name: str, known: tuple[str, ...]) -> None:
        self.name = name
        self.known = known
        listed = ", ".join(known) if known else "none are installed"
        super().__init__(f"unknown game {name!r}; known games: {listed}")


class InvalidOptionsError(MeepleError, ValueError):
    """Options (or a player count) that the game does not accept."""


class IllegalActionError(MeepleError, ValueError):
    """An action the rules refuse in this state; `.reason` says which rule."""

    def __init__(self, reason: str, *, game: str = "", action: str = "") -> None:
        self.reason = reason
        self.game = game
        self.action = action
        where = f"{game}: " if game else ""
        what = f"illegal action {action!r}: " if action else ""
        super().__init__(f"{where}{what}{reason}")


class GameOverError(IllegalActionError):
    """Acting after the game has ended."""


class InvalidPlayerError(MeepleError, ValueError):
    """A `player` argument that is not a seat of this game."""


class AmbiguousPlayerError(MeepleError, ValueError):
    """`player=None` while several players may act."""


class MalformedActionError(MeepleError, ValueError):
    """Text that is not an action in the game's notation."""


class CorruptDataError(MeepleError, ValueError):
    """Broken JSON, a wrong tag, a broken invariant, or a record that does not replay."""


class PluginError(MeepleError, RuntimeError):
    """A registered game that cannot be loaded: a name clash or an object that is not a Game."""

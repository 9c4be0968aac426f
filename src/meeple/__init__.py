"""meeple: board-game rules engines behind one contract and one registry."""

from importlib import metadata as _metadata

from .core import (
    Action,
    AmbiguousPlayerError,
    CorruptDataError,
    Game,
    GameOverError,
    GameRecord,
    GameSpec,
    IllegalActionError,
    InvalidOptionsError,
    InvalidPlayerError,
    MalformedActionError,
    Match,
    MeepleError,
    Outcome,
    PluginError,
    State,
    UnknownGameError,
    View,
    dumps,
    game_names,
    get_game,
    loads,
    start,
)

try:
    __version__ = _metadata.version("meeple")
    """The installed distribution's version (written once, in ``pyproject.toml``)."""
except _metadata.PackageNotFoundError:  # run from a source tree that was never installed
    __version__ = "0+unknown"

__all__ = [
    "Action",
    "AmbiguousPlayerError",
    "CorruptDataError",
    "Game",
    "GameOverError",
    "GameRecord",
    "GameSpec",
    "IllegalActionError",
    "InvalidOptionsError",
    "InvalidPlayerError",
    "MalformedActionError",
    "Match",
    "MeepleError",
    "Outcome",
    "PluginError",
    "State",
    "UnknownGameError",
    "View",
    "__version__",
    "dumps",
    "game_names",
    "get_game",
    "loads",
    "start",
]

"""meeple: board-game rules engines behind one contract and one registry."""

from importlib import metadata as _metadata

from .core import Action
from .core import AmbiguousPlayerError
from .core import CorruptDataError
from .core import Game
from .core import GameOverError
from .core import GameRecord
from .core import GameSpec
from .core import IllegalActionError
from .core import InvalidOptionsError
from .core import InvalidPlayerError
from .core import MalformedActionError
from .core import Match
from .core import MeepleError
from .core import Outcome
from .core import PluginError
from .core import State
from .core import UnknownGameError
from .core import View
from .core import dumps
from .core import game_names
from .core import get_game
from .core import loads
from .core import start

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

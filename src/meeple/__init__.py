"""meeple: board-game rules engines behind one contract and one registry."""

from importlib import metadata as _metadata

from .core import Action
from .core import Game
from .core import GameRecord
from .core import GameSpec
from .core import Match
from .core import Outcome
from .core import State
from .core import View
from .core import dumps
from .core import errors as _errors
from .core import game_names
from .core import get_game
from .core import loads
from .core import start
from .core.errors import *  # noqa: F403  (their names are listed once: errors.__all__)

try:
    __version__ = _metadata.version("meeple")
    """The installed distribution's version (written once, in ``pyproject.toml``)."""
except _metadata.PackageNotFoundError:  # run from a source tree that was never installed
    __version__ = "0+unknown"

__all__ = [
    "Action",
    "Game",
    "GameRecord",
    "GameSpec",
    "Match",
    "Outcome",
    "State",
    "View",
    "__version__",
    "dumps",
    "game_names",
    "get_game",
    "loads",
    "start",
]
__all__ += _errors.__all__  # every error of meeple.core, listed once in its module

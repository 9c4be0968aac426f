"""The Way of the Bear: erect bear steles, pay the temples, be first to fill your board."""

from .game import GAME, WayOfBear
from .options import Options
from .state import State
from .view import View

__all__ = ["GAME", "Options", "State", "View", "WayOfBear"]

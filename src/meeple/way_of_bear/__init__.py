"""The Way of the Bear: erect bear steles, pay the temples, be first to fill your board."""

from .game import GAME
from .options import Options

__all__ = ["GAME", "Options"]

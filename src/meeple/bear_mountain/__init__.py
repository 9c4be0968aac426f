"""Bear Went Over the Mountain: build a hike Bear would love to see."""

from .game import GAME
from .options import Options

__all__ = ["GAME", "Options"]

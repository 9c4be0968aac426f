"""Bear Went Over the Mountain: build a hike Bear would love to see."""

from .game import GAME, BearMountain
from .options import Options

__all__ = ["GAME", "BearMountain", "Options"]

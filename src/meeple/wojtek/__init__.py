"""Miś Wojtek: bears travel with the Polish II Corps from the USSR to Edinburgh."""

from .game import GAME
from .options import Options

__all__ = ["GAME", "Options"]

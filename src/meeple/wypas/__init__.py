"""Wypas: a card game of auctions, sheep pens, shearing and special cards."""

from .game import GAME
from .options import Options

__all__ = ["GAME", "Options"]

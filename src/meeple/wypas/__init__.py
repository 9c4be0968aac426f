"""Wypas: a card game of auctions, sheep pens, shearing and special cards."""

from .game import GAME, WypasGame
from .options import Options

__all__ = ["GAME", "Options", "WypasGame"]

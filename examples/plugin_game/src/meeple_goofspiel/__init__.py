"""Goofspiel for meeple: the plugin tutorial's example game."""

from .game import GAME, Bid, Options, State, View

__all__ = ["GAME", "Bid", "Options", "State", "View"]

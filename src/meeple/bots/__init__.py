"""Bots that play any game from a View: random, greedy lookahead, and ISMCTS."""

from .base import Bot, BotRng, evaluate
from .greedy import GreedyBot
from .mcts import MCTSBot
from .random_bot import RandomBot
from .registry import BOT_KINDS, make_bot

__all__ = [
    "BOT_KINDS",
    "Bot",
    "BotRng",
    "GreedyBot",
    "MCTSBot",
    "RandomBot",
    "evaluate",
    "make_bot",
]

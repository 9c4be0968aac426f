"""Bots that play any game from a View: random, greedy and heuristic lookahead, and
ISMCTS (plain, or guided by the game's heuristic)."""

from .base import Bot
from .base import BotRng
from .base import evaluate
from .greedy import GreedyBot
from .mcts import MCTSBot
from .random_bot import RandomBot
from .registry import BOT_KINDS
from .registry import GUIDED
from .registry import make_bot
from .spec import BOT_PARAMS
from .spec import BotParam
from .spec import BotSpec
from .spec import parse_bot_spec

__all__ = [
    "BOT_KINDS",
    "BOT_PARAMS",
    "GUIDED",
    "Bot",
    "BotParam",
    "BotRng",
    "BotSpec",
    "GreedyBot",
    "MCTSBot",
    "RandomBot",
    "evaluate",
    "make_bot",
    "parse_bot_spec",
]

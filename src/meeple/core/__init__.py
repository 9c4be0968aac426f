"""The contract every game implements and every front end relies on."""

from .api import start
from .base import StateBase, resolve_player
from .codec import dumps, loads
from .errors import (
    AmbiguousPlayerError,
    CorruptDataError,
    GameOverError,
    IllegalActionError,
    InvalidOptionsError,
    InvalidPlayerError,
    MalformedActionError,
    MeepleError,
    PluginError,
    UnknownGameError,
)
from .match import Match
from .options import build_options, check_players, parse_option_strings
from .outcome import Outcome, competition_ranks
from .protocols import Action, Game, State, View
from .record import GameRecord
from .registry import Registry, game_names, get_game
from .spec import GameSpec

__all__ = [
    "Action",
    "AmbiguousPlayerError",
    "CorruptDataError",
    "Game",
    "GameOverError",
    "GameRecord",
    "GameSpec",
    "IllegalActionError",
    "InvalidOptionsError",
    "InvalidPlayerError",
    "MalformedActionError",
    "Match",
    "MeepleError",
    "Outcome",
    "PluginError",
    "Registry",
    "State",
    "StateBase",
    "UnknownGameError",
    "View",
    "build_options",
    "check_players",
    "competition_ranks",
    "dumps",
    "game_names",
    "get_game",
    "loads",
    "parse_option_strings",
    "resolve_player",
    "start",
]

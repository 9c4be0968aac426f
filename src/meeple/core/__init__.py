"""The contract every game implements and every front end relies on."""

from . import capabilities as _capabilities
from . import errors as _errors
from .api import start
from .base import StateBase
from .base import resolve_player
from .capabilities import *  # noqa: F403  (their names are listed once: capabilities.__all__)
from .codec import dumps
from .codec import loads
from .edit import replace
from .encoding import Layout
from .encoding import Layouts
from .encoding import Vocabulary
from .encoding import Writer
from .encoding import f32
from .encoding import fraction
from .encoding import one_hots
from .encoding import packed
from .encoding import vocabulary
from .errors import *  # noqa: F403  (their names are listed once: errors.__all__)
from .game import EncodingBase
from .game import GameBase
from .match import GameRecord
from .match import Match
from .options import build_options
from .options import check_players
from .options import parse_option_strings
from .outcome import Outcome
from .outcome import competition_ranks
from .protocols import Action
from .protocols import AnyGame
from .protocols import AnyState
from .protocols import Game
from .protocols import State
from .protocols import View
from .registry import Registry
from .registry import game_names
from .registry import get_game
from .registry import resolve_game
from .seats import ALL_SEATS
from .seats import NOBODY
from .seats import ONE_SEAT
from .spec import GameSpec
from .turns import asking_order
from .turns import public_to_act

__all__ = [
    "ALL_SEATS",
    "NOBODY",
    "ONE_SEAT",
    "Action",
    "AnyGame",
    "AnyState",
    "EncodingBase",
    "Game",
    "GameBase",
    "GameRecord",
    "GameSpec",
    "Layout",
    "Layouts",
    "Match",
    "Outcome",
    "Registry",
    "State",
    "StateBase",
    "View",
    "Vocabulary",
    "Writer",
    "asking_order",
    "build_options",
    "check_players",
    "competition_ranks",
    "dumps",
    "f32",
    "fraction",
    "game_names",
    "get_game",
    "loads",
    "one_hots",
    "packed",
    "parse_option_strings",
    "public_to_act",
    "replace",
    "resolve_game",
    "resolve_player",
    "start",
    "vocabulary",
]
__all__ += _errors.__all__  # the errors, listed in their module
__all__ += _capabilities.__all__  # the optional capabilities, listed in their module

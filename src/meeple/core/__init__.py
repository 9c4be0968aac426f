"""The contract every game implements and every front end relies on."""

from .api import start
from .base import StateBase, resolve_player
from .capabilities import (
    CAPABILITIES,
    ENDED_BY,
    STALLED,
    Encodable,
    EncodesStates,
    HasElements,
    HasHeuristic,
    HasHtml,
    HasPublicNotation,
    HasStatistics,
    HasStyledText,
    Validating,
    capabilities,
    offers,
)
from .codec import dumps, loads
from .edit import replace
from .encoding import (
    Layout,
    Layouts,
    Vocabulary,
    Writer,
    f32,
    fraction,
    one_hots,
    packed,
    vocabulary,
)
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
from .game import EncodingBase, GameBase
from .match import Match
from .options import build_options, check_players, parse_option_strings
from .outcome import Outcome, competition_ranks
from .protocols import Action, Game, State, View
from .record import GameRecord
from .registry import Registry, game_names, get_game, resolve_game
from .seats import ALL_SEATS, NOBODY, ONE_SEAT
from .spec import GameSpec
from .turns import asking_order, public_to_act

__all__ = [
    "ALL_SEATS",
    "CAPABILITIES",
    "ENDED_BY",
    "NOBODY",
    "ONE_SEAT",
    "STALLED",
    "Action",
    "AmbiguousPlayerError",
    "CorruptDataError",
    "Encodable",
    "EncodesStates",
    "EncodingBase",
    "Game",
    "GameBase",
    "GameOverError",
    "GameRecord",
    "GameSpec",
    "HasElements",
    "HasHeuristic",
    "HasHtml",
    "HasPublicNotation",
    "HasStatistics",
    "HasStyledText",
    "IllegalActionError",
    "InvalidOptionsError",
    "InvalidPlayerError",
    "Layout",
    "Layouts",
    "MalformedActionError",
    "Match",
    "MeepleError",
    "Outcome",
    "PluginError",
    "Registry",
    "State",
    "StateBase",
    "UnknownGameError",
    "Validating",
    "View",
    "Vocabulary",
    "Writer",
    "asking_order",
    "build_options",
    "capabilities",
    "check_players",
    "competition_ranks",
    "dumps",
    "f32",
    "fraction",
    "game_names",
    "get_game",
    "loads",
    "offers",
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

"""The conformance kit any game, ours or a plugin's, runs with one call.

>>> from meeple.testing import check_game            # doctest: +SKIP
>>> check_game(my_game, players=[2, 3], seeds=range(5))  # doctest: +SKIP
"""

from .fuzz import FuzzError
from .fuzz import check_document
from .fuzz import mutated_documents
from .golden import REGOLD_ENV
from .golden import assert_golden
from .kit import ConformanceError
from .kit import check_capabilities
from .kit import check_game
from .kit import check_state
from .playout import perft
from .playout import random_playout
from .playout import transcript
from .positions import InvalidPositionError
from .positions import position
from .refusals import assert_refused
from .strategies import reachable_states

__all__ = [
    "REGOLD_ENV",
    "ConformanceError",
    "FuzzError",
    "InvalidPositionError",
    "assert_golden",
    "assert_refused",
    "check_capabilities",
    "check_document",
    "check_game",
    "check_state",
    "mutated_documents",
    "perft",
    "position",
    "random_playout",
    "reachable_states",
    "transcript",
]

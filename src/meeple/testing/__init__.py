"""The conformance kit any game, ours or a plugin's, runs with one call.

>>> from meeple.testing import check_game            # doctest: +SKIP
>>> check_game(my_game, players=[2, 3], seeds=range(5))  # doctest: +SKIP
"""

from .golden import REGOLD_ENV, assert_golden
from .kit import ConformanceError, check_capabilities, check_game, check_state
from .playout import perft, random_playout, transcript
from .strategies import reachable_states

__all__ = [
    "REGOLD_ENV",
    "ConformanceError",
    "assert_golden",
    "check_capabilities",
    "check_game",
    "check_state",
    "perft",
    "random_playout",
    "reachable_states",
    "transcript",
]

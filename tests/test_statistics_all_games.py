"""What every built-in game's statistics promise (`meeple analyze` reads them for all).

Each game's own ``tests/<game>/test_stats.py`` checks its figures; the conformance
kit checks their types on every finished game it reaches.
"""

from __future__ import annotations

import pytest

import meeple
from meeple.core import offers

from .shared import BUILT_IN


@pytest.mark.parametrize("name", BUILT_IN)
def test_every_built_in_game_offers_statistics(name: str) -> None:
    assert offers(meeple.get_game(name), "statistics")

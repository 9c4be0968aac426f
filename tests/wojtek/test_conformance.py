"""The meeple conformance kit over every player count, with and without the variants."""

from __future__ import annotations

import pytest

from meeple.testing import check_game
from meeple.wojtek import GAME, Options

VARIANTS = {
    "rulebook": Options(),
    "no drop on three": Options(no_drop_on_three=True),
    "no city refresh": Options(no_city_refresh=True),
    "younger children": Options(no_drop_on_three=True, no_city_refresh=True),
}


@pytest.mark.parametrize("players", [2, 3, 4, 5])
@pytest.mark.parametrize("variant", sorted(VARIANTS))
def test_conformance(players: int, variant: str) -> None:
    check_game(GAME, players=[players], seeds=range(2), steps=12, options=VARIANTS[variant])


def test_conformance_with_a_short_round_limit() -> None:
    # Stalling play is cut off by the limit: games still end and score.
    check_game(GAME, players=[2, 5], seeds=range(2), steps=8, options=Options(round_limit=4))

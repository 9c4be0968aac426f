"""The meeple conformance kit, for every player count and with a short round limit."""

from __future__ import annotations

import pytest

from meeple.testing import check_game
from meeple.way_of_bear import GAME, Options


@pytest.mark.parametrize("players", [2, 3, 4])
def test_conformance_kit(players: int) -> None:
    check_game(GAME, players=players, seeds=range(4), steps=40)


def test_conformance_kit_every_state_of_one_game() -> None:
    check_game(GAME, players=[2, 4], seeds=[11], steps=None)


def test_conformance_kit_with_a_round_limit() -> None:
    check_game(GAME, players=[2, 3, 4], seeds=range(2), options=Options(max_rounds=2))

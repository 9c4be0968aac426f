"""The meeple conformance kit over Wypas, for 3-6 players and each option set."""

from __future__ import annotations

import pytest

from meeple.core import InvalidOptionsError, build_options
from meeple.testing import check_game
from meeple.wypas import GAME, Options


@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_rulebook_game(players: int) -> None:
    check_game(GAME, players=players, seeds=range(2), steps=25)


@pytest.mark.parametrize(
    "options",
    [
        Options(bleating=False, max_rounds=40),
        Options(specials=False),
        Options(max_rounds=3),
        Options(bluff=True, bleating=False, max_rounds=40),
    ],
    ids=["no-bleating", "no-specials", "three-rounds", "bluff-no-bleating"],
)
def test_options(options: Options) -> None:
    check_game(GAME, players=[3, 6], seeds=range(1), steps=20, options=options)


@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_bluff(players: int) -> None:
    check_game(GAME, players=players, seeds=range(1), steps=20, options=Options(bluff=True))


def test_options_are_checked() -> None:
    with pytest.raises(InvalidOptionsError, match="bluff"):
        build_options("wypas", Options, {"bluff": "maybe"})
    assert build_options("wypas", Options, {"bluff": True}).bluff


@pytest.mark.parametrize("rounds", [0, 201, -3])
def test_round_limit_is_bounded(rounds: int) -> None:
    with pytest.raises(InvalidOptionsError, match="max_rounds"):
        build_options("wypas", Options, {"max_rounds": rounds})

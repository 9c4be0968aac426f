"""OpenSpiel-style: one conformance run over every registered game, every player count.

Each game's own tests run the kit again over its modes and options; this file
guarantees no registered game (including a plugin installed in the test
environment) escapes the kit. A game's own tests may leave these seeds of its
rulebook game to this file (the conformance files of The Way of the Bear, Wypas and
Miś Wojtek go on from seed 2): change the seeds or states here and those runs lose
them.
"""

from __future__ import annotations

import pytest

import meeple
from meeple.testing import check_game

from .toy_game import TOY

REGISTERED = meeple.game_names()


@pytest.mark.parametrize("name", REGISTERED)
def test_registered_game_conforms(name: str) -> None:
    game = meeple.get_game(name)
    check_game(game, seeds=range(2), steps=40)


def test_the_toy_game_conforms_too() -> None:
    # Always runs, so this file never collects zero tests.
    check_game(TOY, seeds=range(2))

"""The meeple conformance kit over every mode and player count."""

from __future__ import annotations

import pytest

from meeple.bear_mountain import GAME, Options
from meeple.testing import check_game

MODES = [
    pytest.param(Options(), [2, 3, 4], id="standard"),
    pytest.param(Options(animals_only=True), [2, 4], id="standard-animals-only"),
    pytest.param(Options(tiebreaker=True), [2, 3, 4], id="standard-tiebreaker"),
    pytest.param(Options(mode="draft"), [2, 3, 4], id="draft"),
    pytest.param(Options(mode="draft", tiebreaker=True), [2, 3, 4], id="draft-tiebreaker"),
    pytest.param(Options(mode="draft", score_card_count=18), [2], id="draft-18-cards"),
    # One score card makes ties, and so sudden-death rounds, very common.
    pytest.param(
        Options(mode="draft", score_card_count=1, tiebreaker=True), [2, 3, 4], id="draft-1-card"
    ),
    pytest.param(
        Options(animals_only=True, tiebreaker=True), [2, 3, 4], id="standard-animals-tiebreaker"
    ),
    pytest.param(Options(mode="solo"), [1], id="solo"),
]


@pytest.mark.parametrize(("options", "players"), MODES)
def test_conformance(options: Options, players: list[int]) -> None:
    check_game(GAME, players=players, seeds=range(5), steps=12, options=options)


def test_conformance_every_state_of_one_game_per_mode() -> None:
    for options, players in [
        (Options(tiebreaker=True), 2),
        (Options(mode="draft", tiebreaker=True), 3),
        (Options(mode="solo"), 1),
    ]:
        check_game(GAME, players=players, seeds=[7], steps=None, options=options)


def test_conformance_with_default_options_for_every_player_count() -> None:
    # Default options pick the rulebook's game for the count: solo for 1, standard for 2-4.
    check_game(GAME, seeds=range(3), steps=10)

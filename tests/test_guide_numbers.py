"""The numbers docs/guide/implementing-a-game.md promises, read from the page: the
module length the architecture test allows, and the example plugin's step bound."""

from __future__ import annotations

import pytest
from meeple_goofspiel.options import MAX_CARDS

import meeple

from .shared import number
from .shared import says
from .test_architecture import LONGEST

PAGE = "docs/guide/implementing-a-game.md"


def test_a_module_is_as_long_as_the_guide_says() -> None:
    said = number(says(PAGE, r"A module grows past about (\d+) lines only with a reason")[1])
    assert said <= LONGEST <= said * 1.1, "'about' means within a tenth above"


def test_goofspiels_step_bound_counts_the_rounds_the_guide_says() -> None:
    most, rounds = says(
        PAGE, r"Goofspiel's `cards` goes up to (\d+), so its bound counts (\d+) rounds"
    ).groups()
    assert number(most) == MAX_CARDS
    spec = meeple.get_game("goofspiel").spec
    assert {n: spec.max_steps(n) for n in spec.player_counts()} == {
        n: number(rounds) * n for n in spec.player_counts()
    }
    options_type = meeple.get_game("goofspiel").options_type
    options_type(cards=number(most))
    with pytest.raises(ValueError, match="cards"):
        options_type(cards=number(most) + 1)

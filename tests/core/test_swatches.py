"""`meeple.core.swatches`: one swatch per colour name, shared by the games' palettes."""

from __future__ import annotations

import pytest

from meeple.core.swatches import SWATCHES
from meeple.core.swatches import swatches


def test_a_palette_takes_each_colour_s_swatch_in_the_game_s_order() -> None:
    palette = swatches(("white", "red"))
    assert list(palette) == ["white", "red"]
    assert palette == {"white": SWATCHES["white"], "red": SWATCHES["red"]}


def test_instead_names_another_swatch_for_a_colour() -> None:
    assert swatches(["blue"], instead={"blue": "sky blue"}) == {"blue": SWATCHES["sky blue"]}


def test_a_colour_without_a_swatch_is_refused_by_name() -> None:
    with pytest.raises(ValueError, match="teal"):
        swatches(("red", "teal"))


def test_the_palettes_keep_their_styles() -> None:
    from meeple.way_of_bear.palette import STELE
    from meeple.wojtek.palette import PAWN
    from meeple.wypas.palette import WOLF

    assert STELE["blue"] == "bold white on dodger_blue3"
    assert PAWN["light brown"] == "black on tan"
    assert WOLF == "bold white on grey42"

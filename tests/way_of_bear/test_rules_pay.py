"""The pay phase: the offering, one stele at a time, and the discount cards' waivers."""

from __future__ import annotations

import pytest

from .helpers import CORNER
from .helpers import build
from .helpers import counts
from .helpers import play
from .helpers import texts


@pytest.mark.rule("way_of_bear:cards.effects")
def test_discount_card_waives_one_stele_of_the_offering() -> None:
    state = build(steles=CORNER, reserves={0: {"orange": 1, "black": 1}}, hands={0: ["s05"]})
    assert "place orange v01" not in texts(state.legal_actions())
    placed = play(state, "seal s05", "place orange v01")
    # blue cannot be paid, so the discount must go to blue
    assert texts(placed.legal_actions()) == ["pay black", "waive blue"]
    done = play(placed, "waive blue", "pay black")
    assert done.current == 1
    assert done.temples == counts({"orange": 1, "black": 2, "blue": 1, "white": 1})


@pytest.mark.rule("way_of_bear:cards.effects")
def test_discount_may_go_to_any_colour_when_all_are_payable() -> None:
    state = build(
        steles=CORNER, reserves={0: {"orange": 1, "black": 1, "blue": 1}}, hands={0: ["s05"]}
    )
    placed = play(state, "seal s05", "place orange v01")
    assert texts(placed.legal_actions()) == ["pay black", "pay blue", "waive black", "waive blue"]

"""The extra phase: the additional action a type-B Seal card grants, made at once."""

from __future__ import annotations

import pytest

from .helpers import CORNER
from .helpers import build
from .helpers import counts
from .helpers import play
from .helpers import texts


@pytest.mark.rule("way_of_bear:cards.effects", "way_of_bear:cards.play")
def test_additional_placement_then_the_regular_action() -> None:
    state = build(
        steles=CORNER, reserves={0: {"orange": 1, "black": 1, "blue": 1}}, hands={0: ["s10"]}
    )
    extra = play(state, "seal s10")
    assert extra.phase == "extra"
    assert all(t.startswith("place ") for t in texts(extra.legal_actions()))
    after = play(extra, "place orange v01", "pay black", "pay blue")
    assert after.current == 0
    assert not after.regular_done
    assert "draw" in texts(after.legal_actions())


@pytest.mark.rule("way_of_bear:cards.effects")
def test_additional_take_of_one_stele() -> None:
    state = build(steles=CORNER, hands={0: ["s13"]}, temples={"black": 2, "blue": 1})
    extra = play(state, "seal s13")
    assert texts(extra.legal_actions()) == ["take black", "take blue"]
    after = play(extra, "take blue")
    assert after.reserves[0] == counts({"blue": 1})
    assert after.phase == "main"

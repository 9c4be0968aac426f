"""The return phase: a reserve above the limit at the end of a turn goes back to the
bag one stele at a time, the player choosing which."""

from __future__ import annotations

import pytest

from .helpers import COLOUR
from .helpers import CORNER
from .helpers import build
from .helpers import play
from .helpers import texts


@pytest.mark.rule("way_of_bear:reserve.limit")
def test_reserve_above_ten_at_the_end_of_the_turn_returns_the_players_choice() -> None:
    state = build(steles=CORNER, reserves={0: {"orange": 5, "black": 4}})
    after = play(state, "draw")
    assert sum(after.reserves[0]) == 12
    assert after.phase == "return"
    assert after.current == 0
    options = texts(after.legal_actions())
    assert all(t.startswith("return ") for t in options)
    drawn = after
    after = play(after, "return orange")
    assert after.phase == "return"
    after = play(after, "return orange")
    assert after.current == 1
    assert after.reserves[0][COLOUR["orange"]] == drawn.reserves[0][COLOUR["orange"]] - 2
    assert sum(after.reserves[0]) == 10
    assert after.bag[COLOUR["orange"]] == drawn.bag[COLOUR["orange"]] + 2


@pytest.mark.rule("way_of_bear:reserve.limit", "way_of_bear:cards.effects")
def test_reserve_limit_card_keeps_fourteen() -> None:
    state = build(steles=CORNER, reserves={0: {"white": 10}}, hands={0: ["s09"]})
    after = play(state, "seal s09", "draw")
    assert after.current == 1
    assert sum(after.reserves[0]) == 13

"""Refused actions say which rule refuses them, and change nothing."""

from __future__ import annotations

import pytest

from meeple.core import IllegalActionError
from meeple.way_of_bear import GAME

from .helpers import build, play

CORNER = {"v02": "black", "v09": "blue", "v11": "orange", "v17": "orange"}


@pytest.mark.parametrize(
    ("moves", "action", "reason"),
    [
        ((), "pass", "a regular action is possible"),
        ((), "ritual-skip", "no Ritual to resolve"),
        ((), "return white", "only when the reserve is above the limit"),
        ((), "waive white", "needs a discount Seal card"),
        ((), "pay black", "no black stele is owed"),
        ((), "take white white", "fewer steles of that colour"),
        ((), "take black blue white", "take exactly 2 steles"),
        ((), "place orange v02", "already holds a stele"),
        ((), "place white v01", "no white stele in the reserve"),
        ((), "seal s05", "does not hold Seal card s05"),
        (("draw",), "take black blue", "regular action"),
        (("seal s10",), "take black", "additional place is being made"),
        (("seal s13",), "take black black", "take exactly 1 stele from"),
        (("seal s13",), "place orange v01", "additional take is being made"),
        (("place orange v01",), "draw", "the offering is being paid"),
    ],
)
def test_refusal_reasons(moves: tuple[str, ...], action: str, reason: str) -> None:
    state = build(
        steles=CORNER,
        reserves={0: {"orange": 1, "black": 1, "blue": 1}},
        temples={"black": 2, "blue": 1, "white": 1},
        hands={0: ["s10", "s13", "s16"]},
    )
    state = play(state, *moves)
    refused = GAME.parse_action(action)
    found = state.check(refused)
    assert found is not None
    assert reason in found
    with pytest.raises(IllegalActionError, match="way_of_bear") as err:
        state.apply(refused)
    assert err.value.reason == found


def test_part_p_is_not_in_play_with_three_players() -> None:
    state = build(steles=CORNER, reserves={0: {"white": 1}})
    found = state.check(GAME.parse_action("place white v35"))
    assert found is not None
    assert "part P" in found

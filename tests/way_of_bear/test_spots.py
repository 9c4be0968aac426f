"""A state's spots are derived from its board by `of_board`, a shortcut of `touching`.

`of_board` starts from the steles' neighbours instead of scanning every token
village; it must find exactly the spots the plain scan finds, or placements would
be offered (or hidden) wrongly after a load.
"""

from __future__ import annotations

from typing import Any

from hypothesis import given

from meeple.way_of_bear.spots import of_board
from meeple.way_of_bear.spots import touching

from .strategies import STATES


@given(STATES)
def test_of_board_finds_the_spots_the_plain_scan_finds(state: Any) -> None:
    assert of_board(state.board) == touching(state.board)
    assert state.spots == touching(state.board)


def test_a_malformed_board_has_no_spots() -> None:
    assert of_board(()) == ()
    assert of_board((10**9,) * 3) == ()

"""Every built-in game's text picture of a view: the opening of a seeded game shows
the table's landmarks (terminals, logs and ``meeple play`` show nothing else). And
where a game's `State` and `View` share a base of open fields, a view copies them
(`meeple.core.table.view_maker`).

One test for the four games; what a game's picture must hide or draw in a given
position stays in its ``tests/<game>/test_views.py``.
"""

from __future__ import annotations

from typing import Any

import attrs
import pytest
from hypothesis import given
from hypothesis import settings
from hypothesis import strategies as st

import meeple
from meeple.testing import reachable_states

OPENING_PICTURES = {
    "bear_mountain": (
        2,
        1,
        0,
        ["Mountain (standard)", "face-up (take 1-4):", "face-down pile: 41"],
    ),
    "way_of_bear": (4, 1, 0, ["temples:", "bag:", "p3"]),
    "wojtek": (3, 5, 1, ["Buzuluk", "Edinburgh", "Display:", "Poland: pawns 0 1 2"]),
    "wypas": (3, 1, 0, ["round 1, baca p0", "drawn lots:", "track:"]),
}
"""Game -> (players, seed, seat, what its picture of the opening must show)."""


@pytest.mark.parametrize("name", sorted(OPENING_PICTURES))
def test_the_opening_picture_shows_the_table(name: str) -> None:
    players, seed, seat, landmarks = OPENING_PICTURES[name]
    game = meeple.get_game(name)
    text = game.render(game.start(players, seed=seed).view(seat))
    missing = [landmark for landmark in landmarks if landmark not in text]
    assert not missing, f"{missing} not in\n{text}"


TABLE_GAMES = ("bear_mountain", "way_of_bear", "wojtek", "wypas")
"""The games whose `State` and `View` share their open fields through one base."""


def _table_of(game: Any) -> type:
    """The attrs base a game's state and view classes share (its ``Table``)."""
    in_view = set(game.view_type.__mro__)
    (table,) = [b for b in game.state_type.__mro__[1:] if b in in_view and attrs.has(b)]
    return table


@pytest.mark.parametrize("name", TABLE_GAMES)
@settings(max_examples=25, deadline=None)
@given(data=st.data())
def test_a_view_copies_the_open_table_as_it_is(name: str, data: st.DataObject) -> None:
    # The base holds only what every seat sees: a view that filtered one of its fields
    # would mean the field is not open, and its docstring in the base would be wrong.
    game = meeple.get_game(name)
    state = data.draw(reachable_states(game, max_depth=300))
    table = _table_of(game)
    for seat in [*range(state.players), None]:
        view = state.view(seat)
        for field in attrs.fields(table):
            assert getattr(view, field.name) == getattr(state, field.name), (seat, field.name)
        # `view_maker` passes the fields by position: a value in the wrong place would
        # give a view unequal to (or a repr unlike) the one built by keyword from them
        by_name = game.view_type(**attrs.asdict(view, recurse=False))
        assert view == by_name, seat
        assert repr(view) == repr(by_name), seat

"""`meeple.core.table.table_reader`: a view's dict is its open table, checked once."""

from __future__ import annotations

import pickle

import attrs
import pytest

from meeple.core.table import table_reader


@attrs.frozen(slots=False)
class _Table:
    shared: int
    other: str


@attrs.frozen
class _View(_Table):
    seat: int


@attrs.frozen(slots=False)
class _State(_Table):
    secret: int


@attrs.frozen(slots=False)
class _LooseView(_Table):
    seat: int


def test_the_reader_gives_exactly_the_table_fields_and_a_state_made_of_them_is_equal() -> None:
    read = table_reader(_View, _Table)
    view = _View(shared=1, other="a", seat=0)
    assert read(view) == {"shared": 1, "other": "a"}
    made = _State(secret=7, **read(view))
    assert made == _State(shared=1, other="a", secret=7)
    assert pickle.dumps(made) == pickle.dumps(_State(shared=1, other="a", secret=7))
    assert view == _View(shared=1, other="a", seat=0)  # unpacking left the view alone


def test_a_view_whose_own_fields_share_the_dict_is_refused() -> None:
    with pytest.raises(TypeError, match="own fields in slots"):
        table_reader(_LooseView, _Table)


def test_a_class_that_is_not_a_subclass_of_the_table_is_refused() -> None:
    with pytest.raises(TypeError, match="attrs subclass"):
        table_reader(_State, _View)


@pytest.mark.parametrize("game", ["bear_mountain", "way_of_bear", "wojtek", "wypas"])
def test_each_game_views_dict_is_its_table(game: str) -> None:
    import importlib

    import meeple

    state_module = importlib.import_module(f"meeple.{game}.state")
    state = meeple.start(game, players=4, seed=3)
    view = state.view(0)
    assert list(vars(view)) == [f.name for f in attrs.fields(state_module.Table)]

"""`meeple.core.table`: a view's dict is its open table (`table_reader`), and the view
is made from a state by a generated call (`view_maker`), both checked once."""

from __future__ import annotations

import inspect
import pickle

import attrs
import pytest
from hypothesis import given
from hypothesis import settings
from hypothesis import strategies as st

from meeple.core.field_order import in_order
from meeple.core.table import table_reader
from meeple.core.table import view_maker


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


# -- view_maker: the generated copy of the table into a view ---------------------------


@attrs.frozen(slots=False)
class _Open:
    players: int
    phase: str
    row: tuple[int, ...] = attrs.field(default=(), kw_only=True)


@attrs.frozen
class _Seen:
    seat: int | None
    hand: tuple[int, ...]
    late: int = attrs.field(kw_only=True)


@attrs.frozen(field_transformer=in_order("seat players hand row phase late"))
class _OpenView(_Seen, _Open):
    pass


@attrs.frozen(slots=False)
class _OpenState(_Open):
    deck: tuple[int, ...]


_make = view_maker(_OpenState, _OpenView, _Open, _Seen)


@settings(max_examples=60, deadline=None)
@given(
    players=st.integers(),
    phase=st.text(max_size=5),
    row=st.lists(st.integers(), max_size=4).map(tuple),
    deck=st.lists(st.integers(), max_size=4).map(tuple),
    seat=st.none() | st.integers(),
    hand=st.lists(st.integers(), max_size=4).map(tuple),
    late=st.integers(),
)
def test_a_made_view_equals_the_one_built_by_keyword(
    players: int,
    phase: str,
    row: tuple[int, ...],
    deck: tuple[int, ...],
    seat: int | None,
    hand: tuple[int, ...],
    late: int,
) -> None:
    # positional arguments in the view's own order (kw-only fields by name): each
    # value must land in its field, whatever order in_order gives the fields
    state = _OpenState(players=players, phase=phase, row=row, deck=deck)
    made = _make(state, seat=seat, hand=hand, late=late)
    by_hand = _OpenView(seat=seat, players=players, hand=hand, row=row, phase=phase, late=late)
    assert made == by_hand
    assert repr(made) == repr(by_hand)
    assert pickle.dumps(made) == pickle.dumps(by_hand)
    assert (
        list(vars(made)) == list(vars(by_hand)) == ["players", "row", "phase"]
    )  # the view's order


def test_the_made_function_reads_as_the_call_a_game_would_write() -> None:
    assert _make.__name__ == _make.__qualname__ == "make__openview"
    assert _make.__module__ == __name__
    assert "_Open as it is" in (_make.__doc__ or "")
    assert inspect.getsource(_make).splitlines() == [
        "def make__openview(s, seat, hand, *, late):",
        "    return View(seat, s.players, hand, s.phase, row=s.row, late=late)",
    ]


@attrs.frozen(field_transformer=in_order("seat players hand row phase late extra"))
class _ViewWithAStray(_Seen, _Open):
    extra: int


def test_a_view_field_neither_in_the_table_nor_seen_is_refused_when_made() -> None:
    with pytest.raises(TypeError, match=r"\['extra'\] are neither in _Open nor in _Seen"):
        view_maker(_OpenState, _ViewWithAStray, _Open, _Seen)


@attrs.frozen
class _SeenWithADefault:
    seat: int | None = attrs.field(default=None, kw_only=True)


@attrs.frozen
class _ViewWithADefault(_SeenWithADefault, _Open):
    pass


def test_a_seen_field_with_a_default_is_refused_when_made() -> None:
    with pytest.raises(TypeError, match="must have no default"):
        view_maker(_OpenState, _ViewWithADefault, _Open, _SeenWithADefault)


@attrs.frozen
class _ViewOfNoSeen(_Open):
    seat: int | None
    hand: tuple[int, ...]
    late: int


def test_a_view_that_is_not_made_of_its_bases_is_refused() -> None:
    with pytest.raises(TypeError, match="_ViewOfNoSeen must be an attrs subclass of _Seen"):
        view_maker(_OpenState, _ViewOfNoSeen, _Open, _Seen)
    with pytest.raises(TypeError, match="_State must be an attrs subclass of _Open"):
        view_maker(_State, _OpenView, _Open, _Seen)

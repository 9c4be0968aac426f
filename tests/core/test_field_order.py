"""`meeple.core.field_order.in_order`: a class with a base keeps the field order it names."""

from __future__ import annotations

import inspect
import re

import attrs
import pytest

import meeple
from meeple.core.codec import to_data
from meeple.core.field_order import in_order


@attrs.frozen
class _Base:
    shared: int
    later: int = attrs.field(default=0, kw_only=True)


@attrs.frozen(field_transformer=in_order("own shared other later"))
class _Mixed(_Base):
    own: str
    other: str


def test_the_named_order_holds_for_init_repr_and_the_fields() -> None:
    assert [f.name for f in attrs.fields(_Mixed)] == ["own", "shared", "other", "later"]
    assert list(inspect.signature(_Mixed).parameters) == ["own", "shared", "other", "later"]
    mixed = _Mixed(own="a", shared=1, other="b")
    assert (mixed.own, mixed.shared, mixed.other, mixed.later) == ("a", 1, "b", 0)
    assert repr(mixed) == "_Mixed(own='a', shared=1, other='b', later=0)"


@pytest.mark.parametrize(
    ("names", "what"),
    [
        ("own shared later", "missing ['other']"),
        ("own shared other later extra", "not fields ['extra']"),
        ("own shared other other later", "twice ['other']"),
    ],
)
def test_an_order_that_does_not_name_each_field_once_is_refused(names: str, what: str) -> None:
    with pytest.raises(
        TypeError, match=rf"_Wrong: the field order must list each field once.*{re.escape(what)}"
    ):

        @attrs.frozen(field_transformer=in_order(names))
        class _Wrong(_Base):
            own: str
            other: str


@pytest.mark.parametrize("name", ["way_of_bear", "wypas"])
def test_a_game_with_a_table_writes_its_keys_in_the_order_of_before(name: str) -> None:
    # Moving the shared fields into a base must not move a document's keys: a view
    # still opens with its seat and a state with its rng, not with the base's fields.
    game = meeple.get_game(name)
    state = game.start(3, seed=4)
    assert list(to_data(state))[:5] == ["$type", "$rules", "players", "to_act", "rng"]
    assert list(to_data(state.view(1)))[:5] == ["$type", "$rules", "player", "players", "to_act"]

"""The one freeze and thaw (issue 17); the converter's fast paths refuse what it always did."""

from __future__ import annotations

from typing import Any

import attrs
import pytest
from cattrs.errors import BaseValidationError

import meeple
from meeple.core.codec import CONVERTER
from meeple.core.frozen import FrozenObject
from meeple.core.frozen import freeze
from meeple.core.outcome import Outcome
from meeple.core.record import freeze_json
from meeple.core.record import thaw_json
from meeple.core.thaw import thaw


def test_freeze_makes_json_hashable_and_thaw_gives_it_back() -> None:
    value = {"b": [1, {"c": None}], "a": "x", "d": [[1.5, True]]}
    frozen = freeze(value)
    assert isinstance(frozen, FrozenObject)
    assert list(frozen) == [
        ("a", "x"),
        ("b", (1, FrozenObject([("c", None)]))),
        ("d", ((1.5, True),)),
    ]
    hash(frozen)
    assert thaw(frozen) == value
    assert freeze(frozen) is frozen  # already frozen: left as it is


def test_freeze_keeps_a_tuple_of_scalars_and_converts_what_other_tuples_hold() -> None:
    flat = ("a", 1, 2.5, True, None)
    assert freeze(flat) is flat  # nothing to convert: the tuple itself, not a copy
    assert freeze((1, [2, [3]])) == (1, (2, (3,)))
    assert freeze((("x", 1), ("y", {"b": [2]}))) == (
        ("x", 1),
        ("y", FrozenObject([("b", (2,))])),
    )
    with pytest.raises(TypeError, match="objects are not allowed"):
        freeze((1, ({"a": 1},)), objects=False)


def test_the_record_names_are_the_one_helper() -> None:
    assert freeze_json is freeze
    assert thaw_json is thaw


def test_freeze_refuses_objects_where_only_lists_are_allowed() -> None:
    assert freeze([1, [2]], objects=False) == (1, (2,))
    with pytest.raises(TypeError, match="objects are not allowed"):
        freeze([1, {"a": 1}], objects=False)


def test_thaw_writes_sets_in_the_converters_order_and_data_in_its_form() -> None:
    @attrs.frozen
    class Point:
        x: int
        y: tuple[int, ...]

    assert thaw(frozenset({3, 10, 2})) == CONVERTER.unstructure(frozenset({3, 10, 2}))
    assert thaw((Point(1, (2, 3)),)) == [{"x": 1, "y": [2, 3]}]


def test_an_outcome_keeps_its_breakdown_in_display_order() -> None:
    outcome = Outcome.from_keys([3, 1], details=[{"z": 1, "a": [1, 2]}, (("z", 0), ("a", ()))])
    assert outcome.details == ((("z", 1), ("a", (1, 2))), (("z", 0), ("a", ())))
    assert meeple.loads(meeple.dumps(outcome)) == outcome


@attrs.frozen
class _Sample:
    ints: tuple[int, ...]
    floats: tuple[float, ...]
    names: frozenset[str]
    pair: tuple[int, str]
    anything: Any = None


@pytest.mark.parametrize(
    ("field", "value"),
    [
        ("ints", [1, True]),
        ("ints", [1, "2"]),
        ("ints", [1.0]),
        ("ints", "12"),
        ("floats", [1.0, False]),
        ("names", ["a", "a"]),
        ("names", ["a", 1]),
        ("pair", [1, "x", 2]),
        ("pair", ["1", "x"]),
        ("anything", [1, {"a": 1}]),
    ],
)
def test_the_fast_paths_refuse_what_the_strict_converter_refuses(field: str, value: Any) -> None:
    good: dict[str, Any] = {"ints": [1], "floats": [1.5, 2], "names": ["a"], "pair": [1, "x"]}
    assert CONVERTER.structure(good, _Sample).floats == (1.5, 2.0)
    with pytest.raises((BaseValidationError, TypeError, ValueError)):
        CONVERTER.structure({**good, field: value}, _Sample)


def test_the_fast_paths_write_what_they_read() -> None:
    sample = _Sample((3, 1), (0.5,), frozenset({"b", "a"}), (2, "y"), (1, (2,)))
    data = CONVERTER.unstructure(sample)
    assert data == {
        "ints": [3, 1],
        "floats": [0.5],
        "names": ["a", "b"],
        "pair": [2, "y"],
        "anything": [1, [2]],
    }
    assert CONVERTER.structure(data, _Sample) == sample


@pytest.mark.parametrize("value", [{}, {"a": 1}, "ab", 3, None])
def test_a_list_field_takes_only_a_json_list(value: Any) -> None:
    """Regression: cattrs' own list hook took any iterable (an object's keys, a
    string's letters), so stored seat data ``{}`` read back as no seats."""
    with pytest.raises((TypeError, BaseValidationError)):
        CONVERTER.structure(value, list[str])
    assert CONVERTER.structure(["a", None], list[str | None]) == ["a", None]

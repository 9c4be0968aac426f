"""The codec's fast path (`meeple.core.fastpath`) says what the strict converter says.

Per class, generated functions write and read documents without the converter's
dispatch; they must write the very dict the converter writes, and read a document
only into the very object the converter makes of it (declining everything else,
which the converter then judges, with its own message). The text form (tuples
left as tuples) must make the very same JSON text.
"""

from __future__ import annotations

import json
from typing import Any

import attrs
import pytest
from hypothesis import HealthCheck
from hypothesis import given
from hypothesis import settings

import meeple
from meeple.core import StateBase
from meeple.core.codec import CONVERTER
from meeple.core.fastpath import DeclinedError
from meeple.core.fastpath import _fields_maker
from meeple.core.fastpath import structurer
from meeple.core.fastpath import unstructurer
from meeple.core.record import RecordDocument
from meeple.testing import mutated_documents
from meeple.testing import random_playout

from ..shared import BUILT_IN
from ..shared import SHORT_OPTIONS
from ..test_fuzz_loads import CASES
from ..toy_game import TOY


def _objects(name: str, values: dict[str, Any]) -> list[Any]:
    """States, every seat's views and outcomes along a few random games, and options."""
    game = meeple.get_game(name)
    options = meeple.core.build_options(name, game.options_type, values)
    found: list[Any] = [options]
    for seed, players in enumerate(game.spec.player_counts()):
        try:
            _final, moves, states = random_playout(game, players, seed, options, limit=400)
        except meeple.MeepleError:
            continue  # these options are not for this player count
        for state in states[:: max(1, len(states) // 6)] + states[-1:]:
            found += [state, state.outcome()]
            found += [state.view(p) for p in (None, *range(state.players))]
        notation = tuple((p, str(a)) for p, a in moves)
        rules = game.spec.rules_version
        found.append(RecordDocument(name, rules, players, seed, dict(values), notation))
    return found


def _same(fast: Any, slow: Any) -> None:
    assert type(fast) is type(slow)
    assert fast == slow
    # equal is not enough (1 == True): the two must write the same JSON
    assert json.dumps(CONVERTER.unstructure(fast)) == json.dumps(CONVERTER.unstructure(slow))
    if hasattr(fast, "__dict__"):  # the same fields in the same order, derived ones too
        assert list(vars(fast).items()) == list(vars(slow).items())


@pytest.mark.parametrize(("name", "values"), CASES)
def test_fast_path_writes_and_reads_what_the_converter_does(
    name: str, values: dict[str, Any]
) -> None:
    for obj in _objects(name, values):
        text = json.dumps(CONVERTER.unstructure(obj))
        assert json.dumps(unstructurer(type(obj))(obj)) == text
        assert json.dumps(unstructurer(type(obj), text=True)(obj)) == text
        body = json.loads(text)
        _same(structurer(type(obj))(body), CONVERTER.structure(body, type(obj)))
        tagged = {"$type": "a tag", "$rules": "1", **body}  # the codec's tags, left alone
        _same(structurer(type(obj), tagged=True)(tagged), CONVERTER.structure(body, type(obj)))


def _kind_class(game: Any, tag: str) -> type[Any] | None:
    if tag == "meeple.GameRecord":
        return RecordDocument
    kind = tag.rpartition(".")[2]
    return {"state": game.state_type, "view": game.view_type}.get(kind)


@pytest.mark.parametrize("name", BUILT_IN)
def test_fast_path_accepts_no_mutated_document_the_converter_refuses(name: str) -> None:
    game = meeple.get_game(name)
    values = SHORT_OPTIONS.get(name, {})
    options = meeple.core.build_options(name, game.options_type, values)
    seen = {"declined": 0, "taken": 0}

    @settings(max_examples=40, suppress_health_check=[HealthCheck.too_slow])
    @given(mutated_documents(game, options=options, max_depth=200))
    def agrees(text: str) -> None:
        data = json.loads(text)
        cls = _kind_class(game, str(data.get("$type", "")))
        if cls is None:
            return
        body = {k: v for k, v in data.items() if not k.startswith("$")}
        try:
            fast = structurer(cls)(body)
        except Exception:  # declined, or refused by a class's own check: the converter judges
            seen["declined"] += 1
            return
        seen["taken"] += 1
        _same(fast, CONVERTER.structure(body, cls))

    agrees()
    assert seen["taken"], seen  # both branches were exercised
    assert seen["declined"], seen


def test_fast_path_declines_values_of_another_json_type() -> None:
    @attrs.frozen
    class Sample:
        count: int
        flags: tuple[bool, ...]
        names: frozenset[str]
        ratio: float = 0.5

    read = structurer(Sample)
    assert read({"count": 2, "flags": [True], "names": ["a"]}) == Sample(2, (True,), frozenset("a"))
    bodies: tuple[dict[str, Any], ...] = (
        {"count": True, "flags": [], "names": []},  # a bool is not an int
        {"count": 2, "flags": [1], "names": []},  # an int is not a bool
        {"count": 2, "flags": [], "names": ["a", "a"]},  # a set has no repeats
        {"count": 2, "flags": [], "names": [], "extra": 1},  # no unknown keys
        {"flags": [], "names": []},  # no missing ones
        {"count": 2, "flags": [], "names": [], "ratio": 1},  # the converter makes 1.0 of it
    )
    for body in bodies:
        with pytest.raises((DeclinedError, KeyError)):
            read(body)
    assert (
        CONVERTER.structure({"count": 2, "flags": [], "names": [], "ratio": 1}, Sample).ratio == 1.0
    )


@pytest.mark.parametrize("name", BUILT_IN)
def test_a_state_is_made_from_its_fields_without_its_constructor(name: str) -> None:
    # Issue 34: attrs' constructor set a frozen state's fields one object.__setattr__
    # at a time, most of a state's structure time; _same above holds the two equal.
    assert _fields_maker(meeple.get_game(name).state_type) is not None


@attrs.frozen(slots=False)
class _CheckedState(StateBase):
    """A state whose constructor does more than set its fields."""

    players: int = attrs.field(validator=attrs.validators.ge(1))
    to_act: frozenset[int] = frozenset()


def test_a_state_whose_constructor_checks_is_made_by_it() -> None:
    assert _fields_maker(_CheckedState) is None
    assert _fields_maker(TOY.state_type) is None  # slotted: no dict to give
    with pytest.raises(ValueError, match="players"):
        structurer(_CheckedState)({"players": 0, "to_act": []})


class _PlainSubclass(TOY.state_type):  # type: ignore[misc,name-defined]  # a plugin's way to override one method
    """No attrs decorator: a dict beside the slotted fields of the toy's State."""


def test_a_plain_subclass_of_a_slotted_state_is_made_by_its_constructor() -> None:
    # Regression: the fast path wrote such a state's fields into its dict, where the
    # slots do not look (the kit's leak tests subclass the toy State this way).
    assert _fields_maker(_PlainSubclass) is None
    _final, _moves, states = random_playout(attrs.evolve(TOY, state_type=_PlainSubclass), 2, 0)
    state = states[-1]
    assert type(state) is _PlainSubclass
    assert structurer(_PlainSubclass)(unstructurer(_PlainSubclass)(state)) == state

"""Attack class 10 (issue 31): `meeple.loads` of hostile states, views and records of all
four games gives only `MeepleError`, in bounded time and memory per document.

Holes found (both failed before their fix):

* an integer of more than 4,300 digits made `loads` raise a plain ValueError (Python's
  limit on converting long digit strings), not CorruptDataError;
* a Way of the Bear state with a turn modifier of 10**30 (or a count of extra actions
  or waivers) was accepted, and then ``apply(draw)`` drew for ever or a view's encoding
  overflowed: the state's checks now bound them as a view's always were;
* that bound (84) still let a draw bonus of 20 hang ``apply(draw)`` (`rng.below` of a
  span above 2**64 drew for ever), unseen because the kit applied only the first legal
  action of each seat: it now applies every one.

Besides the random mutations of ``tests/test_fuzz_loads.py``, every integer of a
document is set in turn to values an attacker tries (a sample by default, all of them
under the ``heavy`` marker), and whole documents are made hostile (a BOM, deep
nesting, a 2 MB string, a list of 50,000 items, ``NaN``, a lone surrogate).
"""

from __future__ import annotations

import json
import random
import time
from collections.abc import Iterator
from typing import Any

import pytest

import meeple
from meeple.core.match import GameRecord
from meeple.testing import check_document
from meeple.testing.playout import random_playout
from meeple.way_of_bear.actions import Draw
from meeple.way_of_bear.components import DRAW_BONUS

GAMES = {"wojtek": 2, "way_of_bear": 3, "bear_mountain": 2, "wypas": 4}
"""Each game at a player count, and how deep into a random game its documents are."""
DEPTH = 60
HOSTILE_INTEGERS = (10**9, -1, 2**64, 10**30)
TIME_LIMIT = 3.0
"""Seconds any one call may take on a loaded document (a bound for a hang)."""
MEMORY = 64_000_000
"""Bytes of Python objects a document may hold at once, beyond `PER_BYTE` times its size."""
PER_BYTE = 16


def _documents(name: str) -> Iterator[tuple[str, Any]]:
    """(label, JSON data) of a state, every seat's view, the spectator's, and a record."""
    game = meeple.get_game(name)
    players = GAMES[name]
    final, moves, _ = random_playout(game, players, 11, None, limit=DEPTH)
    yield "state", final
    for seat in (None, *range(players)):
        yield f"view({seat})", final.view(seat)
    record = GameRecord(
        game=name,
        rules_version=game.spec.rules_version,
        players=players,
        seed=11,
        options=(),
        moves=tuple((p, str(a)) for p, a in moves),
    )
    yield "record", record


def _integer_paths(doc: Any, path: tuple[Any, ...] = ()) -> Iterator[tuple[Any, ...]]:
    if isinstance(doc, dict):
        for key, value in doc.items():
            yield from _integer_paths(value, (*path, key))
    elif isinstance(doc, list):
        for index, value in enumerate(doc):
            yield from _integer_paths(value, (*path, index))
    elif isinstance(doc, int) and not isinstance(doc, bool):
        yield path


def _with(doc: Any, path: tuple[Any, ...], value: Any) -> str:
    copy = json.loads(json.dumps(doc))
    parent = copy
    for key in path[:-1]:
        parent = parent[key]
    parent[path[-1]] = value
    return json.dumps(copy)


def _holds(name: str, text: str) -> None:
    """The promise: refused with CorruptDataError, or accepted and every method works,
    each call within `TIME_LIMIT`, the whole within its memory bound."""
    game = meeple.get_game(name)
    check_document(game, text, time_limit=TIME_LIMIT, memory_limit=MEMORY + PER_BYTE * len(text))


def _every_integer_hostile(name: str, every: int) -> int:
    tried = 0
    for label, obj in _documents(name):
        doc = json.loads(meeple.dumps(obj))
        for index, path in enumerate(_integer_paths(doc)):
            if index % every:
                continue
            for value in HOSTILE_INTEGERS:
                tried += 1
                try:
                    _holds(name, _with(doc, path, value))
                except AssertionError as err:
                    raise AssertionError(f"{name} {label} {path} = {value}: {err}") from None
    return tried


@pytest.mark.parametrize("name", GAMES)
def test_a_sample_of_integers_set_hostile_is_refused_or_survived(name: str) -> None:
    assert _every_integer_hostile(name, every=13) > 0


@pytest.mark.heavy
@pytest.mark.parametrize("name", GAMES)
def test_every_integer_set_hostile_is_refused_or_survived(name: str) -> None:
    assert _every_integer_hostile(name, every=1) > 0


def test_a_way_of_the_bear_state_with_a_huge_modifier_is_refused() -> None:
    state, _, _ = random_playout(meeple.get_game("way_of_bear"), 3, 11, None, limit=DEPTH)
    doc = json.loads(meeple.dumps(state))
    for field, index in (("mods", 3), ("extra_count", None), ("waivers", None)):
        path = (field,) if index is None else (field, index)
        with pytest.raises(meeple.CorruptDataError, match="bounded"):
            meeple.loads(_with(doc, path, 10**4))


def test_a_way_of_the_bear_draw_bonus_the_checks_accept_ends() -> None:
    # Regression: a draw bonus the state's checks accept (up to 84, every stele) made
    # `apply(draw)` draw for ever from 20 up (`rng.below` of a span above 2**64), and
    # the kit, which applied only the first legal action, never tried the draw.
    game = meeple.get_game("way_of_bear")
    state, chooser = game.start(2, seed=3), random.Random(0)
    while not any(isinstance(a, Draw) for a in state.legal_actions()):
        state = state.apply(chooser.choice(state.legal_actions()))
    assert not isinstance(state.legal_actions()[0], Draw)  # the old kit's only try
    doc = json.loads(meeple.dumps(state))
    for bonus in (20, 84):
        _holds("way_of_bear", _with(doc, ("mods", DRAW_BONUS), bonus))


def _hostile_texts(text: str) -> Iterator[tuple[str, str]]:
    doc = json.loads(text)
    yield "a byte-order mark", "\ufeff" + text
    yield (
        "an integer of 5,000 digits",
        text.replace('"players": ', '"players": ' + "9" * 5000 + ', "x": ', 1),
    )
    yield "nesting 100,000 deep", "[" * 100_000 + "]" * 100_000
    yield "NaN", text.replace('"players": ', '"players": NaN, "x": ', 1)
    yield "a lone surrogate", text[:-1] + ', "x": "\\ud800"}'
    yield "a 2 MB string", text[:-1] + ', "x": "' + "a" * 2_000_000 + '"}'
    longest = max((v for v in doc.values() if isinstance(v, list)), key=len, default=None)
    if longest:
        longest.extend([longest[0]] * 50_000)
        yield "a list of 50,000 items", json.dumps(doc)


@pytest.mark.parametrize("name", GAMES)
def test_hostile_texts_give_only_meeple_errors_in_bounded_time(name: str) -> None:
    texts = [
        (f"{label} with {how}", text)
        for label, obj in _documents(name)
        if label in ("state", "view(0)", "record")
        for how, text in _hostile_texts(meeple.dumps(obj))
    ]
    for what, text in texts:  # through the registry, as any caller loads
        started = time.monotonic()
        try:
            meeple.loads(text)
        except meeple.MeepleError:
            pass
        except Exception as err:  # before: ValueError for 5,000 digits
            raise AssertionError(f"{name} {what}: {err!r}") from None
        assert time.monotonic() - started < TIME_LIMIT, (name, what)
    for _, text in texts:
        _holds(name, text)

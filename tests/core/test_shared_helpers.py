"""The small shared pieces: tuple edits, seat sets, chance helpers, layouts and writers,
capabilities, the registry's added and resolved games, and the golden-file harness."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

import meeple
from meeple.core import ALL_SEATS
from meeple.core import NOBODY
from meeple.core import ONE_SEAT
from meeple.core import Layout
from meeple.core import PluginError
from meeple.core import Registry
from meeple.core import UnknownGameError
from meeple.core import capabilities
from meeple.core import offers
from meeple.core import rng
from meeple.core import vocabulary
from meeple.core.edit import bump
from meeple.core.edit import insert_sorted
from meeple.core.edit import merge_sorted
from meeple.core.edit import put
from meeple.core.edit import remove_one
from meeple.core.seats import next_seat
from meeple.testing import REGOLD_ENV
from meeple.testing import assert_golden

from ..nim_game import NIM
from ..nim_game import Nim
from ..strategies import seeds

# -- tuple edits and seats ---------------------------------------------------------


@given(st.lists(st.integers(-9, 9), min_size=1, max_size=12), st.data())
def test_put_and_bump_change_one_item_only(items: list[int], data: st.DataObject) -> None:
    seq = tuple(items)
    i = data.draw(st.integers(0, len(seq) - 1))
    assert put(seq, i, 99) == (*seq[:i], 99, *seq[i + 1 :])
    assert bump(seq, i, -4) == (*seq[:i], seq[i] - 4, *seq[i + 1 :])


def test_tuple_edits_return_new_tuples() -> None:
    t = (1, 2, 4)
    assert put(t, 1, 9) == (1, 9, 4)
    assert bump(t, 2, -3) == (1, 2, 1)
    assert remove_one((1, 2, 2, 3), 2) == (1, 2, 3)
    assert insert_sorted(t, 3) == (1, 2, 3, 4)
    assert insert_sorted((), 3) == (3,)
    assert merge_sorted(t, [0, 5]) == (0, 1, 2, 4, 5)
    assert merge_sorted(t, []) is t
    assert t == (1, 2, 4)
    with pytest.raises(ValueError):
        remove_one(t, 7)


@given(st.lists(st.integers(-5, 5)).map(lambda xs: tuple(sorted(xs))), st.integers(-6, 6))
def test_insert_sorted_keeps_order(items: tuple[int, ...], item: int) -> None:
    assert insert_sorted(items, item) == tuple(sorted((*items, item)))


@given(
    st.lists(st.tuples(st.integers(0, 4), st.integers(0, 3))).map(lambda xs: tuple(sorted(xs))),
    st.lists(st.tuples(st.integers(0, 4), st.integers(0, 3)), max_size=20),
)
def test_merge_sorted_is_sorting_the_whole_again(
    items: tuple[tuple[int, int], ...], extra: list[tuple[int, int]]
) -> None:
    # Issue 34: a few items go in one by one, many by one sort; either way the result
    # is the stable sort of both, equal items of `items` first (the pairs compare by
    # their first number only, so an unstable merge would show).
    def key(x: tuple[int, int]) -> int:
        return x[0]

    merged = merge_sorted(tuple(_ByFirst(*x) for x in items), [_ByFirst(*x) for x in extra])
    expected = sorted([*items, *extra], key=key)
    assert [(m.first, m.second) for m in merged] == expected


class _ByFirst:
    """A pair that sorts by its first number alone (to show a merge's stability)."""

    def __init__(self, first: int, second: int) -> None:
        self.first, self.second = first, second

    def __lt__(self, other: _ByFirst) -> bool:
        return self.first < other.first


def test_seat_sets_are_shared_objects() -> None:
    assert ONE_SEAT[3] == frozenset({3})
    assert ALL_SEATS[4] == frozenset({0, 1, 2, 3})
    assert not NOBODY
    assert next_seat(2, 3) == 0
    assert next_seat(0, 3) == 1


# -- chance helpers: each reproduces the game-specific helper it replaced ---------------


def test_chance_helpers_keep_the_streams_the_games_recorded() -> None:
    # Values pinned from the helpers as they were in each game before they moved to the
    # core (wojtek/chance.py, way_of_bear/chance.py, wypas/edits.py): seeds deal the same.
    state = rng.seed_rng(7)
    assert rng.shuffled32(state, list(range(12))) == (
        (8, 9, 4, 1, 10, 0, 3, 6, 11, 2, 7, 5),
        1808402221993358933,
    )
    assert rng.draw_counts(state, [5, 3, 0, 9], 4) == (
        (2, 1, 0, 1),
        (3, 2, 0, 8),
        145060346506021356,
    )
    assert rng.draw((1, 2, 3), (7, 8, 9, 10), state, 5) == (
        (1, 2, 3, 9, 8),
        (7, 10),
        (),
        4499745911442866710,
    )


@given(seeds, st.lists(st.integers(), max_size=40))
def test_shuffled32_is_a_permutation(seed: int, items: list[int]) -> None:
    out, _ = rng.shuffled32(rng.seed_rng(seed), items)
    assert Counter(out) == Counter(items)


def test_shuffled32_is_uniform_enough() -> None:
    counts: Counter[tuple[int, ...]] = Counter()
    state = rng.seed_rng(1)
    for _ in range(6000):
        out, state = rng.shuffled32(state, (0, 1, 2))
        counts[out] += 1
    assert len(counts) == 6
    assert all(850 < n < 1150 for n in counts.values())


@given(seeds, st.lists(st.integers(0, 6), max_size=5), st.integers(0, 12))
def test_draw_counts_conserves_the_bag(seed: int, bag: list[int], k: int) -> None:
    drawn, left, _ = rng.draw_counts(rng.seed_rng(seed), bag, k)
    assert sum(drawn) == min(k, sum(bag))
    assert tuple(d + r for d, r in zip(drawn, left, strict=True)) == tuple(bag)


@given(seeds, st.integers(0, 6), st.integers(0, 6), st.integers(0, 14))
def test_draw_reshuffles_the_discards_only_when_needed(
    seed: int, in_deck: int, in_discard: int, k: int
) -> None:
    deck = tuple(range(in_deck))
    discard = tuple(range(100, 100 + in_discard))
    got, deck_after, discard_after, _ = rng.draw(deck, discard, rng.seed_rng(seed), k)
    assert len(got) == min(k, in_deck + in_discard)
    assert Counter(got) + Counter(deck_after) + Counter(discard_after) == Counter(deck + discard)
    if k <= in_deck:
        assert discard_after == discard
        assert got == deck[in_deck - k :]


# -- layouts and writers -----------------------------------------------------------


def test_a_layout_tiles_its_vector_by_construction() -> None:
    lay = Layout.of("demo", 2, [("a", 2), ("b", 0), ("c", 3)])
    assert lay.parts == (("a", 0, 2), ("b", 2, 0), ("c", 2, 3))
    assert lay.size == 5
    assert lay.slice("c") == slice(2, 5)
    assert lay.width("a") == 2
    assert lay.names() == ("a", "b", "c")
    with pytest.raises(KeyError, match=r"demo encoding has no part 'z' with 2 players"):
        lay.start("z")


def test_a_hand_made_layout_that_does_not_tile_is_refused() -> None:
    with pytest.raises(ValueError, match=r"must tile"):
        Layout("demo", 2, (("a", 0, 2), ("b", 3, 1)), 4)
    with pytest.raises(ValueError, match=r"cover 3 numbers, not 4"):
        Layout("demo", 2, (("a", 0, 2), ("b", 2, 1)), 4)
    with pytest.raises(ValueError, match=r"names part 'a' twice"):
        Layout("demo", 2, (("a", 0, 2), ("a", 2, 1)), 3)


def test_a_writer_writes_by_part_name_and_never_spills() -> None:
    lay = Layout.of("demo", 2, [("a", 2), ("b", 3)])
    w = lay.writer()
    w.put("b", (0.5, 0.25), offset=1)
    w.one_hot("a", 1)
    assert w.done() == (0.0, 1.0, 0.0, 0.5, 0.25)
    assert lay.split(w.done()) == {"a": (0.0, 1.0), "b": (0.0, 0.5, 0.25)}
    with pytest.raises(IndexError, match=r"do not fit part 'a' of width 2"):
        w.put("a", (1.0, 1.0, 1.0))
    with pytest.raises(IndexError, match=r"index 3 is outside part 'b'"):
        w.set("b", 3, 1.0)
    with pytest.raises(IndexError, match=r"index -1 is outside part 'a'"):
        w.ones("a", [-1])
    with pytest.raises(KeyError, match=r"no part 'c'"):
        w.one_hot("c", 0)


def test_a_block_of_neighbouring_parts_is_written_at_once_and_must_end_on_a_part() -> None:
    lay = Layout.of("demo", 2, [("a", 2), ("b", 1), ("c", 2)])
    w = lay.writer()
    w.put_parts("a", (1.0, 0.5, 0.25))
    w.put_all([("c", (0.75,))])
    assert w.done() == (1.0, 0.5, 0.25, 0.75, 0.0)
    with pytest.raises(IndexError, match=r"do not end at the end of a part"):
        w.put_parts("a", (1.0, 1.0, 1.0, 1.0))
    with pytest.raises(IndexError, match=r"3 numbers fall outside part 'b'"):
        w.put_all([("b", (1.0, 1.0, 1.0))])


def test_the_vocabulary_cache_holds_its_game() -> None:
    first = Nim.__new__(Nim)  # a second game object of the same class, never bound
    assert vocabulary(NIM, 2) is vocabulary(NIM, 2)
    assert vocabulary(first, 2) is not vocabulary(NIM, 2)
    no_encoding = type("NoEncoding", (), {"spec": NIM.spec})()
    with pytest.raises(meeple.MeepleError, match=r"encoding capability"):
        vocabulary(no_encoding, 2)


# -- capabilities ----------------------------------------------------------------


def test_capabilities_are_declared_and_asked_for_by_name() -> None:
    assert capabilities(NIM) == {"encoding"}
    assert capabilities(meeple.get_game("bear_mountain")) >= {"encoding", "html"}
    assert offers(NIM, "encoding")
    assert not offers(NIM, "heuristic")
    assert not offers(NIM, "statistics")
    for name in ("bear_mountain", "way_of_bear", "wojtek", "wypas", "goofspiel"):
        assert offers(meeple.get_game(name), "statistics"), name
    with pytest.raises(KeyError, match=r"unknown capability 'telepathy'"):
        offers(NIM, "telepathy")


def test_an_action_is_not_just_any_object() -> None:
    assert isinstance(NIM.parse_action("take 1 from 0"), meeple.Action)
    assert not isinstance(7, meeple.Action)
    assert not isinstance("take 1 from 0", meeple.Action)


# -- one registry ------------------------------------------------------------------


def test_a_registry_serves_added_games_beside_its_plugins() -> None:
    reg = Registry(list)
    assert reg.add(NIM) is NIM
    assert reg.names() == ("nim",)
    assert reg.get("nim") is NIM
    assert reg.add(NIM) is NIM  # adding the same object again is harmless
    with pytest.raises(PluginError, match=r"already registered"):
        reg.add(Nim.__new__(Nim))
    with pytest.raises(PluginError, match=r"not a meeple Game"):
        reg.add(object())


def test_resolve_accepts_names_and_module_paths() -> None:
    assert meeple.core.resolve_game("bear_mountain") is meeple.get_game("bear_mountain")
    assert meeple.core.resolve_game("tests.nim_game:NIM") is NIM
    with pytest.raises(UnknownGameError):
        meeple.core.resolve_game("tests.nim_game:NOPE")
    with pytest.raises(UnknownGameError):
        meeple.core.resolve_game("no_such_module_xyz:GAME")


# -- golden files ------------------------------------------------------------------


def test_golden_files_compare_write_and_explain(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "demo.txt"
    with pytest.raises(AssertionError, match=rf"does not exist; write it with {REGOLD_ENV}=1"):
        assert_golden(path, "one\n")
    monkeypatch.setenv(REGOLD_ENV, "1")
    assert_golden(path, "one\ntwo\n")
    monkeypatch.delenv(REGOLD_ENV)
    assert_golden(path, "one\ntwo\n")
    with pytest.raises(AssertionError, match=r"(?s)differs from its golden file.*-two.*\+three"):
        assert_golden(path, "one\nthree\n")

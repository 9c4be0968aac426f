"""StateBase's fast path: the one remembered answer (`_LAST`) and `apply` beside it.

The fast path answers only for the state and seat of its one entry, asked by an
exact int, with an action object from that very tuple; every other question takes
the slow path. These tests pin that the two paths never disagree: several seats to act, an
entry that belongs to another seat or another state, bools and int subclasses as
seats, equal but not identical actions, states made without `apply`.
"""

from __future__ import annotations

import enum
import pickle
import random

import pytest

import meeple
from meeple.core import IllegalActionError
from meeple.core import InvalidPlayerError
from meeple.core import replace
from meeple.core.base import _LAST

from ..nim_game import NIM
from ..nim_game import Take
from ..toy_game import TOY
from ..toy_game import Play


def _entry() -> tuple[object, object, tuple[object, ...]]:
    """The fast path's one entry, its state by identity (a state compares by value)."""
    state, seat, actions = _LAST[0]
    return (_Same(state), seat, actions)


class _Same:
    """Equal only to the very object it wraps."""

    def __init__(self, obj: object) -> None:
        self.obj = obj

    def __eq__(self, other: object) -> bool:
        return other is self.obj

    __hash__ = None  # type: ignore[assignment]  # compared, never hashed


class Seat(enum.IntEnum):
    """Seats as an int subclass, as a front end might pass them."""

    FIRST = 0
    SECOND = 1


def test_each_seat_to_act_keeps_its_own_actions() -> None:
    state = TOY.start(3, seed=4)  # all three pick at once
    assert state.to_act == frozenset({0, 1, 2})
    expected = {p: tuple(Play(c) for c in state.hands[p]) for p in range(3)}
    first = state.legal_actions(1)  # the entry
    second = state.legal_actions(0)  # the other seats: the slow path's dict
    third = state.legal_actions(2)
    assert (first, second, third) == (expected[1], expected[0], expected[2])
    for p, found in ((1, first), (0, second), (2, third), (1, first)):
        assert state.legal_actions(p) is found  # asked again: the cached tuple
    assert _entry() == (state, 1, first)
    # a move of the second seat (not the entry's) goes through the slow path
    after = state.apply(second[0], 0)
    assert after.to_act == frozenset({1, 2})
    assert after == TOY.start(3, seed=4).apply(Play(state.hands[0][0]), 0)


def test_the_entry_never_answers_for_another_seat() -> None:
    state = NIM.start(2, seed=3).apply(Take(0, 1), 0)  # seat 1 to act
    legal = state.legal_actions(1)
    assert _entry() == (state, 1, legal)
    assert state.legal_actions(0) == ()  # not to act, whatever the entry holds
    with pytest.raises(IllegalActionError, match=r"it is not player 0's turn"):
        state.apply(legal[0], 0)
    with pytest.raises(InvalidPlayerError, match=r"there is no player 2"):
        state.legal_actions(2)


def test_a_successor_never_inherits_the_entry() -> None:
    state = NIM.start(2, seed=3)
    legal = state.legal_actions(0)
    after = state.apply(legal[0], 0)
    assert _entry() == (state, 0, legal)  # apply remembers nothing of the successor
    assert after.legal_actions(1) != legal
    assert after.legal_actions(1) == NIM._legal_actions(after, 1)
    bare = replace(state, heaps=(0, 0, 1))  # made outside apply
    assert bare.legal_actions(0) == (Take(2, 1),)


@pytest.mark.parametrize("flag", [False, True])
def test_bools_are_no_seats_even_when_the_entry_holds_their_value(flag: bool) -> None:
    state = NIM.start(2, seed=3)
    if flag:
        state = state.apply(Take(0, 1), 0)  # seat 1 to act: True == 1
    seat = int(flag)
    action = state.legal_actions(seat)[0]  # the entry holds seat 0 or 1
    with pytest.raises(InvalidPlayerError, match=rf"player must be an int seat, not {flag}"):
        state.legal_actions(flag)
    with pytest.raises(InvalidPlayerError, match=rf"not {flag}"):
        state.apply(action, flag)


def test_an_int_subclass_seat_takes_the_slow_path_to_the_same_answers() -> None:
    state = NIM.start(2, seed=3)
    legal = state.legal_actions(Seat.FIRST)
    assert legal == NIM._legal_actions(state, 0)
    assert state.legal_actions(0) is legal  # one entry, whichever way it was asked
    after = state.apply(legal[1], Seat.FIRST)
    assert after == state.apply(legal[1], 0)
    with pytest.raises(IllegalActionError, match=r"it is not player 1's turn"):
        state.apply(legal[1], Seat.SECOND)


def test_none_asks_for_the_only_seat_and_shares_its_entry() -> None:
    state = NIM.start(3, seed=1)
    legal = state.legal_actions(None)
    assert _entry() == (state, 0, legal)
    assert state.legal_actions(0) is legal
    assert state.apply(legal[2]) == state.apply(legal[2], 0)


def test_an_equal_action_that_is_not_the_cached_object_is_still_legal() -> None:
    state = NIM.start(2, seed=3)
    cached = state.legal_actions(0)[-1]
    twin = Take(cached.heap, cached.count)
    assert twin == cached
    assert twin is not cached
    assert state.apply(twin, 0) == state.apply(cached, 0)
    with pytest.raises(IllegalActionError, match=r"not among the legal actions"):
        state.apply(Take(cached.heap, cached.count + 1), 0)


def test_apply_without_asking_first_and_on_a_copy_gives_the_same_successor() -> None:
    state = NIM.start(2, seed=5)
    action = NIM._legal_actions(state, 0)[0]
    unasked = state.apply(action, 0)  # nothing cached: the slow path checks it
    copied = pickle.loads(pickle.dumps(state))
    assert not hasattr(copied, "_legal_more")
    assert copied.apply(copied.legal_actions(0)[0], 0) == unasked
    bare = replace(state)
    assert bare.apply(action, 0) == unasked


def test_nothing_is_written_into_a_state_on_the_fast_path() -> None:
    # Issue 34: the entry lived in a slot of each state, two slot writes a step.
    state = NIM.start(2, seed=3)
    legal = state.legal_actions(0)
    after = state.apply(legal[0], 0)
    assert not hasattr(state, "_legal_more")
    assert not hasattr(after, "_legal_more")
    assert "_legal_cache" not in dir(state)


def test_a_state_asked_again_after_another_gives_the_same_answers() -> None:
    first, other = NIM.start(2, seed=3), NIM.start(2, seed=4)
    legal = first.legal_actions(0)
    other.legal_actions(0)  # the one entry moves on
    again = first.legal_actions(0)
    assert again == legal
    assert _entry() == (first, 0, again)
    assert first.apply(legal[0], 0) == first.apply(again[0], 0)


@pytest.mark.parametrize("name", meeple.game_names())
def test_fast_and_slow_paths_agree_along_random_games(name: str) -> None:
    game = meeple.get_game(name)
    for seed in range(2):
        players = game.spec.min_players
        state = game.start(players, seed=seed)
        choose = random.Random(seed)
        for _ in range(60):
            if state.is_over:
                break
            seat = min(state.to_act)
            fast = state.legal_actions(seat)
            slow = pickle.loads(pickle.dumps(state))  # an empty cache, asked another way
            assert slow.legal_actions(seat if len(state.to_act) > 1 else None) == fast
            action = fast[choose.randrange(len(fast))]
            twin = game.parse_action(str(action))  # equal, maybe not the same object
            after = state.apply(action, seat)
            text = meeple.dumps(after, game=game)
            assert meeple.dumps(slow.apply(twin, seat), game=game) == text
            state = after

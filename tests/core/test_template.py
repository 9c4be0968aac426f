"""The core's template: GameBase's guard, StateBase's one apply path and its cache,
`replace`, and a game on the template passing the whole conformance kit."""

from __future__ import annotations

import copy
import pickle

import attrs
import pytest

import meeple
from meeple.core import AmbiguousPlayerError
from meeple.core import GameOverError
from meeple.core import IllegalActionError
from meeple.core import InvalidOptionsError
from meeple.core import InvalidPlayerError
from meeple.core import MalformedActionError
from meeple.core import MeepleError
from meeple.core import StateBase
from meeple.core import replace
from meeple.testing import check_game

from ..nim_game import NIM
from ..nim_game import Options
from ..nim_game import Phase
from ..nim_game import State
from ..nim_game import Take
from ..toy_game import TOY


def test_a_game_on_the_template_passes_the_conformance_kit() -> None:
    check_game(NIM, seeds=range(3))


def test_the_template_guards_start_with_one_wording() -> None:
    with pytest.raises(InvalidOptionsError, match=r"nim is played by 2-3 players, not 5"):
        NIM.start(5, seed=0)
    with pytest.raises(InvalidOptionsError, match=r"nim: seed must be an int, not '7'"):
        NIM.start(2, seed="7")  # type: ignore[arg-type]  # on purpose
    with pytest.raises(InvalidOptionsError, match=r"nim: options must be a nim Options, not dict"):
        NIM.start(2, seed=0, options={"heaps": (1,)})
    assert NIM.start(2, seed=0) == NIM.start(2, seed=0, options=Options())


def test_parse_action_refuses_what_is_not_text() -> None:
    with pytest.raises(MalformedActionError, match=r"nim: an action must be text"):
        NIM.parse_action(7)  # type: ignore[arg-type]  # on purpose


def test_determinize_refuses_a_foreign_view_and_a_bad_seat() -> None:
    with pytest.raises(MeepleError, match=r"determinize needs a nim view"):
        NIM.determinize(TOY.start(2, seed=0).view(0), 1)
    bad = NIM.start(2, seed=0).view(0)
    object.__setattr__(bad, "player", 5)
    with pytest.raises(InvalidPlayerError, match=r"the view names seat 5"):
        NIM.determinize(bad, 1)


def test_replace_changes_only_what_it_names_and_refuses_unknown_fields() -> None:
    state = NIM.start(2, seed=3)
    after = replace(state, heaps=(0, 0, 1))
    assert after.heaps == (0, 0, 1)
    assert after.chips == state.chips
    assert after.to_act == state.to_act
    assert state.heaps == (3, 4, 5)  # the input is untouched
    assert type(after) is State
    with pytest.raises(TypeError, match=r"State has no field\(s\) heap"):
        replace(state, heap=(1,))


def test_a_replaced_state_starts_with_an_empty_cache() -> None:
    state = NIM.start(2, seed=3)
    legal = state.legal_actions(0)
    after = replace(state, heaps=(1, 0, 0))
    assert after.legal_actions(0) != legal
    assert after.legal_actions(0) == (Take(0, 1),)


def test_the_cache_never_leaks_into_equality_copies_pickles_or_json() -> None:
    state = NIM.start(2, seed=3)
    fresh = NIM.start(2, seed=3)
    state.legal_actions(0)  # fills the cache
    assert state == fresh
    assert hash(state) == hash(fresh)
    assert copy.deepcopy(state) is state
    assert pickle.loads(pickle.dumps(state)) == fresh
    assert meeple.dumps(state, game=NIM) == meeple.dumps(fresh, game=NIM)


def test_true_is_not_seat_one_even_after_seat_one_was_cached() -> None:
    state = NIM.start(2, seed=3).apply(Take(0, 1), 0)  # seat 1 to act
    assert state.legal_actions(1)
    with pytest.raises(InvalidPlayerError, match=r"player must be an int seat, not True"):
        state.legal_actions(True)
    with pytest.raises(InvalidPlayerError):
        state.apply(state.legal_actions(1)[0], True)


def test_none_means_the_only_seat_to_act_and_is_cached_alike() -> None:
    state = NIM.start(3, seed=1)
    assert state.legal_actions(None) == state.legal_actions(0)
    assert state.legal_actions() is state.legal_actions(0)
    after = state.apply(Take(2, 3))  # player None: the only seat to act
    assert after.to_act == frozenset({1})


def test_apply_takes_an_equal_action_that_is_not_the_cached_object() -> None:
    state = NIM.start(2, seed=3)
    cached = state.legal_actions(0)[0]
    twin = NIM.parse_action(str(cached))
    assert twin == cached
    assert twin is not cached
    assert state.apply(twin, 0) == state.apply(cached, 0)


def test_refusals_change_nothing_and_name_the_rule() -> None:
    state = NIM.start(2, seed=3)
    before = meeple.dumps(state, game=NIM)
    with pytest.raises(IllegalActionError, match=r"not among the legal actions of player 0"):
        state.apply(Take(0, 3 + 1), 0)
    with pytest.raises(IllegalActionError, match=r"it is not player 1's turn"):
        state.apply(Take(0, 1), 1)
    with pytest.raises(InvalidPlayerError, match=r"there is no player 9"):
        state.apply(Take(0, 1), 9)
    assert state.check(Take(0, 1), 0) is None
    assert "not among" in (state.check(Take(1, 9), 0) or "")
    assert meeple.dumps(state, game=NIM) == before


def test_the_end_refuses_everything() -> None:
    state = NIM.start(2, seed=3, options=Options(heaps=(1,)))
    over = state.apply(Take(0, 1), 0)
    assert over.is_over
    assert over.phase is Phase.OVER
    assert over.legal_actions() == ()
    with pytest.raises(GameOverError):
        over.apply(Take(0, 1), 0)
    assert over.outcome().winners == frozenset({0})


def test_view_and_prompt_check_the_seat_then_ask_the_game() -> None:
    state = NIM.start(3, seed=3)
    assert state.view(None).chip is None
    assert state.view(2).chip == state.chips[2]
    with pytest.raises(InvalidPlayerError):
        state.view(3)
    with pytest.raises(InvalidPlayerError):
        state.prompt(-1)
    assert state.prompt() == "take 1-3 stones from one heap"


def test_several_seats_to_act_make_player_none_ambiguous() -> None:
    toy = TOY.start(3, seed=0)  # everyone picks at once
    with pytest.raises(AmbiguousPlayerError):
        toy.legal_actions(None)


def test_a_state_class_belongs_to_one_game() -> None:
    class Other(type(NIM)):  # type: ignore[misc]  # a second game reusing the state class
        spec = attrs.evolve(NIM.spec, name="other")

    with pytest.raises(TypeError, match=r"already belongs to nim"):
        Other()


def test_an_unbound_state_class_says_so() -> None:
    @attrs.frozen(slots=False)
    class Loose(StateBase):
        players: int
        to_act: frozenset[int]

    with pytest.raises(TypeError, match=r"not bound to a game"):
        Loose(2, frozenset({0})).outcome()


def test_a_loaded_state_holds_its_phase_as_the_enum_member() -> None:
    state = NIM.start(2, seed=3)
    back = meeple.loads(meeple.dumps(state, game=NIM), game=NIM)
    assert back == state
    assert back.phase is Phase.PLAY
    text = meeple.dumps(state, game=NIM)
    for bad, why in (('"play"', None), ("1", "expected a Phase value"), ('"won"', "not a Phase")):
        changed = text.replace('"phase": "play"', f'"phase": {bad}')
        if why is None:
            assert meeple.loads(changed, game=NIM) == state
        else:
            with pytest.raises(meeple.CorruptDataError, match=why):
                meeple.loads(changed, game=NIM)

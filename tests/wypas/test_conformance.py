"""The contract: the conformance kit over Wypas for 3-6 players and each option set,
JSON round trips and refused tampering, and properties of random reachable states
(conservation, purity, determinism, codecs, determinize)."""

from __future__ import annotations

import copy
import json
from collections import Counter
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from meeple.core import CorruptDataError, dumps, loads, replace
from meeple.testing import check_game
from meeple.wypas import GAME, Options
from meeple.wypas.components import BACA_CARDS, DECK, HERDER_CARDS, SHEEP_DECK, TOTAL_CARDS
from meeple.wypas.invariants import cards_in_play
from meeple.wypas.state import State

from .helpers import k, sheep
from .strategies import bluff_states, plain_states, states


@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_rulebook_game(players: int) -> None:
    check_game(GAME, players=players, seeds=range(2), steps=25)


@pytest.mark.parametrize(
    "options",
    [
        Options(bleating=False, max_rounds=40),
        Options(specials=False),
        Options(max_rounds=3),
        Options(bluff=True, bleating=False, max_rounds=40),
    ],
    ids=["no-bleating", "no-specials", "three-rounds", "bluff-no-bleating"],
)
def test_options(options: Options) -> None:
    check_game(GAME, players=[3, 6], seeds=range(1), steps=20, options=options)


@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_bluff(players: int) -> None:
    check_game(GAME, players=players, seeds=range(1), steps=20, options=Options(bluff=True))


# -- JSON -------------------------------------------------------------------------


def _tampered(change: Any) -> str:
    state = GAME.start(4, seed=8)
    data = json.loads(dumps(state, game=GAME))
    change(data)
    return json.dumps(data)


def test_state_and_view_round_trip() -> None:
    state = GAME.start(5, seed=4)
    assert loads(dumps(state, game=GAME), game=GAME) == state
    view = state.view(3)
    assert loads(dumps(view, game=GAME), game=GAME) == view


@pytest.mark.parametrize(
    ("change", "reason"),
    [
        (lambda d: d["hands"][1].pop(), "not conserved"),
        (lambda d: d["hands"][1].append(k("wolf")), "sorted|not conserved"),
        (lambda d: d["deck"].append(k("red-1")), "not conserved"),
        (lambda d: d["pens"][0][0].append(sheep("red-2", "red-3")), "impossible card"),
        (lambda d: d.update(wolves=[1, 0, 0, 0]), "wolf over an empty pen"),
        (lambda d: d.update(to_act=[2]), "acting seat"),
        (lambda d: d.update(phase=42), "not a Phase"),
        (lambda d: d["known"][0][1].append(k("super")), "does not hold"),
        (lambda d: d.update(declared=[3, 0, 0, 0]), "declared value"),
    ],
)
def test_tampered_states_are_refused(change: Any, reason: str) -> None:
    with pytest.raises(CorruptDataError, match=reason):
        loads(_tampered(change), game=GAME)


def test_validate_names_an_unknown_phase() -> None:
    # The codec refuses a phase that is no Phase member before validate runs; a state
    # built by hand is still checked.
    with pytest.raises(ValueError, match="unknown phase"):
        replace(GAME.start(4, seed=8), phase=42).validate()


# -- properties of reachable states -----------------------------------------------


def _all_110(state: State) -> int:
    """Every card of the box: shuffled cards in play, the baca card, the herders
    (in front of players or in the box), and special cards left in the box."""
    in_box = 0 if state.options.specials else len(DECK) - len(SHEEP_DECK)
    return len(cards_in_play(state)) + BACA_CARDS + HERDER_CARDS + in_box


@given(states)
def test_110_cards_are_always_accounted_for(state: State) -> None:
    assert _all_110(state) == TOTAL_CARDS
    assert Counter(cards_in_play(state)) == Counter(DECK)
    state.validate()


@given(plain_states)
def test_110_cards_without_specials(state: State) -> None:
    assert _all_110(state) == TOTAL_CARDS
    state.validate()


@given(states, st.data())
def test_apply_never_mutates_and_is_deterministic(state: State, data: st.DataObject) -> None:
    if state.is_over:
        return
    before = copy.deepcopy(state)
    text = dumps(state, game=GAME)
    actor = min(state.to_act)
    action = data.draw(st.sampled_from(state.legal_actions(actor)))
    first = state.apply(action, actor)
    assert state == before
    assert dumps(state, game=GAME) == text
    assert state.apply(action, actor) == first
    first.validate()


@given(states)
def test_codec_and_notation_round_trip(state: State) -> None:
    assert loads(dumps(state, game=GAME), game=GAME) == state
    for p in (None, *range(state.players)):
        view = state.view(p)
        assert loads(dumps(view, game=GAME), game=GAME) == view
    for p in state.to_act:
        for action in state.legal_actions(p):
            assert GAME.parse_action(str(action)) == action


@given(states, st.integers(0, 2**32))
def test_views_are_rebuilt_by_determinize(state: State, seed: int) -> None:
    for p in (None, *range(state.players)):
        view = state.view(p)
        world = GAME.determinize(view, seed)
        world.validate()
        assert world.view(p) == view
        if p in state.to_act:
            assert world.legal_actions(p) == state.legal_actions(p)


@given(bluff_states, st.integers(0, 2**32))
def test_bluff_states_conserve_cards_and_hide_face_down_bids(state: State, seed: int) -> None:
    assert _all_110(state) == TOTAL_CARDS
    state.validate()
    for p in (None, *range(state.players)):
        view = state.view(p)
        assert all(d in (-1, -2) for q, d in enumerate(view.down) if q != p)
        world = GAME.determinize(view, seed)
        assert world.view(p) == view

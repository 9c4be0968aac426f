"""Rules that hold in every phase: refusals name their rule and change nothing, the
prompt says what is decided, every component is conserved, and a loaded state that
breaks an invariant is refused."""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from meeple import dumps
from meeple import loads
from meeple.core import CorruptDataError
from meeple.testing import assert_refused
from meeple.way_of_bear import GAME
from meeple.way_of_bear.components import CARDS
from meeple.way_of_bear.components import PER_COLOUR
from meeple.way_of_bear.components import TOKEN_BASE
from meeple.way_of_bear.components import TOKENS_IN_PLAY
from meeple.way_of_bear.state import State

from .helpers import CORNER
from .helpers import build
from .helpers import play
from .strategies import STATES

# -- refusals -------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("moves", "action", "reason"),
    [
        ((), "pass", "a regular action is possible"),
        ((), "ritual-skip", "no Ritual to resolve"),
        ((), "return white", "only when the reserve is above the limit"),
        ((), "waive white", "needs a discount Seal card"),
        ((), "pay black", "no black stele is owed"),
        ((), "take white white", "fewer steles of that colour"),
        ((), "take black blue white", "take exactly 2 steles"),
        ((), "place orange v02", "already holds a stele"),
        ((), "place white v01", "no white stele in the reserve"),
        ((), "seal s05", "does not hold Seal card s05"),
        (("draw",), "take black blue", "regular action"),
        (("seal s10",), "take black", "additional place is being made"),
        (("seal s13",), "take black black", "take exactly 1 stele from"),
        (("seal s13",), "place orange v01", "additional take is being made"),
        (("place orange v01",), "draw", "the offering is being paid"),
    ],
)
def test_refusal_reasons(moves: tuple[str, ...], action: str, reason: str) -> None:
    state = build(
        steles=CORNER,
        reserves={0: {"orange": 1, "black": 1, "blue": 1}},
        temples={"black": 2, "blue": 1, "white": 1},
        hands={0: ["s10", "s13", "s16"]},
    )
    state = play(state, *moves)
    assert_refused(GAME, state, action, reason)  # apply refuses alike, naming the game


@pytest.mark.rule("way_of_bear:components.board", "way_of_bear:setup.table")
def test_part_p_is_not_in_play_with_three_players() -> None:
    state = build(steles=CORNER, reserves={0: {"white": 1}})
    assert_refused(GAME, state, "place white v35", "part P")


def test_prompts_are_one_line() -> None:
    state = GAME.start(2, seed=1)
    assert "player 0" in state.prompt()
    assert state.prompt(1) == "waiting for player 0"


# -- invariants, checked on load ------------------------------------------------------


def test_loading_a_state_that_breaks_conservation_is_refused() -> None:
    state = GAME.start(3, seed=2)
    data = json.loads(dumps(state, game=GAME))
    data["bag"][0] += 1  # a 22nd orange stele
    with pytest.raises(CorruptDataError, match="orange steles add up to 22"):
        loads(json.dumps(data), game=GAME)
    data = json.loads(dumps(state, game=GAME))
    data["deck"] = data["deck"][1:]  # a Seal card vanishes
    with pytest.raises(CorruptDataError, match="each Seal card"):
        loads(json.dumps(data), game=GAME)


# -- properties over random reachable states ------------------------------------------


def _steles(state: State) -> list[int]:
    return [
        state.bag[c] + state.temples[c] + state.board.count(c) + sum(r[c] for r in state.reserves)
        for c in range(4)
    ]


@pytest.mark.rule("way_of_bear:components.steles")
@given(STATES)
def test_all_84_steles_are_always_accounted_for(state: State) -> None:
    assert _steles(state) == [PER_COLOUR] * 4
    assert sum(_steles(state)) == 84


@pytest.mark.rule("way_of_bear:components.tokens")
@given(STATES)
def test_tokens_are_conserved(state: State) -> None:
    for k, total in enumerate(TOKENS_IN_PLAY[state.players]):
        on_board = state.board.count(TOKEN_BASE + k)
        assert on_board + sum(t[k] for t in state.tokens) == total


@given(STATES)
def test_seal_cards_are_conserved(state: State) -> None:
    everywhere = [c for h in state.hands for c in h] + list(state.deck) + list(state.played)
    assert sorted(everywhere) == list(range(len(CARDS)))


@given(STATES, st.data())
def test_apply_never_mutates_and_is_deterministic(state: State, data: Any) -> None:
    if state.is_over:
        return
    acts = state.legal_actions()
    action = data.draw(st.sampled_from(acts))
    before = dumps(state, game=GAME)
    first = state.apply(action)
    assert dumps(state, game=GAME) == before
    assert state.apply(action) == first
    assert loads(before, game=GAME).apply(action) == first

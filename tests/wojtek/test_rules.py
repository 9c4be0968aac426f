"""Rules of every phase: the piles running out, and properties of all reachable states.

Phase by phase, the rules are tested in ``test_rules_<phase>.py`` beside this file;
the rulebook's worked examples are in ``test_rulebook_examples.py``.
"""

from __future__ import annotations

import copy

import pytest
from hypothesis import given
from hypothesis import strategies as st

import meeple
from meeple.wojtek import GAME
from meeple.wojtek.board import load_board
from meeple.wojtek.components import BEAR_COUNTS
from meeple.wojtek.components import BEAR_KINDS
from meeple.wojtek.components import CITIES
from meeple.wojtek.components import HAND_SIZE
from meeple.wojtek.components import NO_CARD
from meeple.wojtek.components import TRAVEL_COUNTS
from meeple.wojtek.components import TRAVEL_KINDS
from meeple.wojtek.state import State

from .helpers import RED
from .helpers import bear
from .helpers import hand
from .helpers import names
from .helpers import on_route
from .helpers import play
from .helpers import position
from .helpers import route
from .strategies import ANY_STATES
from .strategies import RULEBOOK_STATES

STATES = RULEBOOK_STATES


# -- piles running out -----------------------------------------------------------------
@pytest.mark.rule("wojtek:piles.reshuffle")
def test_travel_discards_are_reshuffled_when_the_deck_runs_out() -> None:
    hands = [hand("red", "red", "blue", "pink", "pink"), hand(*["orange"] * 5)]
    discard = list(TRAVEL_COUNTS)
    for h in hands:
        discard = [a - b for a, b in zip(discard, h, strict=True)]
    state = position(
        2,
        positions=[route(6), route(30)],
        hands=hands,
        travel_deck=[],
        travel_discard=tuple(discard),
    )
    after = play(state, "truck red")
    assert sum(after.travel_discard) == 0
    assert len(after.travel_deck) == 55 - 10
    assert sum(after.hands[0]) == HAND_SIZE
    after.validate()


@pytest.mark.rule("wojtek:piles.reshuffle")
def test_bear_discards_are_reshuffled_when_the_stack_runs_out() -> None:
    display = list(position(2, positions=[route(27), route(40)]).display)
    left = [4] * (BEAR_KINDS - 1) + [8]
    for k in display:
        left[k] -= 1
    state = position(
        2, positions=[route(27), route(40)], display=display, bear_deck=[], bear_discard=tuple(left)
    )
    after = play(state, "truck red")
    assert after.display[RED] != NO_CARD
    assert sum(after.bear_discard) == 0
    assert len(after.bear_deck) == 104 - 7 - 1
    after.validate()


@pytest.mark.rule("wojtek:take.empty-box", "wojtek:move.three-empty-display")
def test_an_empty_box_gives_no_card_when_every_bear_card_is_out() -> None:
    display = [bear("dates"), bear("sweets"), NO_CARD, NO_CARD, NO_CARD, NO_CARD, NO_CARD]
    rest = [4] * (BEAR_KINDS - 1) + [8]
    rest[bear("dates")] -= 1
    rest[bear("sweets")] -= 1
    state = on_route(
        (27, 40),
        hand("red", "red", "orange", "yellow", "green"),
        display=display,
        bear_deck=[],
        collections=[tuple(rest), (0,) * BEAR_KINDS],
    )
    after = play(state, "truck red")  # red box: dates, nothing to refill with
    assert after.display[RED] == NO_CARD
    assert after.collections[0][bear("dates")] == 4
    s = play(after, "three")  # player 1 drops from the only card left
    assert names(s.legal_actions()) == ["drop orange"]


# -- properties of reachable states --------------------------------------------------
def travel_total(state: State) -> tuple[int, ...]:
    out = [0] * TRAVEL_KINDS
    for group in (*state.hands, state.travel_discard, state.pending):
        for k, n in enumerate(group):
            out[k] += n
    for k in state.travel_deck:
        out[k] += 1
    return tuple(out)


def bear_total(state: State) -> tuple[int, ...]:
    out = [0] * BEAR_KINDS
    for group in (*state.collections, state.bear_discard):
        for k, n in enumerate(group):
            out[k] += n
    for k in (*state.bear_deck, *state.display):
        if k != NO_CARD:
            out[k] += 1
    return tuple(out)


@given(ANY_STATES)
def test_cards_are_conserved(state: State) -> None:
    assert travel_total(state) == TRAVEL_COUNTS
    assert sum(TRAVEL_COUNTS) == 55
    assert bear_total(state) == BEAR_COUNTS
    assert sum(BEAR_COUNTS) == 104
    held = [o for o in state.city_owner if o >= 0]
    assert len(state.city_owner) == len(CITIES) == 6
    assert all(0 <= o < state.players for o in held)
    state.validate()


@pytest.mark.rule("wojtek:move.forward")
@given(STATES)
def test_one_pawn_per_space_except_shared_spaces(state: State) -> None:
    board = load_board()
    taken = [p for p in state.positions if p not in board.shared]
    assert len(taken) == len(set(taken))


@given(STATES, st.data())
def test_apply_never_mutates_and_is_deterministic(state: State, data: st.DataObject) -> None:
    if state.is_over:
        return
    before = copy.deepcopy(state)
    text = meeple.dumps(state, game=GAME)
    action = data.draw(st.sampled_from(state.legal_actions()))
    first = state.apply(action)
    second = state.apply(action)
    assert state == before
    assert meeple.dumps(state, game=GAME) == text
    assert first == second

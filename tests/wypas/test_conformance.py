"""The contract: the conformance kit over Wypas for 3-6 players and each option set,
JSON round trips and refused tampering (hostile states and views, issue 14), and
properties of random reachable states (conservation, purity, determinism, codecs,
determinize)."""

from __future__ import annotations

import copy
import json
from collections import Counter
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from meeple.core import CorruptDataError
from meeple.core import dumps
from meeple.core import loads
from meeple.core import replace
from meeple.testing import check_document
from meeple.testing import check_game
from meeple.testing import check_state
from meeple.testing.where import Where
from meeple.wypas import GAME
from meeple.wypas import Options
from meeple.wypas.actions import Auction
from meeple.wypas.actions import BidDown
from meeple.wypas.components import BACA_CARDS
from meeple.wypas.components import DECK
from meeple.wypas.components import DOG
from meeple.wypas.components import HERDER_CARDS
from meeple.wypas.components import SHEEP_DECK
from meeple.wypas.components import SUPER
from meeple.wypas.components import TOTAL_CARDS
from meeple.wypas.components import WOLF
from meeple.wypas.invariants import cards_in_play
from meeple.wypas.state import AWARD
from meeple.wypas.state import BID
from meeple.wypas.state import CHOOSE
from meeple.wypas.state import REACT
from meeple.wypas.state import REDYK
from meeple.wypas.state import TAKE
from meeple.wypas.state import State
from meeple.wypas.view import View

from .helpers import EMPTY
from .helpers import arrange
from .helpers import face
from .helpers import hand
from .helpers import k
from .helpers import pen
from .helpers import play
from .helpers import sheep
from .helpers import walk
from .strategies import bluff_states
from .strategies import plain_states
from .strategies import states


@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_rulebook_game(players: int) -> None:
    # tests/test_conformance.py checks seeds 0-1 of the rulebook game (40 states each, as
    # for every registered game); this goes on with seed 2.
    check_game(GAME, players=players, seeds=[2], steps=25)


@pytest.mark.parametrize(
    "options",
    [
        Options(bleating=False, max_rounds=40),
        Options(specials=False),
        Options(max_rounds=3),
        Options(bluff=True, bleating=False, max_rounds=40),
        Options(runs_down=True, bleating=False, max_rounds=40),
    ],
    ids=["no-bleating", "no-specials", "three-rounds", "bluff-no-bleating", "runs-down"],
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
        (lambda d: d.update(to_act=[2]), "seat to act must be in to_act"),
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


# -- hostile documents (issue 14, finding 7) --------------------------------------
# Each crafted document below used to load (or to be refused only by the codec's
# generic trial) and then broke a method or left play stuck; the invariants now
# refuse it and name the rule.


def _start() -> State:
    """Round 1 of 4 players: the baca (seat 0) is to hide one of three drawn lots."""
    return GAME.start(4, seed=8)


def _first_lot() -> State:
    """The baca hid a lot: seat 1 names the first lot."""
    state = _start()
    return state.apply(state.legal_actions(0)[0], 0)


def _bluff_auction() -> State:
    """Under the bluff rule, seat 1 opened a lot and laid a card face down."""
    state = GAME.start(4, seed=8, options=Options(bluff=True))
    state = state.apply(state.legal_actions(0)[0], 0)  # the baca hides a lot
    lot = [a for a in state.legal_actions(1) if isinstance(a, Auction)][-1]
    state = state.apply(lot, 1)  # the opener names a lot
    assert state.phase == BID
    down = next(a for a in state.legal_actions(1) if isinstance(a, BidDown))
    state = state.apply(down, 1)
    assert state.down[1] >= 0
    return state


def _black_sheep_pending() -> State:
    """Seat 0 played a Black Sheep on seat 1's red-2; seat 1 is asked to react."""
    state = arrange(
        4,
        phase=REDYK,
        actor=0,
        hands=(hand("black"), (), (), ()),
        pens=((EMPTY, EMPTY), (pen("red-2", "red-3"), EMPTY), (EMPTY, EMPTY), (EMPTY, EMPTY)),
    )
    state = play(state, "black p1 pen1 red-2")
    assert state.phase == REACT
    return state


def _answered_thief() -> State:
    """Seat 0's Thief robs seat 1, who answered with its Black Sheep on seat 2's green
    4: seat 2 is asked to react, the Thief waits in the chain."""
    state = arrange(
        4,
        phase=REDYK,
        actor=0,
        hands=(hand("thief"), hand("red-1", "black"), (), ()),
        pens=((EMPTY, EMPTY), (EMPTY, EMPTY), (pen("green-3", "green-4"), EMPTY), (EMPTY, EMPTY)),
    )
    state = play(state, "thief p1", "black p2 pen1 green-4")
    assert state.chain
    return state


def _thief_picks_mid_chain() -> State:
    """The chain of `_answered_thief` resolves: the Thief picks, the Black Sheep waits."""
    state = play(_answered_thief(), "pass", "pass", "pass")
    assert (state.phase, len(state.chain)) == (TAKE, 1)
    return state


def _doc(obj: State | View) -> dict[str, Any]:
    data: dict[str, Any] = json.loads(dumps(obj, game=GAME))
    return data


def _refused(data: dict[str, Any], reason: str) -> None:
    text = json.dumps(data)
    with pytest.raises(CorruptDataError, match=reason):
        loads(text, game=GAME)
    assert check_document(GAME, text) is False


def _hide_as_choose(d: dict[str, Any]) -> None:
    d["phase"] = int(CHOOSE)  # the case: phase 0 -> 1, drawn lots still in hand


def _wolf_twice(d: dict[str, Any]) -> None:
    d["pending"] = [0, WOLF, 1, 1, 0]  # a Wolf played instead of the Black Sheep
    d["wolves"][1] = 1  # over a pen with a wolf already: resolving would lose a card
    d["deck"].remove(WOLF)
    d["deck"].remove(WOLF)
    d["deck"].append(k("black"))


def _black_without_the_sheep(d: dict[str, Any]) -> None:
    d["pending"][4] = face("red-4")  # no red-4 in that pen
    d["passes"] = 2  # the next pass resolves the card (it raised StopIteration)


def _chain_outside_the_reactions(d: dict[str, Any]) -> None:
    d["chain"], d["pending"], d["dogs"] = [d["pending"]], [], []
    d.update(phase=int(REDYK), resume=[], actor=0, to_act=[0])


def _chain_thief_robs_itself(d: dict[str, Any]) -> None:
    d["chain"][0][2] = 0  # the waiting Thief of seat 0 now names seat 0


def _chain_dog_answers_itself(d: dict[str, Any]) -> None:
    d["chain"][0].append(0)  # seat 0 "cancels" its own Thief
    d["deck"].remove(DOG)


HOSTILE_STATES = [
    (_start, _hide_as_choose, "drawn lots are laid out once the baca hides one"),
    (_start, lambda d: d.update(rng=-1), "64-bit"),
    (_start, lambda d: d["points"].__setitem__(2, 2**63), "cannot be scored"),
    (_start, lambda d: d.update(final_left=3), "only after a fifth fleece"),
    (_start, lambda d: d["known"][2][2].extend(d["hands"][2][:1]), "its own hand"),
    (_start, lambda d: d.update(high=2), "belong to a lot's auction"),
    (_black_sheep_pending, _black_without_the_sheep, "Black Sheep swaps for a sheep"),
    (_black_sheep_pending, _wolf_twice, "a Wolf goes over a pen that has none"),
    (_black_sheep_pending, lambda d: d.update(phase=int(REDYK), resume=[]), "pending only in"),
    (_black_sheep_pending, _chain_outside_the_reactions, "pending only in"),
    (_answered_thief, _chain_thief_robs_itself, "a Thief robs another seat"),
    (_answered_thief, _chain_dog_answers_itself, "answers another seat's card"),
    (_answered_thief, lambda d: d["chain"][0].__delitem__(4), r"\(seat, kind, target"),
    (_thief_picks_mid_chain, lambda d: d["chain"][0].__setitem__(1, 0), "not a special"),
    (_bluff_auction, lambda d: d["options"].update(bluff=False), "the bluff rule"),
    (_bluff_auction, lambda d: d.update(checkers=1 << 2), "face-down card can be checked"),
    (_bluff_auction, lambda d: d.update(phase=int(AWARD), actor=0, to_act=[0]), "a tie"),
    (_bluff_auction, lambda d: d["declared"].__setitem__(1, 7), "declared value"),
]
"""Crafted states: how each is made, the change that breaks it, the rule it breaks."""
STATE_IDS = [
    "hide-as-choose",
    "rng",
    "huge-points",
    "final-turns-without-fifth-fleece",
    "knows-own-hand",
    "bid-in-force-outside-auction",
    "black-sheep-face-not-in-pen",
    "wolf-over-a-wolf",
    "pending-card-outside-the-reactions",
    "chain-outside-the-reactions",
    "chain-thief-robs-itself",
    "chain-dog-answers-its-own-card",
    "chain-card-too-short",
    "chain-card-not-special",
    "face-down-bid-without-bluff",
    "check-without-face-down",
    "award-without-tie",
    "declared-above-six",
]
"""Test ids of HOSTILE_STATES, in order."""


def _view_of(make: Any, seat: int | None) -> Any:
    return lambda: make().view(seat)


def _hide_with_nothing_drawn(d: dict[str, Any]) -> None:
    d["deck_count"] += d["drawn_count"]
    d["drawn_count"] = 0  # determinize dealt a baca with nothing to hide


def _choose_with_no_lot(d: dict[str, Any]) -> None:
    d["deck_count"] += len(d["lots"]) + d["has_face_down"]
    d["lots"], d["has_face_down"] = [], False  # the opener would have no lot to name


HOSTILE_VIEWS = [
    (_view_of(_start, 1), lambda d: d["bonus"].pop(), "one entry per seat"),
    (_view_of(_start, 1), lambda d: d["hand"].append(99), "card kind 99 .* does not exist"),
    (_view_of(_start, 1), lambda d: d.update(deck_count=2**63), "cannot hold"),
    (_view_of(_start, 1), lambda d: d["hand_counts"].__setitem__(2, 2**31), "hand size"),
    (
        _view_of(_start, 1),
        lambda d: d["discard"].extend([SUPER] * 5),
        "super cards; the game has 1",
    ),
    (_view_of(_start, 1), lambda d: d.update(deck_count=d["deck_count"] + 1), "hidden"),
    (_view_of(_start, 1), lambda d: d["pens"][0][0].append(2**63), "impossible card"),
    (_view_of(_start, 1), lambda d: d.update(high=7), "bid in force must be a seat"),
    (_view_of(_start, 1), lambda d: d.update(passes=2**63), "passes in a row"),
    (_view_of(_start, 1), lambda d: d["points"].__setitem__(0, -5), "cannot be scored"),
    (_view_of(_start, 1), lambda d: d.update(to_act=[3]), "seat to act must be in"),
    (_view_of(_start, 1), lambda d: d.update(drawn=[1, 2, 3]), "only the baca sees"),
    (_view_of(_start, 1), _hide_with_nothing_drawn, "hides one of the lots it drew"),
    (_view_of(_start, None), lambda d: d["known"][2].append(0), "spectator knows nothing"),
    (_view_of(_start, 1), lambda d: d["known"][1].append(d["hand"][0]), "others' hands"),
    (_view_of(_start, 1), lambda d: d["known"][2].extend([0] * 6), "fewer than the view"),
    (_view_of(_first_lot, 2), _choose_with_no_lot, "there must be one on the table"),
    (_view_of(_bluff_auction, 2), lambda d: d["down"].__setitem__(1, 0), "hidden from"),
    (_view_of(_bluff_auction, 1), lambda d: d["down"].__setitem__(1, 99), "not a card"),
    (_view_of(_black_sheep_pending, 2), lambda d: d["pending"].__setitem__(4, 63), "Black"),
    (_view_of(_black_sheep_pending, 2), lambda d: d["pending"].__setitem__(1, 7), "special"),
]
"""Crafted views: how each is made, the change that breaks it, the rule it breaks."""
VIEW_IDS = [
    "short-per-seat-field",
    "card-id-out-of-range",
    "huge-deck-count",
    "huge-hand-count",
    "more-copies-than-the-deck",
    "hidden-counts-do-not-add-up",
    "huge-pen-card",
    "bid-in-force-not-a-seat",
    "huge-passes",
    "negative-points",
    "to-act-not-the-actor",
    "drawn-lots-shown-to-another-seat",
    "hide-with-nothing-drawn",
    "spectator-knows-a-hand",
    "knows-own-hand",
    "knows-more-than-the-hand",
    "choose-with-no-lot",
    "another-seats-face-down-card-shown",
    "own-face-down-card-not-a-card",
    "black-sheep-face-not-a-face",
    "pending-card-not-special",
]
"""Test ids of HOSTILE_VIEWS, in order."""


@pytest.mark.parametrize(
    ("make", "change", "reason"),
    HOSTILE_STATES + HOSTILE_VIEWS,
    ids=[f"state-{name}" for name in STATE_IDS] + [f"view-{name}" for name in VIEW_IDS],
)
def test_hostile_documents_are_refused_with_the_rule(make: Any, change: Any, reason: str) -> None:
    data = _doc(make())
    change(data)
    _refused(data, reason)


@pytest.mark.parametrize(
    "make",
    [
        _start,
        _first_lot,
        _bluff_auction,
        _black_sheep_pending,
        _answered_thief,
        _thief_picks_mid_chain,
    ],
)
def test_every_view_of_a_crafted_position_loads_and_deals_a_valid_state(make: Any) -> None:
    state = make()
    for p in (None, *range(state.players)):
        text = dumps(state.view(p), game=GAME)
        assert check_document(GAME, text) is True
        view = loads(text, game=GAME)
        world = GAME.determinize(view, 3)
        world.validate()
        assert world.view(p) == view


def test_a_document_written_before_cards_could_answer_cards_loads() -> None:
    # Rules version 2 documents have no chain: a card awaiting reactions was alone.
    state = _black_sheep_pending()
    data = _doc(state)
    del data["chain"]
    assert loads(json.dumps(data), game=GAME) == state


@pytest.mark.rule("wypas:specials.secret-holders")
def test_the_kit_passes_at_every_step_of_chains_in_random_games() -> None:
    # The kit's own playouts check a sample of steps; here every state with a chain
    # of two cards or more (and the Thief picking mid-chain) gets the full checks,
    # the views, prompts and texts of every seat against re-dealt worlds included.
    checked = {REACT: 0, TAKE: 0}
    for seed in (3, 5):  # seeded games of 4 with chains of two cards and more
        where = Where("wypas", 4, seed)
        for state in walk(4, seed, Options(max_rounds=6)):
            if state.chain and checked[state.phase] < 6:
                check_state(GAME, state, where)
                checked[state.phase] += 1
    assert checked == {REACT: 6, TAKE: 4}


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

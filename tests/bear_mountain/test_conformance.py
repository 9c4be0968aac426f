"""The meeple conformance kit over every mode and player count, the codec, and the
Hypothesis properties every reachable state keeps."""

from __future__ import annotations

import json
from collections import Counter

import pytest
from hypothesis import given
from hypothesis import strategies as st

import meeple
from meeple.bear_mountain import GAME, Options
from meeple.bear_mountain.components import CARD_IDS
from meeple.bear_mountain.state import State
from meeple.testing import check_game

from .helpers import play
from .strategies import MODES as PROPERTY_MODES
from .strategies import states

# -- the kit -------------------------------------------------------------------

MODES = [
    pytest.param(Options(), [2, 3, 4], id="standard"),
    pytest.param(Options(animals_only=True), [2, 4], id="standard-animals-only"),
    pytest.param(Options(tiebreaker=True), [2, 3, 4], id="standard-tiebreaker"),
    pytest.param(Options(mode="draft"), [2, 3, 4], id="draft"),
    pytest.param(Options(mode="draft", tiebreaker=True), [2, 3, 4], id="draft-tiebreaker"),
    pytest.param(Options(mode="draft", score_card_count=18), [2], id="draft-18-cards"),
    # One score card makes ties, and so sudden-death rounds, very common.
    pytest.param(
        Options(mode="draft", score_card_count=1, tiebreaker=True), [2, 3, 4], id="draft-1-card"
    ),
    pytest.param(
        Options(animals_only=True, tiebreaker=True), [2, 3, 4], id="standard-animals-tiebreaker"
    ),
    pytest.param(Options(mode="solo"), [1], id="solo"),
]


@pytest.mark.parametrize(("options", "players"), MODES)
def test_conformance(options: Options, players: list[int]) -> None:
    check_game(GAME, players=players, seeds=range(5), steps=12, options=options)


def test_conformance_every_state_of_one_game_per_mode() -> None:
    for options, players in [
        (Options(tiebreaker=True), 2),
        (Options(mode="draft", tiebreaker=True), 3),
        (Options(mode="solo"), 1),
    ]:
        check_game(GAME, players=players, seeds=[7], steps=None, options=options)


def test_conformance_with_default_options_for_every_player_count() -> None:
    # Default options pick the rulebook's game for the count: solo for 1, standard for 2-4.
    check_game(GAME, seeds=range(3), steps=10)


@pytest.mark.parametrize(("options", "players"), MODES)
def test_conformance_kit_checks_every_state_of_every_mode(
    options: Options, players: list[int]
) -> None:
    # test_conformance above samples 12 states of seeds 0-4; here every state of another seed.
    check_game(GAME, players=players, seeds=[11], steps=None, options=options)


# -- the codec refuses broken states ---------------------------------------------


def test_a_state_with_a_card_in_two_places_is_refused() -> None:
    state = GAME.start(2, seed=3)
    data = json.loads(meeple.dumps(state, game=GAME))
    data["deck"][0] = data["row"][0]
    with pytest.raises(meeple.CorruptDataError, match="exactly one place"):
        meeple.loads(json.dumps(data), game=GAME)


def test_a_solo_deck_without_its_bear_per_pile_is_refused() -> None:
    state = GAME.start(1, seed=3, options=Options(mode="solo"))
    data = json.loads(meeple.dumps(state, game=GAME))
    data["deck"] = sorted(data["deck"])  # the bear cards bunch up at the end
    with pytest.raises(meeple.CorruptDataError, match="one bear card in each pile"):
        meeple.loads(json.dumps(data), game=GAME)


def test_a_state_with_an_unknown_phase_is_refused() -> None:
    data = json.loads(meeple.dumps(GAME.start(2, seed=3), game=GAME))
    data["phase"] = "nap"
    with pytest.raises(meeple.CorruptDataError):
        meeple.loads(json.dumps(data), game=GAME)


def test_state_is_frozen_and_apply_does_not_mutate() -> None:
    state = GAME.start(2, seed=9)
    before = (state.row, state.deck, state.hikes)
    play(state, "take 1")
    assert (state.row, state.deck, state.hikes) == before
    assert isinstance(state, State)
    with pytest.raises(AttributeError):
        state.row = ()  # type: ignore[misc]  # proving the state is frozen


# -- properties of random reachable states (Hypothesis) ---------------------------


def _all_cards(s: State) -> list[int]:
    return sorted(
        [
            *(c for h in s.hikes for c in h),
            *s.deck,
            *s.row,
            *(c for h in s.hands for c in h),
            *(c for h in s.picks for c in h),
            *s.discard,
            *((s.drawn,) if s.drawn else ()),
        ]
    )


@pytest.mark.parametrize("mode", sorted(PROPERTY_MODES))
def test_cards_are_conserved_and_invariants_hold(mode: str) -> None:
    @given(states(mode))
    def check(state: State) -> None:
        assert _all_cards(state) == list(CARD_IDS)
        state.validate()
        counts = Counter(state.score_cards)
        assert all(v == 1 for v in counts.values())

    check()


@pytest.mark.parametrize("mode", sorted(PROPERTY_MODES))
def test_apply_never_mutates_and_is_deterministic(mode: str) -> None:
    @given(states(mode), st.data())
    def check(state: State, data: st.DataObject) -> None:
        if state.is_over:
            return
        actor = data.draw(st.sampled_from(sorted(state.to_act)))
        action = data.draw(st.sampled_from(state.legal_actions(actor)))
        text = meeple.dumps(state, game=GAME)
        first = state.apply(action, actor)
        assert meeple.dumps(state, game=GAME) == text
        assert state.apply(action, actor) == first
        assert GAME.parse_action(str(action)) == action

    check()


@pytest.mark.parametrize("mode", sorted(PROPERTY_MODES))
def test_codec_round_trips_states_and_views(mode: str) -> None:
    @given(states(mode))
    def check(state: State) -> None:
        assert meeple.loads(meeple.dumps(state, game=GAME), game=GAME) == state
        for p in (None, *range(state.players)):
            view = state.view(p)
            assert meeple.loads(meeple.dumps(view, game=GAME), game=GAME) == view

    check()


@pytest.mark.parametrize("mode", sorted(PROPERTY_MODES))
def test_views_do_not_depend_on_hidden_cards(mode: str) -> None:
    @given(states(mode), st.integers(0, 2**32))
    def check(state: State, seed: int) -> None:
        for p in (None, *range(state.players)):
            view = state.view(p)
            other = GAME.determinize(view, seed)
            assert other.view(p) == view
            other.validate()
            if p is not None and p in state.to_act:
                assert other.legal_actions(p) == state.legal_actions(p)

    check()


@given(st.text(max_size=30))
def test_parse_action_accepts_only_notation(text: str) -> None:
    try:
        action = GAME.parse_action(text)
    except meeple.MalformedActionError:
        return
    assert GAME.parse_action(str(action)) == action

"""The meeple conformance kit over every mode and player count, the codec, and the
Hypothesis properties every reachable state keeps."""

from __future__ import annotations

import json
from collections import Counter
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

import meeple
from meeple.bear_mountain import GAME
from meeple.bear_mountain import Options
from meeple.bear_mountain.components import CARD_IDS
from meeple.bear_mountain.components import HAB_SET
from meeple.bear_mountain.components import SOLO_SCORES
from meeple.bear_mountain.components import card_name
from meeple.bear_mountain.legal import solo_targets
from meeple.bear_mountain.state import State
from meeple.testing import check_game

from .helpers import play
from .helpers import playout
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
    pytest.param(Options(mode="solo", solo_either_end=True), [1], id="solo-either-end"),
]


@pytest.mark.parametrize(("options", "players"), MODES)
def test_conformance(options: Options, players: list[int]) -> None:
    check_game(GAME, players=players, seeds=range(3), steps=12, options=options)


def test_conformance_every_state_of_one_game_per_mode() -> None:
    for options, players in [
        (Options(tiebreaker=True), 2),
        (Options(mode="draft", tiebreaker=True), 3),
        (Options(mode="solo"), 1),
        (Options(mode="solo", solo_either_end=True), 1),
    ]:
        check_game(GAME, players=players, seeds=[7], steps=None, options=options)


@pytest.mark.rule("bear_mountain:options.default-mode", "bear_mountain:game.step-bound")
def test_conformance_with_default_options_for_every_player_count() -> None:
    # Default options pick the rulebook's game for the count: solo for 1, standard for 2-4.
    check_game(GAME, seeds=range(3), steps=10)


@pytest.mark.heavy
@pytest.mark.parametrize(("options", "players"), MODES)
def test_conformance_kit_checks_every_state_of_every_mode(
    options: Options, players: list[int]
) -> None:
    # test_conformance above samples 12 states of seeds 0-2, and the default run checks
    # every state of one game in four modes; the long tier, every state of every mode.
    check_game(GAME, players=players, seeds=[11], steps=None, options=options)


# -- the codec refuses broken states ---------------------------------------------


def test_a_state_with_a_card_in_two_places_is_refused() -> None:
    state = GAME.start(2, seed=3)
    data = json.loads(meeple.dumps(state, game=GAME))
    data["deck"][0] = data["row"][0]
    with pytest.raises(meeple.CorruptDataError, match="exactly one place"):
        meeple.loads(json.dumps(data), game=GAME)


@pytest.mark.rule("bear_mountain:solo.deck")
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


# -- the codec refuses what no real game could show (issue 14, finding 7) ----------------
# Each document below used to load and then break a method (or leave a player, or a
# bot's determinized world, with no legal action); now it is refused with the reason.


def _data(obj: object) -> dict[str, Any]:
    data: dict[str, Any] = json.loads(meeple.dumps(obj, game=GAME))
    return data


def _refused(data: dict[str, Any], reason: str) -> None:
    with pytest.raises(meeple.CorruptDataError, match=reason):
        meeple.loads(json.dumps(data), game=GAME)


def _hidden(state: State) -> list[int]:
    """Cards no view of `state` shows: the face-down pile."""
    return list(state.deck)


def test_a_view_naming_a_card_that_does_not_exist_is_refused() -> None:
    # drawn = 2**31 used to load; render_html then raised IndexError.
    state = GAME.start(2, seed=3)
    data = _data(state.view(0))
    data["drawn"] = 2**31
    _refused(data, "card id 2147483648 does not exist")
    # Card 0 reads as CARDS[-1]; it was refused only by a raw IndexError of the encoding.
    data = _data(state.view(0))
    data["row"][0] = 0
    data["deck_count"] += 1
    _refused(data, "card id 0 does not exist")


def test_a_view_showing_a_card_twice_is_refused() -> None:
    # A solo card drawn that is also in a hike used to load; the dealt world held it twice.
    data = _data(GAME.start(1, seed=3).view(0))
    data["phase"] = "drawn"
    data["drawn"] = data["hikes"][2][0]
    _refused(data, f"card {card_name(data['drawn'])} is shown in two places")


def test_a_view_whose_counts_the_deck_cannot_hold_is_refused() -> None:
    # These were refused only as "determinize disagrees"; now each by its rule.
    state = GAME.start(3, seed=3, options=Options(mode="draft"))
    data = _data(state.view(0))
    data["hand_counts"][1] = 2**63
    _refused(data, "a hand holds at most 10 cards")
    data = _data(state.view(0))
    data["deck_count"] = 2**63
    _refused(data, "the face-down pile holds 0-45 cards")
    data = _data(state.view(0))
    data["deck_count"] += 1
    _refused(data, "the view accounts for 46 landscape cards, not 45")


def test_a_hand_in_a_standard_view_is_refused() -> None:
    # Used to load: determinize dealt a hand into a standard game.
    state = GAME.start(2, seed=3)
    data = _data(state.view(0))
    data["hand"] = [_hidden(state)[0]]
    data["hand_counts"] = [1, 0]
    data["pick_counts"] = [0, 0]
    data["deck_count"] -= 1
    _refused(data, "standard mode has no hands or selected cards")


def test_a_face_up_row_in_a_solo_view_is_refused() -> None:
    # Used to load: determinize laid a face-up row into a solo game.
    state = GAME.start(1, seed=3)
    data = _data(state.view(0))
    data["row"] = [_hidden(state)[0]]
    data["deck_count"] -= 1
    _refused(data, "solo mode has no face-up row")


def test_a_solo_view_with_seven_hikes_is_refused() -> None:
    # It was refused only by a raw IndexError of encode_view; now by its rule.
    state = GAME.start(1, seed=3)
    data = _data(state.view(0))
    data["hikes"] += [[c] for c in _hidden(state)[:2]]
    data["assigned"] += [[], []]
    data["deck_count"] -= 2
    _refused(data, "solo mode has 5 hikes, not 7")


def test_a_view_in_a_phase_of_another_mode_is_refused() -> None:
    # Used to load; legal_actions of its determinized world raised IndexError (no hands).
    data = _data(GAME.start(2, seed=3).view(0))
    data["phase"] = "pick"
    _refused(data, "does not occur in standard mode")


def test_a_draft_view_with_a_seat_out_of_step_is_refused() -> None:
    # Seat 1 "holds 10 cards and has selected none" while everyone places: it used to
    # load, and in the determinized world seat 1 was to act with no legal action.
    final, _ = playout(2, 3, Options(mode="draft"), limit=8)
    assert final.phase == "place"
    data = _data(final.view(0))
    data["hand_counts"][1], data["pick_counts"][1] = 10, 0
    _refused(data, "round 1 is placed with 6 cards in each hand")


def test_a_view_naming_a_tied_seat_that_does_not_exist_is_refused() -> None:
    # It used to load; after one take its determinized world had seat 7 to act.
    final, _ = playout(2, 0, Options(tiebreaker=True), limit=20)
    assert final.phase == "sudden"
    data = _data(final.view(0))
    data["pending"] = [0, 7]
    _refused(data, "tiebreaker rounds need the option and a set of tied players")


def test_a_solo_view_with_a_drawn_card_that_fits_no_hike_is_refused() -> None:
    # Such a card is discarded when drawn; the view used to load, and its determinized
    # world left the player with no legal action.
    state = GAME.start(1, seed=0)
    card = next(c for c in state.deck if not solo_targets(state.hikes, c))
    data = _data(state.view(0))
    data["phase"], data["drawn"] = "drawn", card
    data["deck_count"] -= 1
    _refused(data, f"{card_name(card)} fits no open hike")


def test_a_standard_state_with_hikes_out_of_turn_is_refused() -> None:
    # Player 0 holds 35 cards, player 1 none: it used to load, and ten takes later
    # player 1 was to act with an empty face-up row.
    data = _data(GAME.start(2, seed=3))
    data["hikes"][0], data["deck"] = data["deck"][:35], data["deck"][35:]
    data["to_act"] = [1]
    _refused(data, "players take cards in turn from seat 0")


def test_a_standard_tiebreaker_without_a_card_for_each_tied_player_is_refused() -> None:
    # One card left for two tied players: after the first takes it, the second
    # used to be to act with nothing to take.
    final, _ = playout(2, 0, Options(tiebreaker=True), limit=20)
    assert final.phase == "sudden"
    assert final.pending == {0, 1}
    data = _data(final)
    rest = [*data["row"], *data["deck"]]
    data["row"], data["deck"] = rest[:1], []
    data["hikes"][1] += rest[1:]
    _refused(data, "a tiebreaker round only starts with a card for each")


def test_a_draft_state_with_counts_out_of_step_is_refused() -> None:
    # Seat 0 has laid 3 of its 4 selected cards but is still to act: it used to load,
    # and after laying its last card it was to act with nothing to lay.
    final, _ = playout(2, 3, Options(mode="draft"), limit=8)
    assert final.phase == "place"
    assert final.to_act == {0, 1}
    data = _data(final)
    data["hikes"][0] = data["picks"][0][:3]
    data["picks"][0] = data["picks"][0][3:]
    _refused(data, "exactly the players with selected cards left to lay are to act")


def test_a_solo_state_still_drawing_after_the_last_hike_closed_is_refused() -> None:
    # It used to load; drawing the rest of the deck, `draw` then raised IndexError.
    final, _ = playout(1, 1, Options(mode="solo"))
    assert final.is_over
    assert final.deck
    data = _data(final)
    data["phase"], data["to_act"] = "draw", [0]
    _refused(data, "the solo game ends exactly when the last hike is closed")


def test_a_solo_state_whose_animal_cards_cannot_be_shared_out_is_refused() -> None:
    # The last hike to assign while 4 animal cards are left: after its habitat card
    # no animal card and no `done` was legal.
    final, _ = playout(1, 0, Options(mode="solo"))
    habitats = [c for c in SOLO_SCORES if c in HAB_SET]
    animals = [c for c in SOLO_SCORES if c not in HAB_SET]
    data = _data(final)
    data["phase"], data["to_act"], data["active"] = "assign", [0], 4
    data["assigned"] = [[habitats[k], animals[k]] for k in range(4)] + [[]]
    _refused(data, "4 animal score cards cannot go 1-2 to each of 0 open hikes")


def test_a_solo_hike_whose_habitats_do_not_meet_is_refused() -> None:
    # Nothing broke on it, but no real game lays a card on a habitat it does not match.
    final, _ = playout(1, 0, Options(mode="solo"))
    data = _data(final)
    hike = next(h for h in data["hikes"] if len(h) > 3)
    hike[1], hike[2] = hike[2], hike[1]
    _refused(data, "does not match the habitat it was laid on")


def test_a_state_with_an_rng_beyond_64_bits_is_refused() -> None:
    # The rng is a 64-bit state (meeple.core.rng); nothing broke on a larger one.
    data = _data(GAME.start(2, seed=3))
    data["rng"] = 2**64
    _refused(data, "the rng state is a 64-bit number")


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

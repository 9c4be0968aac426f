"""Views hide hands and decks, determinize rebuilds them; the codec checks what it loads;
the text picture and the prompts."""

from __future__ import annotations

import json

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

import meeple
from meeple.core import CorruptDataError
from meeple.testing import random_playout
from meeple.wojtek import GAME
from meeple.wojtek.state import Phase
from meeple.wojtek.state import State
from meeple.wojtek.view import View

from .helpers import BOARD
from .helpers import route
from .strategies import RULEBOOK_STATES as STATES


@pytest.mark.rule("wojtek:views.hidden")
def test_views_show_own_hand_and_only_counts_of_others() -> None:
    state = GAME.start(3, seed=5)
    field_names = {f.name for f in attrs.fields(View)}
    assert "hands" not in field_names
    assert "travel_deck" not in field_names
    assert "bear_deck" not in field_names
    assert "rng" not in field_names
    for seat in range(3):
        view = state.view(seat)
        assert view.hand == state.hands[seat]
        assert view.hand_sizes == (5, 5, 5)
        assert view.travel_deck_size == len(state.travel_deck)
    assert state.view(None).hand == ()


@pytest.mark.rule("wojtek:views.discards-public")
def test_public_cards_are_in_every_view() -> None:
    state = GAME.start(3, seed=5)
    while state.round == 1:  # play the deportation round (rainbow draws choose a site)
        state = state.apply(state.legal_actions()[0])
    view = state.view(None)
    assert view.collections == state.collections
    assert view.display == state.display
    assert view.city_owner == state.city_owner
    assert view.travel_discard == state.travel_discard


def _tampered(change: dict[str, object]) -> str:
    state = GAME.start(2, seed=9)
    data = json.loads(meeple.dumps(state, game=GAME))
    data.update(change)
    return json.dumps(data)


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"hands": [[5, 0, 0, 0, 0, 0, 0, 0], [5, 0, 0, 0, 0, 0, 0, 0]]}, "not conserved"),
        ({"display": [0, 0, 0, 0, 0, 0, 99]}, "display"),
        ({"positions": [999, 0]}, "no space"),
        ({"city_owner": [0, -1, -1, -1, -1, -1]}, "without having reached"),
        ({"round": 0}, "round"),
    ],
)
def test_loading_refuses_states_that_break_invariants(
    change: dict[str, object], message: str
) -> None:
    with pytest.raises(CorruptDataError, match=message):
        meeple.loads(_tampered(change), game=GAME)


def test_two_pawns_on_one_route_space_are_refused() -> None:
    state = GAME.start(2, seed=9)
    data = json.loads(meeple.dumps(state, game=GAME))
    data.update(positions=[route(3), route(3)], round=2, phase=2)
    with pytest.raises(CorruptDataError, match="share"):
        meeple.loads(json.dumps(data), game=GAME)


def test_render_shows_only_the_viewers_hand() -> None:
    # tests/test_views_all_games.py checks the landmarks of this opening picture.
    state = GAME.start(3, seed=5)
    text = GAME.render(state.view(1))
    assert text.count("hand:") == 1
    spectator = GAME.render(state.view(None))
    assert "hand:" not in spectator


def test_prompts_say_what_is_being_decided() -> None:
    state = GAME.start(2, seed=5)
    assert "draw a travel card" in state.prompt()
    assert state.prompt(1) == "waiting for player 0"
    assert BOARD.titles[BOARD.start] in state.prompt()


@pytest.mark.rule("wojtek:views.hidden")
@given(STATES, st.integers(0, 2**32))
def test_views_hide_hands_and_decks_but_determinize_rebuilds_them(state: State, seed: int) -> None:
    for player in (None, *range(state.players)):
        view = state.view(player)
        other = GAME.determinize(view, seed)
        assert other.view(player) == view
        assert not hasattr(view, "travel_deck")
        assert not hasattr(view, "rng")
        if player is not None:
            assert view.hand == state.hands[player]
        assert view.hand_sizes == tuple(sum(h) for h in state.hands)


@given(STATES)
def test_codec_round_trips_states_and_views(state: State) -> None:
    assert meeple.loads(meeple.dumps(state, game=GAME), game=GAME) == state
    for player in (None, *range(state.players)):
        view = state.view(player)
        assert meeple.loads(meeple.dumps(view, game=GAME), game=GAME) == view


def test_determinize_mid_three_card_move_deals_the_mover_cards_that_finish_it() -> None:
    """A seat that began a three-card move held the cards to finish it, so every world a
    search bot samples from another seat's view must let it finish (it used to be dealt a
    random hand, and had no legal action in about 60% of such worlds)."""
    checked = 0
    for seed in range(40):
        _, _, states = random_playout(GAME, 3, seed)
        for state in states:
            assert isinstance(state, State)
            if state.phase not in (Phase.DROP, Phase.USE):
                continue
            for viewer in (None, *range(state.players)):
                if viewer == state.current:
                    continue
                for world_seed in range(3):
                    world = GAME.determinize(state.view(viewer), world_seed)
                    assert world.legal_actions(state.current), (seed, viewer, world_seed)
                    checked += 1
    assert checked > 100  # the playouts did reach three-card moves

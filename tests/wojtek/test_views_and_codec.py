"""Views hide hands and decks; JSON loading checks conservation; rendering and prompts."""

from __future__ import annotations

import json

import attrs
import pytest

import meeple
from meeple.core import CorruptDataError
from meeple.wojtek import GAME
from meeple.wojtek.view import View

from .helpers import BOARD, route


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


def test_render_shows_route_pawns_display_and_only_own_hand() -> None:
    state = GAME.start(3, seed=5)
    text = GAME.render(state.view(1))
    assert "Buzuluk" in text
    assert "Edinburgh" in text
    assert "Display:" in text
    assert text.count("hand:") == 1
    assert "Poland: pawns 0 1 2" in text
    spectator = GAME.render(state.view(None))
    assert "hand:" not in spectator


def test_prompts_say_what_is_being_decided() -> None:
    state = GAME.start(2, seed=5)
    assert "draw a travel card" in state.prompt()
    assert state.prompt(1) == "waiting for player 0"
    assert BOARD.titles[BOARD.start] in state.prompt()

"""Views hide the deck, hands and face-down picks; the text renderer draws every mode."""

from __future__ import annotations

import pytest

from meeple.bear_mountain import GAME
from meeple.bear_mountain import Options
from meeple.bear_mountain.components import card_name
from meeple.bear_mountain.render import render_hike
from meeple.core import InvalidPlayerError

from .helpers import card_with
from .helpers import playout


@pytest.mark.rule("bear_mountain:draft.views")
@pytest.mark.parametrize(
    ("players", "options"),
    [(3, Options()), (3, Options(mode="draft")), (1, Options(mode="solo"))],
)
def test_views_never_carry_the_deck_order(players: int, options: Options) -> None:
    final, states = playout(players, 3, options, limit=25)
    for state in states:
        for p in (None, *range(players)):
            view = state.view(p)
            assert view.deck_count == len(state.deck)
            assert not hasattr(view, "deck")
            assert not hasattr(view, "rng")
    assert final.view(None).hand == ()


@pytest.mark.rule("bear_mountain:draft.views")
def test_a_spectator_sees_no_hand_and_no_face_down_pick() -> None:
    state = GAME.start(2, seed=1, options=Options(mode="draft"))
    card = state.hands[0][0]
    state = state.apply(GAME.parse_action(f"pick {card_name(card)}"), 0)
    spectator = state.view(None)
    assert spectator.hand == ()
    assert spectator.picks == ()
    assert spectator.pick_counts == (1, 0)
    assert card_name(card) not in GAME.render(spectator)
    assert card_name(card) in GAME.render(state.view(0))


@pytest.mark.rule("bear_mountain:draft.views")
def test_determinize_keeps_what_the_viewer_knows() -> None:
    state = GAME.start(3, seed=4, options=Options(mode="draft"))
    view = state.view(2)
    other = GAME.determinize(view, 99)
    assert other.hands[2] == state.hands[2]
    assert other.view(2) == view
    assert other.hands != state.hands or other.deck != state.deck


def test_viewing_from_a_missing_seat_is_refused() -> None:
    state = GAME.start(2, seed=0)
    with pytest.raises(InvalidPlayerError):
        state.view(2)


def test_render_draws_cards_habitats_animals_and_an_elevation_profile() -> None:
    up = card_with(elevation=2, bear=False)
    down = card_with(elevation=-1, bear=False)
    lines = render_hike((up, down))
    assert lines[0].split()[1:] == [card_name(up), card_name(down)]
    assert "|" in lines[1]
    assert lines[3].split()[1:] == ["+2", "-1"]
    profile = lines[4:]
    assert profile[0].split()[0] == "+2"  # the highest point comes first
    assert sum(line.count("^") for line in profile) == 2
    assert render_hike(()) == ["  (no cards yet)"]


@pytest.mark.parametrize(
    ("players", "options"),
    [(2, Options()), (2, Options(mode="draft")), (1, Options(mode="solo"))],
)
def test_render_and_prompt_work_in_every_mode(players: int, options: Options) -> None:
    _, states = playout(players, 8, options)
    for state in states[::5] + states[-1:]:
        text = GAME.render(state.view(0))
        assert "Bear Went Over the Mountain" in text
        assert "\n" not in state.prompt(0)
    assert states[-1].prompt() == "the game is over"

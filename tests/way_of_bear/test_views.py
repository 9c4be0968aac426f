"""What a seat sees: other hands only by their backs, the pile only as a count; a
determinized state looks the same to the seat; the text picture of a view."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from meeple.way_of_bear import GAME
from meeple.way_of_bear.components import CARDS
from meeple.way_of_bear.state import State

from .helpers import CORNER, build
from .strategies import STATES

CARD_BACKS = [card.back_seals for card in CARDS]


@pytest.mark.rule("way_of_bear:hidden.cards")
def test_other_hands_show_only_backs_and_the_pile_only_a_count() -> None:
    state = build(steles=CORNER, hands={0: ["s02", "s16"], 1: ["s10"]})
    mine = state.view(0)
    assert mine.hand == (1, 15)
    assert mine.hand_backs == ((0, 2), (0,), ())
    theirs = state.view(1)
    assert theirs.hand == (9,)
    assert "s16" not in GAME.render(theirs)
    assert "s10" in GAME.render(theirs)
    spectator = state.view(None)
    assert spectator.hand == ()
    assert spectator.deck_size == 13
    assert not hasattr(spectator, "deck")
    assert not hasattr(spectator, "rng")


@pytest.mark.rule("way_of_bear:hidden.cards")
def test_determinize_deals_the_current_players_fresh_cards_by_their_backs() -> None:
    state = build(
        steles=CORNER,
        hands={1: ["s02", "s10"]},
        current=1,
        fresh=(1,),  # s02 (back 2) was drawn this turn
    )
    view = state.view(0)
    assert view.fresh_backs == (2,)
    assert view.hand_backs[1] == (0, 2)
    for seed in range(5):
        other = GAME.determinize(view, seed)
        assert other.view(0) == view
        assert [CARD_BACKS[c] for c in other.fresh] == [2]
        assert sorted(CARD_BACKS[c] for c in other.hands[1]) == [0, 2]


@given(STATES, st.integers(0, 2**32))
def test_determinize_keeps_the_view_and_the_actors_options(state: State, seed: int) -> None:
    for p in (None, *range(state.players)):
        other = GAME.determinize(state.view(p), seed)
        assert other.view(p) == state.view(p)
        if p is not None and p in state.to_act:
            assert other.legal_actions(p) == state.legal_actions(p)


def test_render_shows_the_table() -> None:
    state = GAME.start(4, seed=1)
    text = GAME.render(state.view(0))
    assert "temples:" in text
    assert "bag:" in text
    assert "p3" in text
    assert "33:" in text or "33[" in text  # part P is drawn with 4 players
    small = GAME.render(GAME.start(3, seed=1).view(None))
    assert "33:" not in small
    assert "33[" not in small

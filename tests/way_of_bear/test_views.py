"""What a seat sees: other hands only by their backs, the pile only as a count; a
determinized state looks the same to the seat; the text picture of a view."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

import meeple
from meeple.core import CorruptDataError
from meeple.way_of_bear import GAME
from meeple.way_of_bear.components import CARDS
from meeple.way_of_bear.state import Phase
from meeple.way_of_bear.state import State

from .helpers import ALL
from .helpers import CORNER
from .helpers import build
from .helpers import finished
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


@pytest.mark.rule("way_of_bear:hidden.cards", "way_of_bear:victory.seals")
def test_every_hand_is_shown_when_the_game_is_over() -> None:
    # Regression (the adapters' secrecy walk): the final outcome counts the Dragon
    # Hoard's 3 seals, and no final view showed who held it, so the end-of-game rewards
    # told every seat what its view hid. Now the final views show every hand.
    over = finished({0: ALL, 1: ALL}, {0: ["s10"], 1: ["s16"]})
    running = attrs.evolve(over, phase=Phase.MAIN, to_act=frozenset({0}))
    assert all(running.view(p).shown_hands == () for p in (None, 0, 1, 2))
    assert "s16" not in GAME.render(running.view(0))
    for p in (None, 0, 1, 2):
        view = over.view(p)
        assert view.shown_hands == ((9,), (15,), ())
        assert "s16" in GAME.render(view)
        assert "Dragon Hoard" in GAME.render_html(view)
        for seed in range(4):
            world = GAME.determinize(view, seed)
            assert world.view(p) == view
            assert world.outcome() == over.outcome()
    assert over.outcome().winners == frozenset({1})  # the Hoard's 3 seals decide


def _final_doc(seat: int | None) -> dict[str, Any]:
    over = finished({0: ALL, 1: ALL}, {0: ["s10"], 1: ["s16"]})
    doc: dict[str, Any] = json.loads(meeple.dumps(over.view(seat), game=GAME))
    return doc


_IMPOSSIBLE_FINAL_VIEWS: tuple[tuple[str, Callable[[dict[str, Any]], object]], ...] = (
    ("a hand shown before the end", lambda d: d.update(phase="main", to_act=[0])),
    ("a seat's hand not shown", lambda d: d.update(shown_hands=d["shown_hands"][:2])),
    ("a shown card with another back", lambda d: d["shown_hands"][1].__setitem__(0, 1)),
    ("a card shown twice", lambda d: d["shown_hands"][1].__setitem__(0, 9)),
    ("the own hand shown otherwise", lambda d: d.update(hand=[])),
    ("a card id", lambda d: d["shown_hands"][1].__setitem__(0, 10**9)),
)


@pytest.mark.parametrize(
    ("what", "change"), _IMPOSSIBLE_FINAL_VIEWS, ids=[w for w, _ in _IMPOSSIBLE_FINAL_VIEWS]
)
def test_loads_refuses_a_final_view_no_game_shows(
    what: str, change: Callable[[dict[str, Any]], object]
) -> None:
    doc = _final_doc(seat=0)
    meeple.loads(json.dumps(doc), game=GAME)  # the untouched view loads
    change(doc)
    with pytest.raises(CorruptDataError):
        meeple.loads(json.dumps(doc), game=GAME)


@pytest.mark.parametrize("temple", [-3, -2, -(10**9)])
@pytest.mark.parametrize("seat", [None, 0])
def test_loads_refuses_a_ritual_temple_below_none(temple: int, seat: int | None) -> None:
    # Regression (tests/test_fuzz_loads): outside a ritual the temple is -1, but any
    # negative number loaded, and encode_view then failed with a KeyError on it.
    over = finished({0: ALL, 1: ALL}, {0: ["s10"], 1: ["s16"]})
    for thing in (over, over.view(seat)):
        doc = json.loads(meeple.dumps(thing, game=GAME))
        assert doc["ritual_temple"] == -1
        GAME.encode_view(over.view(seat))  # the untouched view encodes
        doc["ritual_temple"] = temple
        with pytest.raises(CorruptDataError, match="ritual temple"):
            meeple.loads(json.dumps(doc), game=GAME)


def test_render_draws_part_p_with_four_players_only() -> None:
    # tests/test_views_all_games.py checks the landmarks of this opening picture.
    text = GAME.render(GAME.start(4, seed=1).view(0))
    assert "33:" in text or "33[" in text  # part P is drawn with 4 players
    small = GAME.render(GAME.start(3, seed=1).view(None))
    assert "33:" not in small
    assert "33[" not in small


def _view_doc(players: int = 3, seat: int | None = 1) -> dict[str, Any]:
    state = GAME.start(players, seed=4)
    for _ in range(12):
        p = min(state.to_act)
        state = state.apply(state.legal_actions(p)[0], p)
    doc: dict[str, Any] = json.loads(meeple.dumps(state.view(seat), game=GAME))
    return doc


_IMPOSSIBLE_VIEWS: tuple[tuple[str, Callable[[dict[str, Any]], object]], ...] = (
    ("players", lambda d: d.update(players=2**31)),
    ("deck size", lambda d: d.update(deck_size=2**63)),
    ("a card id", lambda d: d.update(played=[*d["played"], 10**9])),
    ("a stele conjured", lambda d: d["bag"].__setitem__(0, d["bag"][0] + 1)),
    ("a token conjured", lambda d: d["tokens"][0].__setitem__(0, d["tokens"][0][0] + 1)),
    ("a card played twice", lambda d: d.update(played=[0, 0])),
    ("a huge owed offering", lambda d: d["owed"].__setitem__(1, 2**62)),
    ("round past the limit", lambda d: d.update(round=d["max_rounds"] + 1)),
)


@pytest.mark.parametrize(
    ("what", "change"), _IMPOSSIBLE_VIEWS, ids=[w for w, _ in _IMPOSSIBLE_VIEWS]
)
def test_loads_refuses_a_view_no_game_shows(
    what: str, change: Callable[[dict[str, Any]], object]
) -> None:
    # issue 14, finding 7: what loads accepts, every method handles; the rest is refused
    doc = _view_doc()
    meeple.loads(json.dumps(doc), game=GAME)  # the untouched view loads
    change(doc)
    with pytest.raises(CorruptDataError):
        meeple.loads(json.dumps(doc), game=GAME)


@pytest.mark.parametrize("field", ["hand_backs", "fresh_backs"])
def test_loads_refuses_a_card_back_no_seal_card_has(field: str) -> None:
    # found by the fuzz tests: a back of -1 passed the invariants, and only the load's
    # trial refused it, with a KeyError from the encoding ("cannot be used")
    doc = _view_doc(seat=None)
    assert doc["deck_size"] > 1
    doc["deck_size"] -= 1  # the forged card comes from the pile: the count still adds up
    doc["hand_backs"][doc["current"]].append(-1)
    if field == "fresh_backs":
        doc["fresh_backs"] = [-1]
    with pytest.raises(CorruptDataError, match=r"breaks an invariant: .*back of a Seal card"):
        meeple.loads(json.dumps(doc), game=GAME)

"""Notation, hidden information in views, and the text renderer."""

from __future__ import annotations

import pytest

from meeple.core import MalformedActionError
from meeple.way_of_bear import GAME
from meeple.way_of_bear.actions import Pay, Place, Take

from .helpers import build


@pytest.mark.parametrize(
    "text",
    [
        "take black blue",
        "take black",
        "take orange orange white",
        "draw",
        "place orange v17",
        "pay black",
        "waive blue",
        "ritual-take blue",
        "ritual-skip",
        "return orange",
        "seal s07",
        "pass",
    ],
)
def test_notation_round_trips(text: str) -> None:
    assert str(GAME.parse_action(text)) == text


def test_notation_is_forgiving_about_case_spaces_and_take_order() -> None:
    assert GAME.parse_action("  TAKE  blue black ") is GAME.parse_action("take black blue")
    assert GAME.parse_action("place orange v7") is Place(0, 6)
    assert Take((1, 2)) is GAME.parse_action("take black blue")
    assert Pay(1) == Pay(1)
    assert hash(Pay(1)) == hash(Pay(1))


@pytest.mark.parametrize(
    "text",
    [
        "take",
        "take red blue",
        "take a b c d",
        "place orange",
        "place orange v41",
        "place purple v01",
        "pay",
        "draw 3",
        "seal s17",
        "jump",
    ],
)
def test_malformed_notation(text: str) -> None:
    with pytest.raises(MalformedActionError, match="way_of_bear"):
        GAME.parse_action(text)


def test_actions_refuse_bad_values() -> None:
    with pytest.raises(ValueError, match="colour"):
        Pay(7)
    with pytest.raises(ValueError, match="ascending"):
        Take((2, 1))


def test_other_hands_show_only_backs_and_the_pile_only_a_count() -> None:
    state = build(
        steles={"v02": "black", "v09": "blue", "v11": "orange", "v17": "orange"},
        hands={0: ["s02", "s16"], 1: ["s10"]},
    )
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


def test_prompts_are_one_line() -> None:
    state = GAME.start(2, seed=1)
    assert "player 0" in state.prompt()
    assert state.prompt(1) == "waiting for player 0"

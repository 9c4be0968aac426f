"""The three-card move (phases DROP, USE and TARGET).

Positions are hand-made on the standard board (route colours: see `helpers`).
"""

from __future__ import annotations

import pytest

from meeple.testing import assert_refused
from meeple.wojtek import GAME
from meeple.wojtek import Options
from meeple.wojtek.state import BOX
from meeple.wojtek.state import USE

from .helpers import hand
from .helpers import names
from .helpers import on_route
from .helpers import play


@pytest.mark.rule("wojtek:move.three", "wojtek:move.three-choices")
def test_three_card_move_mixes_rainbows_with_trucks_of_one_colour_only() -> None:
    state = on_route((6, 30), hand("red", "blue", "rainbow", "rainbow", "pink"))
    s = play(state, "three", "drop red")
    assert names(s.legal_actions()) == ["use red", "use blue", "use pink", "use rainbow"]
    s = play(s, "use red")
    assert names(s.legal_actions()) == ["use rainbow"]
    assert_refused(GAME, s, "use blue", "one single colour")
    s = play(s, "use rainbow")
    assert names(s.legal_actions()) == ["use rainbow"]


@pytest.mark.rule("wojtek:move.three-choices")
def test_three_card_move_needs_three_usable_cards() -> None:
    state = on_route(
        (6, 30),
        hand("red", "red", "blue", "rainbow", "pink"),
        hand("red", "blue", "yellow", "pink", "rainbow"),
    )
    assert "three" in names(state.legal_actions())
    s = play(state, "three", "drop red")
    # red red rainbow works; blue or pink cannot reach three with one rainbow
    assert names(s.legal_actions()) == ["use red", "use rainbow"]
    s = play(s, "use rainbow")
    assert names(s.legal_actions()) == ["use red"]
    other = on_route(
        (6, 30),
        hand("red", "red", "blue", "rainbow", "pink"),
        hand("red", "blue", "yellow", "pink", "rainbow"),
        current=1,
    )
    assert "three" not in names(other.legal_actions())
    assert_refused(GAME, other, "three", "three travel cards")


@pytest.mark.rule("wojtek:move.three")
def test_younger_children_skip_the_drop_of_the_three_card_move() -> None:
    state = on_route(
        (6, 30), hand("red", "red", "red", "pink", "pink"), options=Options(no_drop_on_three=True)
    )
    s = play(state, "three")
    assert s.phase == USE
    assert s.display == state.display


@pytest.mark.rule("wojtek:edinburgh.arrive")
def test_three_cards_into_edinburgh_choose_any_box_too() -> None:
    state = on_route((54, 30), hand("red", "red", "red", "pink", "pink"))
    s = play(state, "three", "drop red", "use red", "use red", "use red")
    # Only blue has a space left ahead of route 54; every other colour means Edinburgh.
    assert names(s.legal_actions()) == ["to blue", "to edinburgh"]
    assert_refused(GAME, s, "to red", "edinburgh")
    s = play(s, "to edinburgh")
    assert s.phase == BOX
    after = play(s, "box pink")
    assert after.is_over is False
    assert after.to_act == frozenset({1})

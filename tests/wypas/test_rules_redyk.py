"""Redyk: rows of one colour rising without gaps, or of one value in different colours.

The rulebook's own examples of rows are in test_rulebook_examples.py."""

from __future__ import annotations

import pytest

from meeple.core import IllegalActionError
from meeple.wypas.components import FACE_NAME
from meeple.wypas.redyk import accepted_faces
from meeple.wypas.scoring import fleece_of
from meeple.wypas.state import REDYK

from .helpers import accepts
from .helpers import hand
from .helpers import pen
from .helpers import play
from .helpers import redyk
from .helpers import sheep
from .helpers import texts


@pytest.mark.rule("wypas:redyk.rows")
def test_a_run_grows_upwards_only() -> None:
    assert accepts(pen("green-3", "green-4")) == {"green-5"}
    assert accepts(pen("green-6")) == {f"{c}-6" for c in ("red", "orange", "yellow", "magenta")}


@pytest.mark.rule("wypas:redyk.rows")
def test_one_value_rows_take_a_new_colour_only() -> None:
    assert accepts(pen("red-4", "green-4")) == {"orange-4", "yellow-4", "magenta-4"}


@pytest.mark.rule("wypas:redyk.rows")
def test_an_empty_pen_takes_any_sheep() -> None:
    state = redyk(hand("orange-2", "green-6"))
    assert texts(state.legal_actions()) == [
        "done",
        "pen 1 orange-2",
        "pen 1 green-6",
        "pen 2 orange-2",
        "pen 2 green-6",
    ]


@pytest.mark.rule("wypas:redyk.two-pens")
def test_no_third_row_while_both_pens_hold_sheep() -> None:
    state = redyk(hand("magenta-1"), (pen("red-3"), pen("green-5")))
    assert texts(state.legal_actions()) == ["done"]
    with pytest.raises(IllegalActionError, match="does not take that sheep"):
        play(state, "pen 1 magenta-1")


@pytest.mark.rule("wypas:redyk.dolly")
def test_dolly_fixes_its_value_when_placed() -> None:
    state = redyk(hand("dolly-red"), (pen("red-3", "red-4"), ()))
    acts = texts(state.legal_actions())
    assert "pen 1 dolly-red as 5" in acts
    assert "pen 1 dolly-red as 6" not in acts
    assert len([a for a in acts if a.startswith("pen 2")]) == 6  # any value 1..6
    state = play(state, "pen 1 dolly-red as 5")
    assert state.pens[0][0][-1] == sheep("dolly-red", "red-5")
    # Red has no printed 5 or 6, yet a Dolly may show them.
    assert accepts(state.pens[0][0]) == {"red-6"}


@pytest.mark.rule("wypas:redyk.dolly", "wypas:components.dolly")
def test_super_dolly_takes_any_colour_and_value() -> None:
    state = redyk(hand("super"), (pen("green-4", "yellow-4"), ()))
    acts = [a for a in texts(state.legal_actions()) if a.startswith("pen 1")]
    assert acts == ["pen 1 super as red-4", "pen 1 super as orange-4", "pen 1 super as magenta-4"]
    assert len([a for a in texts(state.legal_actions()) if a.startswith("pen 2")]) == 30


@pytest.mark.rule("wypas:redyk.turn")
def test_redyk_is_optional_and_goes_round_from_the_baca() -> None:
    state = redyk(hand("red-1"))
    state = play(state, "done")
    assert state.actor == 1
    state = play(state, "done", "done", "done")
    assert state.phase != REDYK  # everyone had a turn: shearing begins (or the round ends)


@pytest.mark.rule("wypas:redyk.rows")
def test_option_runs_down_lets_a_run_grow_below_its_lowest_sheep() -> None:
    from meeple.core import replace
    from meeple.wypas import Options

    assert accepts(pen("green-3", "green-4")) == {"green-5"}
    both = {FACE_NAME[f] for f in accepted_faces(pen("green-3", "green-4"), True)}
    assert both == {"green-2", "green-5"}
    # The reading changes the score: a red 2 joins the red 3-4 only under the option.
    rulebook = redyk(hand("red-2"), (pen("red-3", "red-4"), ()))
    other = replace(rulebook, options=Options(runs_down=True))
    assert "pen 1 red-2" not in texts(rulebook.legal_actions())
    other = play(other, "pen 1 red-2")
    assert other.pens[0][0] == pen("red-3", "red-4", "red-2")
    three = fleece_of(other.pens[0][0], wolf=False)[2]
    two = fleece_of(rulebook.pens[0][0], wolf=False)[2]
    assert (two, three) == (3, 9)

"""Redyk: rows of one colour rising without gaps, or of one value in different colours."""

from __future__ import annotations

import pytest

from meeple.core import IllegalActionError
from meeple.wypas.pens import accepted_faces
from meeple.wypas.state import REDYK, State

from .helpers import FACE_NAME, arrange, hand, pen, play, sheep, texts


def redyk(
    cards: tuple[int, ...], pens: tuple[tuple[int, ...], tuple[int, ...]] = ((), ())
) -> State:
    """Seat 0 in its redyk with `cards` in hand and `pens`."""
    empty: tuple[int, ...] = ()
    return arrange(
        4,
        phase=REDYK,
        actor=0,
        hands=(cards, (), (), ()),
        pens=(pens, (empty, empty), (empty, empty), (empty, empty)),
    )


def accepts(row: tuple[int, ...]) -> set[str]:
    return {FACE_NAME[f] for f in accepted_faces(row)}


def test_red_one_to_four_in_a_row() -> None:
    state = redyk(hand("red-1", "red-2", "red-3", "red-4"))
    state = play(state, "pen 1 red-1", "pen 1 red-2", "pen 1 red-3", "pen 1 red-4")
    assert state.pens[0][0] == pen("red-1", "red-2", "red-3", "red-4")


def test_multicoloured_fours() -> None:
    state = redyk(hand("red-4", "green-4", "magenta-4"))
    state = play(state, "pen 2 red-4", "pen 2 green-4", "pen 2 magenta-4")
    assert state.pens[0][1] == pen("red-4", "green-4", "magenta-4")


def test_three_four_five_allowed_three_five_six_refused() -> None:
    state = redyk(hand("yellow-3", "yellow-4", "yellow-5", "yellow-6"))
    allowed = play(state, "pen 1 yellow-3", "pen 1 yellow-4", "pen 1 yellow-5")
    assert allowed.pens[0][0] == pen("yellow-3", "yellow-4", "yellow-5")
    gap = play(state, "pen 1 yellow-3")
    assert "pen 1 yellow-5" not in texts(gap.legal_actions())
    with pytest.raises(IllegalActionError, match="rising run without gaps"):
        play(gap, "pen 1 yellow-5")
    assert gap.check(gap.legal_actions()[0]) is None


def test_a_run_grows_upwards_only() -> None:
    assert accepts(pen("green-3", "green-4")) == {"green-5"}
    assert accepts(pen("green-6")) == {f"{c}-6" for c in ("red", "orange", "yellow", "magenta")}


def test_one_value_rows_take_a_new_colour_only() -> None:
    assert accepts(pen("red-4", "green-4")) == {"orange-4", "yellow-4", "magenta-4"}


def test_an_empty_pen_takes_any_sheep() -> None:
    state = redyk(hand("orange-2", "green-6"))
    assert texts(state.legal_actions()) == [
        "done",
        "pen 1 orange-2",
        "pen 1 green-6",
        "pen 2 orange-2",
        "pen 2 green-6",
    ]


def test_no_third_row_while_both_pens_hold_sheep() -> None:
    state = redyk(hand("magenta-1"), (pen("red-3"), pen("green-5")))
    assert texts(state.legal_actions()) == ["done"]
    with pytest.raises(IllegalActionError, match="does not take that sheep"):
        play(state, "pen 1 magenta-1")


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


def test_super_dolly_takes_any_colour_and_value() -> None:
    state = redyk(hand("super"), (pen("green-4", "yellow-4"), ()))
    acts = [a for a in texts(state.legal_actions()) if a.startswith("pen 1")]
    assert acts == ["pen 1 super as red-4", "pen 1 super as orange-4", "pen 1 super as magenta-4"]
    assert len([a for a in texts(state.legal_actions()) if a.startswith("pen 2")]) == 30


def test_black_sheep_with_one_sheep_left_takes_colour_or_value() -> None:
    # Rulebook note: a black sheep and a green 3 remain, so other 3s or green sheep.
    row = (sheep("black"), sheep("green-3"))
    assert accepts(row) == {"green-4", "red-3", "orange-3", "yellow-3", "magenta-3"}
    # Whatever the row was before: a black sheep that replaced green 4 in 2,3,4 ...
    run = (sheep("green-2"), sheep("green-3"), sheep("black"))
    assert accepts(run) == {"green-4"}
    assert accepts((sheep("black"), sheep("black"))) == set(accepts(()))


def test_redyk_is_optional_and_goes_round_from_the_baca() -> None:
    state = redyk(hand("red-1"))
    state = play(state, "done")
    assert state.actor == 1
    state = play(state, "done", "done", "done")
    assert state.phase != REDYK  # everyone had a turn: the special-card window opens

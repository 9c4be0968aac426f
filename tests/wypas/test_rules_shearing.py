"""Shearing turns, bleating, the fifth fleece, the final turns and the round limit
(the shearing table itself is in test_scoring.py)."""

from __future__ import annotations

import pytest

from meeple.core import IllegalActionError
from meeple.wypas import Options
from meeple.wypas.state import HIDE
from meeple.wypas.state import OVER
from meeple.wypas.state import SHEAR
from meeple.wypas.state import State

from .helpers import EMPTY
from .helpers import arrange
from .helpers import hand
from .helpers import pen
from .helpers import play
from .helpers import texts

# Four earlier fleeces each (their contents do not matter here).
OLD_A = (hand("magenta-1"), hand("magenta-2"), hand("magenta-3"), hand("magenta-4"))
OLD_B = (hand("orange-3"), hand("orange-4"), hand("orange-5"), hand("yellow-1"))


def shearing(
    pens: tuple[tuple[tuple[int, ...], tuple[int, ...]], ...],
    *,
    actor: int = 0,
    fleeces: tuple[tuple[tuple[int, ...], ...], ...] | None = None,
    options: Options | None = None,
    finished: int = 0,
) -> State:
    """Seat `actor` shearing in round 1 (seat 0 is the baca)."""
    n = len(pens)
    return arrange(
        n,
        options=options,
        phase=SHEAR,
        actor=actor,
        finished=finished,
        pens=pens,
        fleeces=fleeces if fleeces is not None else ((),) * n,
    )


@pytest.mark.rule("wypas:shear.bleat")
def test_shearing_scores_with_the_bleat_only() -> None:
    pens = ((pen("red-1", "red-2", "red-3"), pen("green-4", "red-4")), *((EMPTY, EMPTY),) * 3)
    state = shearing(pens)
    assert texts(state.legal_actions()) == [
        "done",
        "shear 1 meee",
        "shear 1",
        "shear 2 meee",
        "shear 2",
    ]
    loud = play(state, "shear 1 meee")
    assert loud.points[0] == 6
    quiet = play(state, "shear 1")
    assert quiet.points[0] == 0
    assert len(quiet.fleeces[0]) == 1  # still a fleece, kept apart
    both = play(loud, "shear 2 meee")
    assert both.points[0] == 6 + 4
    assert both.fleeces[0] == (hand("red-1", "red-2", "red-3"), hand("green-4"))


@pytest.mark.rule("wypas:shear.bleat")
def test_without_the_bleating_rule_every_shear_scores() -> None:
    pens = ((pen("red-1", "red-2", "red-3"), EMPTY), *((EMPTY, EMPTY),) * 3)
    state = shearing(pens, options=Options(bleating=False))
    assert texts(state.legal_actions()) == ["done", "shear 1"]
    assert play(state, "shear 1").points[0] == 6
    with pytest.raises(IllegalActionError, match="without the bleating rule"):
        play(state, "shear 1 meee")


@pytest.mark.rule("wypas:shear.table")
def test_a_single_card_is_sheared_into_the_discards() -> None:
    pens = ((pen("red-1"), pen("red-3", "red-4")), *((EMPTY, EMPTY),) * 3)
    state = shearing(pens)
    assert "shear 1 meee" not in texts(state.legal_actions())
    state = play(state, "shear 1")
    assert state.fleeces[0] == ()
    assert state.discard == hand("red-1")


@pytest.mark.rule("wypas:shear.turn")
def test_shearing_skips_empty_pens_and_ends_the_round() -> None:
    pens = ((EMPTY, EMPTY), (pen("red-1", "red-2"), EMPTY), (EMPTY, EMPTY), (EMPTY, EMPTY))
    state = shearing(pens, actor=1, finished=1)
    state = play(state, "shear 1 meee")
    # Seat 1's pens are empty, seats 2 and 3 have nothing: drawing and a new baca.
    assert state.phase == HIDE
    assert state.baca == 1
    assert state.round == 2
    assert [len(h) for h in state.hands] == [3, 3, 3, 3]  # everyone drew three


@pytest.mark.rule("wypas:end.fifth-fleece")
def test_first_fifth_fleece_ends_the_game_after_the_others_shear() -> None:
    pens = (
        (pen("red-1", "red-2"), EMPTY),
        (pen("green-3", "green-4", "green-5"), pen("green-6")),
        (pen("yellow-5", "yellow-6"), EMPTY),
        (pen("orange-1", "orange-2"), EMPTY),
    )
    fleeces = ((), OLD_A, OLD_B, ())
    # Seat 0 (the baca) already sheared this round; seat 1 is shearing.
    state = shearing(pens, actor=1, fleeces=fleeces, finished=1)
    state = play(state, "shear 1 meee")
    assert state.points[1] == 12 + 4
    assert state.bonus[1] == 4
    assert state.final_from == 1
    # Seat 1 may go on shearing; once both pens are empty the turn passes by itself.
    state = play(state, "shear 2")
    # Seats 2, 3 and 0 each get one last shearing turn, in turn order.
    assert state.actor == 2
    state = play(state, "shear 1 meee")  # seat 2's fifth fleece: +2
    assert state.points[2] == 5 + 2
    assert state.bonus[2] == 2
    assert state.actor == 3
    state = play(state, "done")
    assert state.actor == 0  # the baca sheared before, yet gets a final turn
    state = play(state, "shear 1 meee")
    assert state.phase == OVER
    assert state.is_over
    outcome = state.outcome()
    assert outcome.scores == (1, 16, 7, 0)
    assert outcome.winners == frozenset({1})
    assert outcome.final


@pytest.mark.rule("wypas:end.sixth-fleece")
def test_a_sixth_fleece_counts() -> None:
    pens = ((pen("red-1", "red-2"), pen("green-2", "green-3", "green-4")), *((EMPTY, EMPTY),) * 3)
    state = shearing(pens, fleeces=(OLD_A, (), (), ()))
    state = play(state, "shear 1 meee", "shear 2 meee")
    assert len(state.fleeces[0]) == 6
    assert state.points[0] == 1 + 4 + 9


@pytest.mark.rule("wypas:end.round-limit")
def test_the_round_limit_ends_the_game_as_it_stands() -> None:
    pens = ((pen("red-1", "red-2"), EMPTY), *((EMPTY, EMPTY),) * 3)
    state = shearing(pens, options=Options(max_rounds=1))
    state = play(state, "shear 1 meee")
    assert state.is_over
    assert state.outcome().scores == (1, 0, 0, 0)

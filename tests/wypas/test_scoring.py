"""The shearing table row by row, the wolf and the black sheep in a fleece; the outcome."""

from __future__ import annotations

import pytest

from meeple.wypas.scoring import fleece_of
from meeple.wypas.scoring import fleece_points
from meeple.wypas.state import OVER

from .helpers import arrange
from .helpers import k
from .helpers import pen
from .helpers import sheep


@pytest.mark.parametrize(
    ("values", "points"),
    [
        ([4], None),  # one card: discarded, no fleece
        ([3, 5], 3),  # two: the lower value
        ([3, 4, 5], 12),  # three: the sum
        ([1, 2, 3, 4], 11),  # four: sum + 1
        ([2, 3, 4, 5, 6], 22),  # five: sum + 2
        ([1, 2, 3, 4, 5, 6], 24),  # six: sum + 3
    ],
)
@pytest.mark.rule("wypas:shear.table")
def test_scoring_table(values: list[int], points: int | None) -> None:
    assert fleece_points(values) == points


@pytest.mark.rule("wypas:shear.table")
def test_past_six_cards_the_bonus_keeps_growing() -> None:
    assert fleece_points([1, 2, 3, 4, 5, 6, 0]) == 21 + 4


@pytest.mark.rule("wypas:shear.table")
def test_one_card_is_discarded_not_a_fleece() -> None:
    kept, gone, points = fleece_of(pen("red-2"), wolf=False)
    assert kept == ()
    assert gone == [k("red-2")]
    assert points == 0


@pytest.mark.rule("wypas:shear.table")
def test_two_cards_keep_the_lower_and_discard_the_higher() -> None:
    kept, gone, points = fleece_of(pen("green-5", "green-6"), wolf=False)
    assert kept == (k("green-5"),)
    assert gone == [k("green-6")]
    assert points == 5


def test_red_one_to_four_row_scores_eleven() -> None:
    kept, _, points = fleece_of(pen("red-1", "red-2", "red-3", "red-4"), wolf=False)
    assert points == 1 + 2 + 3 + 4 + 1
    assert len(kept) == 4


def test_multicoloured_fours() -> None:
    row = pen("red-4", "green-4", "yellow-4")
    assert fleece_of(row, wolf=False)[2] == 12


@pytest.mark.rule("wypas:specials.wolf")
def test_wolf_eats_the_highest_sheep() -> None:
    kept, gone, points = fleece_of(pen("yellow-3", "yellow-4", "yellow-5"), wolf=True)
    # The wolf and the 5 go; two sheep remain: the 3 is kept, the 4 discarded.
    assert sorted(gone) == sorted([k("wolf"), k("yellow-5"), k("yellow-4")])
    assert kept == (k("yellow-3"),)
    assert points == 3


@pytest.mark.rule("wypas:specials.wolf")
def test_wolf_over_two_leaves_no_fleece() -> None:
    kept, gone, _ = fleece_of(pen("red-1", "red-2"), wolf=True)
    assert kept == ()
    assert sorted(gone) == sorted([k("wolf"), k("red-2"), k("red-1")])


@pytest.mark.rule("wypas:specials.black")
def test_black_sheep_counts_as_a_card_of_value_zero() -> None:
    row = (sheep("red-1"), sheep("black"), sheep("red-3"))
    kept, gone, points = fleece_of(row, wolf=False)
    assert points == 4
    assert sorted(kept) == sorted([k("red-1"), k("black"), k("red-3")])
    assert gone == []
    # In a pair the black sheep is the lower card: it is kept and scores 0.
    kept, _, points = fleece_of((sheep("black"), sheep("green-3")), wolf=False)
    assert kept == (k("black"),)
    assert points == 0


def test_dolly_scores_the_value_it_shows() -> None:
    row = (sheep("red-3"), sheep("red-4"), sheep("dolly-red", "red-5"), sheep("super", "red-6"))
    assert fleece_of(row, wolf=False)[2] == 3 + 4 + 5 + 6 + 1


@pytest.mark.rule("wypas:end.ties")
def test_ties_share_the_win() -> None:
    state = arrange(3, phase=OVER, actor=-1, to_act=frozenset(), points=(5, 5, 2))
    outcome = state.outcome()
    assert outcome.winners == frozenset({0, 1})
    assert outcome.ranks == (1, 1, 3)

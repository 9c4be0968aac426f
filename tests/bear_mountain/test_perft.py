"""Counted legal-move sequences (perft) from seeded positions.

Counts marked "by hand" are derived in the comment; the others pin the current
rules as regressions (if a rule change alters one, re-derive it before updating).
"""

from __future__ import annotations

import pytest

from meeple.bear_mountain import GAME
from meeple.bear_mountain import Options
from meeple.bear_mountain.state import State
from meeple.testing import perft
from meeple.testing import random_playout


def _first(players: int, seed: int, options: Options, phase: str) -> State:
    _, _, states = random_playout(GAME, players, seed, options)
    found = [s for s in states if isinstance(s, State) and s.phase == phase]
    return found[0]


def _after(players: int, seed: int, options: Options, moves: int) -> State:
    final, _, _ = random_playout(GAME, players, seed, options, limit=moves)
    assert isinstance(final, State)
    return final


def test_standard_start_is_four_choices_per_turn() -> None:
    # By hand: four face-up cards every turn, refilled from the pile.
    state = GAME.start(2, seed=42)
    assert [perft(state, d) for d in range(1, 5)] == [4, 16, 64, 256]


def test_draft_start_counts_simultaneous_picks() -> None:
    # By hand: both players may pick first (10 cards each): 20. Then the other
    # player picks (10): 2 * 10 * 10 = 200. Then hands pass and both may pick
    # from 9 cards in either order: 200 * 18 = 3600.
    state = GAME.start(2, seed=42, options=Options(mode="draft"))
    assert [perft(state, d) for d in range(1, 4)] == [20, 200, 3600]


def test_draft_first_placing_counts() -> None:
    # By hand: each player lays one of 4 cards on an empty hike (right only): 8.
    # After one card a hike has two ends: 4 * (3 * 2 + 4) * 2 = 80.
    state = _after(2, 5, Options(mode="draft"), 8)
    assert state.phase == "place"
    assert [perft(state, d) for d in range(1, 4)] == [8, 80, 768]


def test_solo_first_assignment_counts() -> None:
    # By hand: 5 habitat/elevation + 8 animal cards = 13. Second card: after a
    # habitat card 8 animals, after an animal 5 + 7: 5*8 + 8*12 = 136. Third:
    # hab+animal -> 7 animals or done (8 each way): 2 * 40 * 8 = 640, and
    # animal+animal -> the habitat card (5): 56 * 5 = 280; total 920.
    state = _first(1, 3, Options(mode="solo"), "assign")
    assert [perft(state, d) for d in range(1, 5)] == [13, 136, 920, 920]


@pytest.mark.parametrize(
    ("players", "seed", "options", "moves", "counts"),
    [
        (1, 5, Options(mode="solo"), 0, [1, 1, 1, 1, 2, 4, 8, 18, 24, 48]),
        (1, 5, Options(mode="solo"), 10, [1, 2, 4, 9, 15, 135]),
        (1, 5, Options(mode="solo"), 40, [2, 2, 5, 10, 12, 12]),
        (3, 5, Options(mode="draft"), 50, [20, 360]),
    ],
)
def test_seeded_positions(
    players: int, seed: int, options: Options, moves: int, counts: list[int]
) -> None:
    state = _after(players, seed, options, moves)
    assert [perft(state, d) for d in range(1, len(counts) + 1)] == counts


def test_tiebreaker_rounds() -> None:
    state = _first(3, 4, Options(tiebreaker=True), "sudden")
    assert state.pending == {0, 1}
    assert [perft(state, d) for d in range(1, 4)] == [4, 16, 28]
    drafted = _first(2, 6, Options(mode="draft", tiebreaker=True), "sudden")
    # By hand: each tied player lays the dealt card at either end: 2 + 2; then the other: 4 * 2.
    assert [perft(drafted, d) for d in range(1, 3)] == [4, 8]

"""Seat-fair designs: rotations put every bot in every seat equally often."""

from __future__ import annotations

from collections import Counter

import pytest

from meeple.sim.design import bot_spec
from meeple.sim.design import lineup_for
from meeple.sim.design import seatings
from meeple.sim.design import seats_comparable
from meeple.sim.design import skill_seatings


def test_bot_specs_are_written_one_way() -> None:
    assert (
        bot_spec(" MCTS : iterations=5 , rollout_depth=3 ") == "mcts:iterations=5,rollout_depth=3"
    )
    assert bot_spec("random") == "random"
    assert bot_spec("greedy:") == "greedy"


def test_a_short_lineup_repeats() -> None:
    assert lineup_for(["greedy", "random"], 3) == ("greedy", "random", "greedy")
    with pytest.raises(ValueError, match="at least one bot"):
        lineup_for([], 2)


def test_without_rotation_the_lineup_is_played_as_given() -> None:
    assert seatings(("greedy", "random", "random"), rotate=False) == (
        ("greedy", "random", "random"),
    )


def test_rotation_puts_every_bot_in_every_seat_equally_often() -> None:
    lineup = ("greedy", "mcts", "random", "random")
    plan = seatings(lineup, rotate=True)
    assert len(plan) == 4
    assert plan[1] == ("random", "greedy", "mcts", "random")  # seat p's bot moves to p + 1
    for seat in range(4):
        assert Counter(s[seat] for s in plan) == Counter(lineup)


def test_repeated_rotations_are_played_once() -> None:
    assert seatings(("a", "b", "a", "b"), rotate=True) == (
        ("a", "b", "a", "b"),
        ("b", "a", "b", "a"),
    )
    assert seatings(("random", "random"), rotate=True) == (("random", "random"),)


def test_seats_compare_with_one_bot_or_a_full_rotation_only() -> None:
    assert seats_comparable([("random", "random", "random")])
    assert not seats_comparable([("greedy", "random", "random")])
    assert seats_comparable(seatings(("greedy", "random", "random"), rotate=True))
    partial = seatings(("greedy", "random", "random"), rotate=True)[:2]
    assert not seats_comparable(partial)


def test_the_skill_design_rotates_one_strong_bot() -> None:
    plan = skill_seatings("greedy", "random", 3)
    assert plan == (
        ("greedy", "random", "random"),
        ("random", "greedy", "random"),
        ("random", "random", "greedy"),
    )
    assert skill_seatings("greedy", "random", 1) == (("greedy",), ("random",))

"""`meeple replay --seat N` shows a seat only what it saw: two records that differ only in
a move that seat did not see being made (a Wypas seat declining a secret offer) replay
to it line for line the same.

Hole found by an outside audit: each move of the record was a step, and the header
counted every move ("-- move 151 of 200 --"), so a secret ``wait`` was a step where
nothing changed and no last move was told, and the total counted it: the seat learnt
that another seat had been offered a special card, and when. The steps are now the
moves the seat saw, numbered as it counts them.
"""

from __future__ import annotations

import random

import pytest

from meeple.cli.replay import ReplaySession
from meeple.core import Match
from meeple.core.match import GameRecord
from meeple.core.turns import public_to_act

MOVES = ["n"] * 8 + ["j 2", "p", "e", "s", "n", "q"]
"""What the person replaying types: forward past the end, a jump, back, end, start."""


def _tables() -> tuple[Match, Match]:
    """Wypas seed 0 (seat 3 offered its Thief in secret at the start) played the same
    six public moves twice: once after seat 3 declined (``wait``), once with the offer
    left unanswered, which no seat but 3 can tell apart."""
    offered, plain = Match("wypas", 4, seed=0), Match("wypas", 4, seed=0)
    assert offered.state.to_act == frozenset({0, 3})
    offered.play("wait", 3)
    chooser = random.Random(0)
    for _ in range(6):
        seat = min(public_to_act(offered.state))
        action = chooser.choice(offered.state.legal_actions(seat))
        offered.play(action, seat)
        plain.play(action, seat)
    return offered, plain


def _replayed(record: GameRecord, seat: int | None) -> list[str]:
    said: list[str] = []
    answers = iter(MOVES)
    ReplaySession(record, seat, ask=lambda _: next(answers), say=said.append).run()
    return said


@pytest.mark.parametrize("seat", [0, 1, 2, None])
def test_a_secret_decline_is_no_step_of_another_seats_replay(seat: int | None) -> None:
    offered, plain = _tables()
    assert offered.state.view(seat) == plain.state.view(seat)  # the seat cannot tell
    shown = _replayed(offered.record(), seat)
    assert shown == _replayed(plain.record(), seat)
    headers = [line for line in shown if line.startswith("-- move")]
    assert headers[0].startswith("-- move 0 of 6 ")
    told = [line for line in shown if line.startswith("last move:")]
    assert len(told) == len([h for h in headers if not h.startswith("-- move 0 ")])


def test_the_seat_that_declined_replays_its_own_decline() -> None:
    offered, _ = _tables()
    shown = _replayed(offered.record(), 3)
    assert shown[0].startswith("-- move 0 of 7 ")
    assert "last move: player 3: wait" in shown

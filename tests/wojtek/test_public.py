"""What each seat reads of each move: all of it, a truck and a walk alike to the others."""

from __future__ import annotations

from typing import Any

from meeple.core import rng
from meeple.wojtek import GAME
from meeple.wojtek.actions import Truck
from meeple.wojtek.actions import Walk

from ..test_public_moves import random_match
from ..test_public_moves import viewers


def test_a_truck_or_a_walk_reads_as_travel_to_the_others() -> None:
    match = random_match("wojtek", 3, 2)
    moves = [(p, a) for p, a in match.history if isinstance(a, Truck | Walk)]
    assert any(isinstance(a, Truck) for _, a in moves)
    for player, action in moves:
        target = str(action).split()[1]
        for viewer in viewers(3):
            expected = str(action) if viewer == player else f"travel {target}"
            assert GAME.public_notation(action, player, viewer) == expected


def test_every_other_move_reads_in_full() -> None:
    match = random_match("wojtek", 4, 3)
    for player, action in match.history:
        if not isinstance(action, Truck | Walk):
            assert {GAME.public_notation(action, player, v) for v in viewers(4)} == {str(action)}


def test_regression_a_refill_that_reshuffles_leaves_no_trace_of_truck_or_walk() -> None:
    # The reason a truck and a walk read alike: when the refill after a move empties
    # the travel deck, the discard pile (with the card just played) is shuffled into a
    # new deck, and the next view no longer shows which card moved the pawn.
    found = 0
    for seed in range(4):
        state = GAME.start(2, seed=seed)
        chooser = rng.seed_rng(seed)
        while not state.is_over and found < 3:
            (p,) = state.to_act
            after: dict[Any, list[Truck | Walk]] = {}
            for action in state.legal_actions(p):
                if isinstance(action, Truck | Walk):
                    after.setdefault(state.apply(action, p).view(None), []).append(action)
            for same in after.values():
                if {type(a) for a in same} == {Truck, Walk}:
                    found += 1
                    assert len({GAME.public_notation(a, p, None) for a in same}) == 1
            action, chooser = rng.choice(chooser, state.legal_actions(p))
            state = state.apply(action, p)
    assert found

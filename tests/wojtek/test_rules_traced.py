"""Rules of docs/rules/wojtek.md that no other test checked on its own (issue 15,
item 7): pawns on other approach paths, the hand of a player reaching Edinburgh, and
a three-card move when every box is empty.

Positions are hand-made on the standard board (route colours: see `helpers`).
"""

from __future__ import annotations

import pytest

from meeple.wojtek.components import BEAR_KINDS
from meeple.wojtek.components import HAND_SIZE
from meeple.wojtek.components import NO_CARD
from meeple.wojtek.route import truck_target
from meeple.wojtek.route import walk_targets
from meeple.wojtek.state import USE

from .helpers import BOARD
from .helpers import colour
from .helpers import hand
from .helpers import last_orange_truck
from .helpers import on_route
from .helpers import play
from .helpers import space


@pytest.mark.rule("wojtek:route.merge")
def test_a_pawn_on_another_approach_path_neither_blocks_nor_fills() -> None:
    red_site, blue_approach = BOARD.sites[colour("red")], space("site-blue-1")
    alone = (red_site, BOARD.start)
    beside = (red_site, blue_approach)
    assert walk_targets(BOARD, beside, red_site) == walk_targets(BOARD, alone, red_site)
    for c in range(7):
        assert truck_target(BOARD, beside, red_site, c) == truck_target(BOARD, alone, red_site, c)
    # The same pawn on the red site's own approach does block a walk.
    ahead = (red_site, space("site-red-1"))
    assert walk_targets(BOARD, ahead, red_site) == {}


@pytest.mark.rule("wojtek:edinburgh.refill", "wojtek:edinburgh.arrive")
def test_a_player_reaching_edinburgh_refills_the_hand_and_never_acts_again() -> None:
    after = play(last_orange_truck(), "truck orange")
    assert after.positions[0] == BOARD.finish
    assert sum(after.hands[0]) == HAND_SIZE  # refilled as part of the turn
    end = play(after, "exchange green", "done", "exchange green", "done")
    assert end.is_over  # seat 0 never had another turn


@pytest.mark.rule("wojtek:move.three-empty-display", "wojtek:take.empty-box")
def test_the_drop_is_skipped_when_every_box_is_empty() -> None:
    everything = tuple([4] * (BEAR_KINDS - 1) + [8])  # every bear card is taken
    state = on_route(
        (27, 40),
        hand("red", "red", "red", "orange", "yellow"),
        display=[NO_CARD] * 7,
        bear_deck=[],
        collections=[everything, (0,) * BEAR_KINDS],
    )
    after = play(state, "three")
    assert after.phase == USE  # no `drop` step
    moved = play(after, "use red", "use red", "use red", "to blue")
    assert moved.collections == state.collections  # an empty box gives no card

"""The rulebook's three worked examples, one test each, on the same corner of the board.

The examples' pictures use a corner where black stands on v02, blue on v09 and
orange on v11 and v17 (`helpers.CORNER`): v01 touches black and blue only, v10
touches orange, v30 touches nothing.
"""

from __future__ import annotations

import pytest

from meeple.testing import assert_refused
from meeple.way_of_bear import GAME

from .helpers import ALL
from .helpers import COLOUR
from .helpers import CORNER
from .helpers import VILLAGE
from .helpers import build
from .helpers import counts
from .helpers import finished
from .helpers import play
from .helpers import texts


@pytest.mark.rule("way_of_bear:place.rules")
def test_orange_stele_may_go_only_where_no_orange_neighbour_is_and_some_stele_is() -> None:
    # "Acquire a knowledge token", the example under the two placement rules: the
    # orange stele fits only the circled village; the top red cross is next to an
    # orange stele, the bottom one is next to no stele at all.
    state = build(steles=CORNER, reserves={0: {"orange": 1, "black": 1, "blue": 1}})
    orange = [t for t in texts(state.legal_actions()) if t.startswith("place orange")]
    assert orange == ["place orange v01"]
    # the top red cross: next to an orange stele
    assert_refused(GAME, state, "place orange v10", "same colour")
    # the bottom red cross: next to no stele at all
    assert_refused(GAME, state, "place orange v30", "next to at least one other stele")


@pytest.mark.rule("way_of_bear:pay.offering")
def test_after_placing_orange_the_offering_is_one_black_and_one_blue() -> None:
    # "Pay the cost", its example: the orange stele just erected next to one black and
    # one blue stele costs one black and one blue from the reserve, each onto the next
    # free space of its own temple track.
    state = build(steles=CORNER, reserves={0: {"orange": 1, "black": 1, "blue": 1}})
    placed = play(state, "place orange v01")
    assert placed.phase == "pay"
    assert placed.owed == counts({"black": 1, "blue": 1})
    assert texts(placed.legal_actions()) == ["pay black", "pay blue"]
    # either order is the player's choice; both end with one more stele on each temple
    for order in (("pay black", "pay blue"), ("pay blue", "pay black")):
        done = play(placed, *order)
        assert done.temples == counts({"orange": 1, "black": 2, "blue": 2, "white": 1})
        assert done.current == 1  # nothing else to do: the turn passed on
        assert done.reserves[0] == (0, 0, 0, 0)
    assert placed.board[VILLAGE["v01"]] == COLOUR["orange"]


@pytest.mark.rule("way_of_bear:victory.seals")
def test_the_player_totals_nine_dragon_seals() -> None:
    # "Victory", the example at the very end: seals on the tokens, on the back of an
    # unused Seal card and on the card that simply gives three add up to nine. Ours:
    # four sealed tokens, the 3-seal card and an unused card with 2 seals on its back.
    state = finished({0: ALL}, {0: ["s16", "s02"]})
    assert state.outcome().detail(0)["dragon_seals"] == 9

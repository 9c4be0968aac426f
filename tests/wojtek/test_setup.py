"""Setting up: the layout of a fresh game, the options it accepts, the step bound."""

from __future__ import annotations

import pytest

from meeple.core import InvalidOptionsError
from meeple.core import Match
from meeple.wojtek import GAME
from meeple.wojtek import Options
from meeple.wojtek.components import HAND_SIZE
from meeple.wojtek.components import NO_CARD
from meeple.wojtek.state import DEPORT

from .helpers import BOARD
from .helpers import names


@pytest.mark.rule("wojtek:setup.display", "wojtek:setup.hands", "wojtek:setup.pawns")
@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_setup_lays_out_seven_bear_cards_and_deals_five_travel_cards(players: int) -> None:
    state = GAME.start(players, seed=3)
    assert all(card != NO_CARD for card in state.display)
    assert len(state.display) == 7
    assert all(sum(h) == HAND_SIZE for h in state.hands)
    assert len(state.travel_deck) == 55 - HAND_SIZE * players
    assert len(state.bear_deck) == 104 - 7
    assert state.positions == (BOARD.start,) * players
    assert state.phase == DEPORT
    assert state.to_act == frozenset({0})
    assert names(state.legal_actions()) == ["draw"]


@pytest.mark.parametrize(
    ("values", "fragment"),
    [
        ({"round_limit": 1}, "round_limit"),
        ({"round_limit": "many"}, "round_limit"),
        ({"board": "/no/such/board.json"}, "is not a built-in board"),
        ({"colour_blind": True}, "unknown option"),
    ],
)
def test_bad_options_are_refused(values: dict[str, object], fragment: str) -> None:
    with pytest.raises(InvalidOptionsError, match=fragment):
        Match(GAME, 2, seed=1, **values)


@pytest.mark.rule("wojtek:end.round-limit")
def test_max_steps_bounds_the_longest_turns() -> None:
    # 2 deportation steps per seat, at most 7 steps per later turn, every round.
    assert GAME.spec.max_steps(5) >= 5 * 2 + 5 * 7 * (Options().round_limit - 1)

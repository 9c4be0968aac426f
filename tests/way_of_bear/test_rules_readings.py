"""The other readings of two rules, as options (issue 15, item 5): in each crafted game
below the result changes with the option; the defaults keep our reading.

* ``reserve_pays_offering`` (rule ``pay.ritual-stele``): the reserve alone must hold
  the whole offering when the stele is placed.
* ``take_fewer`` (rule ``turn.take``): with one stele on the temple tracks, a take
  moves that one.
"""

from __future__ import annotations

from typing import Any

import pytest

from meeple.core import IllegalActionError
from meeple.testing import check_game
from meeple.way_of_bear import GAME
from meeple.way_of_bear import Options
from meeple.way_of_bear.components import TYPES
from meeple.way_of_bear.state import State

from .helpers import CORNER
from .helpers import SPARE
from .helpers import build
from .helpers import kind
from .helpers import play
from .helpers import texts

RELIGION, MILITARY = TYPES[0], TYPES[1]


def _full_but_one(sealed: bool, missing: str) -> list[int]:
    """Two tokens of each type (all sealed or all plain) but one of `missing`."""
    tokens = [kind(t, sealed) for t in TYPES for _ in range(2)]
    tokens.remove(kind(missing, sealed))
    return tokens


def _race(**options: Any) -> State:
    """Seat 0 (all its tokens sealed) can fill its board at v01 only by paying with the
    blue stele the black temple's Ritual brings in; seat 1 (plain tokens) fills its own
    at v10 from its reserve, later in the same round."""
    steles = dict(CORNER)
    steles.update(dict.fromkeys([v for v in SPARE if v not in ("v01", "v10")][:14], "white"))
    return build(
        steles=steles,
        player_tokens={0: _full_but_one(True, RELIGION), 1: _full_but_one(False, MILITARY)},
        token_at={"v01": kind(RELIGION, True), "v10": kind(MILITARY, False)},
        reserves={
            0: {"orange": 1, "black": 1},
            1: {"white": 1, "black": 1, "orange": 1, "blue": 1},
        },
        temples={"black": 4, "blue": 1, "white": 1},
        **options,
    )


def _seat_one_fills_its_board(state: State) -> State:
    state = play(state, "place white v10")
    while state.current == 1:  # pay the offering (and skip any Ritual it runs)
        state = play(state, str(state.legal_actions()[0]))
    return play(state, "draw")  # seat 2; the round ends


@pytest.mark.rule("way_of_bear:pay.ritual-stele")
def test_with_reserve_pays_offering_the_ritual_stele_no_longer_pays_and_the_winner_changes() -> (
    None
):
    ours = play(_race(), "place orange v01", "pay black", "ritual-take blue", "pay blue")
    ours = _seat_one_fills_its_board(ours)
    assert ours.is_over
    assert ours.outcome().winners == {0}  # both boards full: seat 0 has the Dragon Seals
    other = _race(reserve_pays_offering=True)
    assert "place orange v01" not in texts(other.legal_actions())
    with pytest.raises(IllegalActionError, match="option reserve_pays_offering"):
        play(other, "place orange v01")
    other = _seat_one_fills_its_board(play(other, "draw"))
    assert other.is_over
    assert other.outcome().winners == {1}  # only seat 1's board is full


def _single_white(**options: Any) -> State:
    """Seat 0 can still gain a token only at v10, where nothing but a white stele may
    stand (v10 touches orange, black and blue); the one white stele outside the other
    reserves and the board is the only stele on the temple tracks. Two rounds left."""
    steles = dict(CORNER)
    away = [v for v in SPARE if v not in ("v30", "v22", "v29")][:11]  # none touches v30
    steles.update(dict.fromkeys(away, "white"))
    return build(
        steles=steles,
        player_tokens={
            0: _full_but_one(False, MILITARY),
            1: [kind(MILITARY), kind(MILITARY, True)],
            2: [kind(MILITARY), kind(MILITARY, True)],
        },
        # the last military token is on v30, which touches no stele
        token_at={"v10": kind(MILITARY), "v30": kind(MILITARY, True)},
        reserves={0: {"orange": 1, "black": 1, "blue": 1}, 1: {"white": 5}, 2: {"white": 4}},
        temples={"white": 1},
        max_rounds=2,
        **options,
    )


def _draws(state: State, turns: int) -> State:
    """`turns` turns of drawing (a reserve above the limit gives steles back)."""
    for _ in range(turns):
        state = play(state, "draw")
        while state.phase == "return":
            state = play(state, str(state.legal_actions()[0]))
    return state


@pytest.mark.rule("way_of_bear:turn.take")
def test_with_take_fewer_the_last_stele_on_the_tracks_is_taken_and_the_score_changes() -> None:
    ours = _single_white()
    assert ours.bag[3] == 0  # no white stele in the bag
    assert texts(ours.legal_actions()) == ["draw"]  # one stele on the tracks: no take
    ours = _draws(ours, 6)  # two rounds: seat 0 never gets a white stele
    assert ours.is_over
    assert ours.outcome().scores == (7, 2, 2)
    other = _single_white(take_fewer=True)
    assert texts(other.legal_actions()) == ["take white", "draw"]
    other = _draws(play(other, "take white"), 2)
    other = play(other, "place white v10", "pay orange", "pay black", "pay blue")
    other = _draws(other, 2)
    assert other.is_over
    assert other.outcome().scores == (8, 2, 2)


def test_the_readings_are_options_the_defaults_keep_ours() -> None:
    options = GAME.options_type()
    assert (options.reserve_pays_offering, options.take_fewer) == (False, False)
    state = GAME.start(3, seed=1, options=GAME.options_type(take_fewer=True))
    assert state.take_fewer
    assert state.view(0).take_fewer
    assert GAME.determinize(state.view(1), 3).take_fewer


@pytest.mark.parametrize(
    "options",
    [{"reserve_pays_offering": True}, {"take_fewer": True}],
    ids=["reserve-pays-offering", "take-fewer"],
)
def test_the_conformance_kit_passes_with_each_reading(options: dict[str, bool]) -> None:
    check_game(GAME, players=[2, 3, 4], seeds=range(2), steps=30, options=Options(**options))

"""The bots' heuristic reads the race to a full board: hand-made positions where the
better seat is plain. Each test is named after the rule of docs/rules/way_of_bear.md it
reads."""

from __future__ import annotations

import attrs

from meeple.way_of_bear.heuristic import FAR_OFFERING
from meeple.way_of_bear.heuristic import heuristic
from meeple.way_of_bear.heuristic import turns_needed
from meeple.way_of_bear.heuristic import villages_by_type
from meeple.way_of_bear.state import Phase
from meeple.way_of_bear.state import State

from .helpers import CORNER
from .helpers import SPARE
from .helpers import build
from .helpers import kind

RELIGION, MILITARY, EDUCATION, COMMERCE = (
    kind(t) for t in ("religion", "military", "education", "commerce")
)
SIX = [RELIGION, RELIGION, MILITARY, MILITARY, EDUCATION, COMMERCE]
"""Six tokens: half of a two-player board."""
FEW = {"black": 2, "blue": 1}
"""A small reserve."""


def _position(player_tokens: dict[int, list[int]], **more: object) -> State:
    """Two players holding these tokens: a white stele stands on each village taken."""
    taken = sum(len(t) for t in player_tokens.values())
    steles = {**CORNER, **dict.fromkeys(SPARE[:taken], "white")}
    return build(2, steles=steles, player_tokens=player_tokens, **more)  # type: ignore[arg-type]  # keyword pass-through


def _two(player_tokens: dict[int, list[int]], **more: object) -> tuple[float, ...]:
    return heuristic(_position(player_tokens, **more))


def test_an_even_start_is_even() -> None:
    assert _two({}, reserves={0: FEW, 1: FEW}) == (0.5, 0.5)


def test_place_token_more_tokens_on_the_board_is_better() -> None:
    ahead, behind = _two(player_tokens={0: SIX, 1: SIX[:3]}, reserves={0: FEW, 1: FEW})
    assert ahead > 0.5 > behind


def test_end_round_a_seat_one_token_from_a_full_board_is_nearly_home() -> None:
    full_but_one = [k for t in (RELIGION, MILITARY, EDUCATION) for k in (t, t, t)] + [
        COMMERCE,
        COMMERCE,
    ]
    ahead, _ = _two(
        player_tokens={0: full_but_one, 1: [EDUCATION, COMMERCE, COMMERCE]},
        reserves={0: {"black": 3, "white": 3}, 1: FEW},
    )
    assert ahead > 0.95


def test_pay_offering_steles_in_reserve_pay_for_the_tokens_to_come() -> None:
    rich, poor = _two(
        player_tokens={0: SIX, 1: SIX},
        reserves={0: {"black": 3, "blue": 3, "white": 2}, 1: {}},
    )
    assert rich > 0.5 > poor


def test_pay_offering_steles_owed_are_spent_already() -> None:
    state = _position({0: SIX, 1: SIX}, reserves={0: {"black": 4}, 1: {"black": 4}})
    paying = attrs.evolve(state, phase=Phase.PAY, owed=(0, 2, 0, 0))
    assert turns_needed(paying, 0) > turns_needed(state, 0)
    assert turns_needed(paying, 1) == turns_needed(state, 1)


def test_victory_seals_break_a_tie_of_the_race() -> None:
    sealed = [kind("religion", sealed=True), *SIX[1:]]
    ahead, behind = _two(player_tokens={0: sealed, 1: SIX}, reserves={0: FEW, 1: FEW})
    assert 0.5 < ahead < 0.6
    assert behind < 0.5


def test_pay_offering_a_reserve_in_the_colours_the_offerings_ask_for_is_worth_more() -> None:
    """The villages the seats' missing tokens lie on touch mostly the white steles that
    stand where the taken tokens were: a white reserve pays their offerings, an orange
    one must fetch white steles first."""
    state = _position({0: SIX, 1: SIX}, reserves={0: {"white": 5}, 1: {"orange": 5}})
    assert turns_needed(state, 0) < turns_needed(state, 1)
    assert heuristic(state)[0] > 0.5


def test_place_rules_the_missing_tokens_come_from_the_cheapest_villages() -> None:
    state = _position({0: SIX, 1: SIX}, reserves={0: FEW, 1: FEW})
    for offerings in villages_by_type(state):
        costs = [FAR_OFFERING if o is None else sum(o) for o in offerings]
        assert costs == sorted(costs)
        assert all(o is None or sum(o) >= 1 for o in offerings)  # a placement touches a stele

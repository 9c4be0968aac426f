"""The bots' heuristic reads the scoring: hand-made positions where the better collection
is plain. Each test is named after the rule of docs/rules/wojtek.md it reads."""

from __future__ import annotations

from meeple.wojtek.heuristic import heuristic
from meeple.wojtek.heuristic import strength
from meeple.wojtek.heuristic import time_left

from .helpers import FLAGS
from .helpers import FOOD
from .helpers import FUN
from .helpers import collection
from .helpers import hand
from .helpers import on_route
from .helpers import owners

HAND = hand("red", "red", "orange", "yellow", "green")


def _two(first: tuple[int, ...], second: tuple[int, ...], **more: object) -> tuple[float, ...]:
    """The heuristic of a two-player position on routes 10 and 12 with these collections."""
    return heuristic(on_route((10, 12), HAND, HAND, collections=[first, second], **more))


def test_scoring_ranking_a_larger_largest_set_is_better() -> None:
    ahead, behind = _two(collection(*FOOD[:3]), collection(*FUN[:2]))
    assert ahead > 0.5 > behind


def test_scoring_ranking_the_second_set_breaks_a_tie_of_the_largest() -> None:
    ahead, behind = _two(collection(*FOOD[:3], *FLAGS[:2]), collection(*FUN[:3], FLAGS[0]))
    assert ahead > 0.5 > behind


def test_scoring_sets_a_copy_of_a_card_starts_another_set() -> None:
    ahead, behind = _two(collection(*FOOD[:3]), collection(FOOD[0], FOOD[0], FOOD[1]))
    assert ahead > 0.5 > behind


def test_scoring_sets_a_pair_of_person_cards_fills_a_missing_card() -> None:
    plain = strength(
        on_route((10, 12), HAND, HAND, collections=[collection(*FOOD[:3]), collection()]), 0
    )
    pair = strength(
        on_route(
            (10, 12),
            HAND,
            HAND,
            collections=[collection(*FOOD[:3], "person", "person"), collection()],
        ),
        0,
    )
    city_and_person = strength(
        on_route(
            (10, 12),
            HAND,
            HAND,
            collections=[collection(*FOOD[:3], "person"), collection()],
            city_owner=owners(1),
        ),
        0,
    )
    assert pair == city_and_person == plain + 1


def test_end_trigger_a_lead_counts_more_when_edinburgh_is_near() -> None:
    lead = [collection(*FOOD[:3]), collection(*FUN[:2])]
    early = heuristic(on_route((2, 4), HAND, HAND, collections=lead))
    late = heuristic(on_route((53, 54), HAND, HAND, collections=lead))
    assert late[0] > early[0] > 0.5
    assert time_left(on_route((53, 54), HAND, HAND)) < time_left(on_route((2, 4), HAND, HAND))


def test_end_trigger_in_the_last_round_a_lead_is_nearly_decisive() -> None:
    lead = [collection(*FOOD[:4]), collection(*FUN[:2])]
    state = on_route(
        (40, 30), HAND, HAND, collections=lead, current=1, ending=True, last_round=(1,)
    )
    assert heuristic(state)[0] > 0.9

"""The bots' heuristic reads the scoring: hand-made positions where the better hike is plain.

Each test is named after the rule of docs/rules/bear_mountain.md it reads.
"""

from __future__ import annotations

import attrs

from meeple.bear_mountain.components import SCORE_BY_SLUG
from meeple.bear_mountain.heuristic import claim_chances
from meeple.bear_mountain.heuristic import heuristic
from meeple.bear_mountain.heuristic import open_bonus
from meeple.bear_mountain.state import Phase

from .helpers import card_with
from .helpers import cards_where
from .helpers import hike_with_elevations
from .helpers import standard

NINE = (
    "most-deer",
    "most-bears",
    "most-foxes",
    "most-skunks",
    "most-rabbits",
    "longest-meadow",
    "longest-conifer",
    "biggest-mountain",
    "deepest-valley",
)
"""A standard two-player game's nine score cards."""
DEER = SCORE_BY_SLUG["most-deer"]
BEARS = SCORE_BY_SLUG["most-bears"]
MEADOW = SCORE_BY_SLUG["longest-meadow"]
MOUNTAIN = SCORE_BY_SLUG["biggest-mountain"]


def _without(animal: str) -> list[int]:
    """Cards without that animal (and no bear), ascending."""
    having = set(cards_where(animal=animal))
    return [c for c in cards_where(bear=False) if c not in having]


def test_standard_turn_the_seat_to_act_picks_first() -> None:
    ahead, behind = heuristic(standard([[], []], score_slugs=NINE))
    assert ahead > 0.5 > behind


def test_standard_turn_the_seat_to_act_is_credited_with_its_best_face_up_card() -> None:
    bears = cards_where(animal="bear")
    others = _without("bear")
    state = standard(
        [[*bears[:2], *others[:7]], [*bears[2:4], *others[7:14]]],
        row=[bears[4], *others[14:17]],
        score_slugs=NINE,
    )
    taken = [
        heuristic(
            attrs.evolve(
                state,
                hikes=((*state.hikes[0], card), state.hikes[1]),
                to_act=frozenset(),
                phase=Phase.OVER,
            )
        )
        for card in state.row
    ]
    assert heuristic(state) == max(taken, key=lambda chances: chances[0])


def test_scoring_award_more_deer_is_likelier_to_claim_most_deer() -> None:
    deer = cards_where(animal="deer")
    state = standard([deer[:2], _without("deer")[:2]], score_slugs=NINE)
    ahead, behind = claim_chances(state, DEER)
    assert ahead > 0.5 > behind


def test_scoring_award_a_lead_counts_more_near_the_end() -> None:
    deer = cards_where(animal="deer")
    others = _without("deer")
    early = standard([[deer[0], others[0]], others[1:3]], score_slugs=NINE)
    late = standard([[deer[0], *others[3:11]], others[11:20]], score_slugs=NINE)
    assert claim_chances(late, DEER)[0] > claim_chances(early, DEER)[0] > 0.5


def test_scoring_award_a_lead_nobody_can_catch_is_as_good_as_won() -> None:
    bears = cards_where(animal="bear")  # five in the deck: three cannot be beaten
    state = standard([bears[:3], _without("bear")[:3]], score_slugs=NINE)
    assert claim_chances(state, BEARS) == [1.0, 0.0]


def test_scoring_award_nothing_seen_by_anyone_goes_to_nobody() -> None:
    others = _without("bear")
    state = standard([others[:10], others[10:20]], score_slugs=NINE, to_act=None)
    assert claim_chances(state, BEARS) == [0.0, 0.0]


def test_scoring_award_the_last_card_decides_only_what_it_can_reach() -> None:
    bears = cards_where(animal="bear")
    others = _without("bear")
    state = standard([[*others[:9], bears[0]], others[10:19]], score_slugs=NINE, to_act=1)
    mine, theirs = claim_chances(state, BEARS)  # seat 1 lays one card more: a bear ties
    assert 0.5 < mine < 1.0
    assert 0.0 < theirs < mine


def test_scoring_award_an_open_meadow_run_can_still_grow() -> None:
    meadow = cards_where(left="meadow", right="meadow")
    closing = card_with(left="meadow", right="conifer")
    assert open_bonus((meadow[0], meadow[1]), MEADOW) > 0.0
    assert open_bonus((meadow[2], closing), MEADOW) == 0.0


def test_scoring_award_a_rising_hike_is_likelier_to_claim_the_mountain() -> None:
    state = standard(
        [hike_with_elevations([2, 2, 1]), hike_with_elevations([-1, -2, -2])], score_slugs=NINE
    )
    up, down = claim_chances(state, MOUNTAIN)
    assert up > 0.8 > 0.2 > down


def test_scoring_winner_leading_on_every_card_is_close_to_a_win() -> None:
    bears = cards_where(animal="bear")
    deer = [c for c in cards_where(animal="deer") if c not in bears]
    foxes = [c for c in cards_where(animal="fox") if c not in bears + deer]
    others = [c for c in _without("deer") if c not in foxes]
    state = standard([[*bears[:3], *deer[:3], *foxes[:3]], others[:9]], score_slugs=NINE)
    assert heuristic(state)[0] > heuristic(standard([[], []], score_slugs=NINE))[0]
    assert heuristic(state)[0] > 0.8

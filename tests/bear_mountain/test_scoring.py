"""Scoring: mountains, valleys, habitat runs, claims and outcomes, then brute force.

The rulebook's own worked examples are in test_rulebook_examples.py.
"""

from __future__ import annotations

from collections.abc import Sequence

import pytest
from hypothesis import given
from hypothesis import strategies as st

from meeple.bear_mountain.components import ANIMALS
from meeple.bear_mountain.components import CARDS
from meeple.bear_mountain.components import ELEVATION
from meeple.bear_mountain.components import HABITATS
from meeple.bear_mountain.components import SCORE_CARDS
from meeple.bear_mountain.options import Options
from meeple.bear_mountain.scoring import award
from meeple.bear_mountain.scoring import biggest_mountain
from meeple.bear_mountain.scoring import deepest_valley
from meeple.bear_mountain.scoring import habitat_runs
from meeple.bear_mountain.scoring import score_hikes
from meeple.bear_mountain.scoring import sights
from meeple.bear_mountain.scoring import solo_total

from .helpers import card_with
from .helpers import cards_where
from .helpers import finished
from .helpers import hike_with_elevations
from .helpers import playout
from .helpers import scores
from .strategies import hikes as random_hikes

# -- elevation ------------------------------------------------------------------


@pytest.mark.rule("bear_mountain:sight.mountain")
def test_mountain_starts_at_the_lowest_point_before_the_highest() -> None:
    # Down 2 first: the mountain counts from that low point (-2) up to +3, so 5,
    # more than the net change of the whole hike (3).
    hike = hike_with_elevations((-2, 2, 2, 1))
    assert biggest_mountain(hike) == 5
    # A drop after the summit does not shrink the mountain.
    assert biggest_mountain(hike_with_elevations((2, 1, -2, -2))) == 3


@pytest.mark.rule("bear_mountain:sight.valley")
def test_valley_counts_the_net_drop_left_to_right() -> None:
    hike = hike_with_elevations((-2, -1, 1, -2, -1))
    assert deepest_valley(hike) == 5
    # Climbing first and dropping later: the valley runs from the high point.
    assert deepest_valley(hike_with_elevations((2, 2, -1, -2))) == 3
    # A mountain read right to left is not a valley.
    assert deepest_valley(hike_with_elevations((1, 1, 2))) == 0


@pytest.mark.rule("bear_mountain:sight.mountain", "bear_mountain:sight.valley")
def test_flat_or_empty_hikes_have_no_mountain_or_valley() -> None:
    assert biggest_mountain(()) == deepest_valley(()) == 0
    flat = hike_with_elevations((0, 0, 0))
    assert biggest_mountain(flat) == deepest_valley(flat) == 0


# -- habitats ---------------------------------------------------------------------


@pytest.mark.rule("bear_mountain:sight.habitats")
def test_unmatched_edges_break_a_habitat_run() -> None:
    a = card_with(left="conifer", right="meadow")
    b = card_with(left="hardwood", right="meadow")
    c = card_with(left="meadow", right="meadow")
    # conifer|meadow  hardwood|meadow  meadow|meadow: meadows of 1 and then 3.
    assert habitat_runs((a, b, c))[HABITATS.index("meadow")] == 3
    assert habitat_runs((a, c))[HABITATS.index("meadow")] == 3


# -- claims, outcomes, solo totals -----------------------------------------------


@pytest.mark.rule("bear_mountain:scoring.award")
def test_a_card_nobody_has_a_sight_of_goes_to_nobody() -> None:
    no_bear = tuple(cards_where(bear=False)[:3])
    points, shared, _ = score_hikes((no_bear, ()), scores("most-bears"))
    assert points == (0, 0)
    assert shared == (0, 0)
    assert award([0, 0, 0]) == frozenset()


@pytest.mark.rule("bear_mountain:scoring.award")
def test_shared_cards_count_as_points() -> None:
    deer = cards_where(animal="deer")
    foxes = cards_where(animal="fox")
    state = finished([[deer[0]], [deer[1], foxes[0]]], ["most-deer", "most-foxes"])
    outcome = state.outcome()
    assert outcome.scores == (1, 2)  # most-deer is shared, most-foxes is p1's alone
    assert outcome.detail(0)["shared"] == outcome.detail(1)["shared"] == 1
    assert outcome.winners == {1}


@pytest.mark.rule("bear_mountain:scoring.winner")
def test_a_full_tie_is_a_shared_win_without_the_tiebreaker() -> None:
    deer = cards_where(animal="deer")
    foxes = cards_where(animal="fox")
    state = finished([deer[:2], [deer[2], foxes[0]]], ["most-deer", "most-foxes"])
    outcome = state.outcome()
    assert outcome.scores == (1, 1)
    assert outcome.winners == {0, 1}
    assert outcome.ranks == (1, 1)


@pytest.mark.rule("bear_mountain:solo.scoring")
def test_solo_cards_count_only_on_their_own_hike() -> None:
    deer = cards_where(animal="deer")
    hikes = ((deer[0], deer[1]), (deer[2],))
    assert solo_total(hikes, (scores("most-deer"), ())) == 2
    assert solo_total(hikes, ((), scores("most-deer"))) == 1


# -- brute-force references ---------------------------------------------------


def _heights(hike: Sequence[int]) -> list[int]:
    out = [0]
    for c in hike:
        out.append(out[-1] + ELEVATION[c])
    return out


def brute_mountain(hike: Sequence[int]) -> int:
    h = _heights(hike)
    return max(h[j] - h[i] for i in range(len(h)) for j in range(i, len(h)))


def brute_valley(hike: Sequence[int]) -> int:
    h = _heights(hike)
    return max(h[i] - h[j] for i in range(len(h)) for j in range(i, len(h)))


def brute_runs(hike: Sequence[int]) -> tuple[int, int, int]:
    halves = [h for c in hike for h in (CARDS[c - 1].left, CARDS[c - 1].right)]
    best = [0, 0, 0]
    for i in range(len(halves)):
        for j in range(i, len(halves)):
            segment = halves[i : j + 1]
            if len(set(segment)) == 1:
                best[segment[0]] = max(best[segment[0]], len(segment))
    return best[0], best[1], best[2]


def brute_sight(hike: Sequence[int], score_id: int) -> int:
    card = SCORE_CARDS[score_id - 1]
    if card.kind == "animals":
        return sum(1 for c in hike for a in CARDS[c - 1].animals if ANIMALS[a] in card.counts)
    if card.kind == "habitat":
        return brute_runs(hike)[HABITATS.index(card.counts[0])]
    return brute_mountain(hike) if card.counts == ("up",) else brute_valley(hike)


@pytest.mark.rule("bear_mountain:sight.mountain", "bear_mountain:sight.valley")
@given(random_hikes)
def test_mountain_and_valley_match_brute_force(hike: list[int]) -> None:
    assert biggest_mountain(hike) == brute_mountain(hike)
    assert deepest_valley(hike) == brute_valley(hike)


@pytest.mark.rule("bear_mountain:sight.habitats")
@given(random_hikes)
def test_habitat_runs_match_brute_force(hike: list[int]) -> None:
    assert habitat_runs(hike) == brute_runs(hike)


@pytest.mark.rule(
    "bear_mountain:sight.animals",
    "bear_mountain:sight.habitats",
    "bear_mountain:sight.mountain",
    "bear_mountain:sight.valley",
)
@given(random_hikes)
def test_every_sight_matches_brute_force(hike: list[int]) -> None:
    assert sights(hike) == tuple(brute_sight(hike, s.id) for s in SCORE_CARDS)


@pytest.mark.rule("bear_mountain:scoring.award")
@given(
    st.lists(random_hikes, min_size=2, max_size=4),
    st.sets(st.sampled_from([s.id for s in SCORE_CARDS]), min_size=1),
)
def test_score_hikes_matches_brute_force(hikes: list[list[int]], chosen: set[int]) -> None:
    cards = tuple(sorted(chosen))
    points, shared, claimed = score_hikes(hikes, cards)
    for p in range(len(hikes)):
        expected_points = 0
        expected_shared = 0
        for sid in cards:
            values = [brute_sight(h, sid) for h in hikes]
            best = max(values)
            if best > 0 and values[p] == best:
                expected_points += 1
                expected_shared += values.count(best) > 1
        assert points[p] == expected_points == len(claimed[p])
        assert shared[p] == expected_shared


@pytest.mark.rule("bear_mountain:solo.scoring", "bear_mountain:scoring.award")
@pytest.mark.parametrize(
    ("players", "options"),
    [(1, Options(mode="solo")), (3, Options()), (4, Options(mode="draft", tiebreaker=True))],
)
def test_an_outcome_says_what_brute_force_counts(players: int, options: Options) -> None:
    """The outcome works each hike's sights out once (not once a score card): its
    scores and breakdown are still what brute force counts, at every step of seeded
    games (provisional outcomes included)."""
    for seed in range(3):
        final, states = playout(players, seed, options)
        for state in [*states[::5], final]:
            outcome = state.outcome()
            if players == 1:
                per_hike = tuple(
                    tuple((SCORE_CARDS[sid - 1].slug, brute_sight(h, sid)) for sid in cards)
                    for h, cards in zip(state.hikes, state.assigned, strict=True)
                )
                total = sum(value for hike in per_hike for _, value in hike)
                assert outcome.scores == (total,) == (solo_total(state.hikes, state.assigned),)
                assert outcome.detail(0)["hikes"] == per_hike
                continue
            points, shared, claimed = score_hikes(state.hikes, state.score_cards)
            assert outcome.scores == points
            for p in range(players):
                detail = outcome.detail(p)
                assert (detail["points"], detail["shared"]) == (points[p], shared[p])
                assert detail["cards"] == tuple(SCORE_CARDS[i - 1].slug for i in claimed[p])
                assert detail["sights"] == tuple(
                    (SCORE_CARDS[i - 1].slug, brute_sight(state.hikes[p], i))
                    for i in state.score_cards
                )

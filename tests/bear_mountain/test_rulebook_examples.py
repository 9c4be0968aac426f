"""The rulebook's worked examples and the numbers it states, one test each.

Each test names the rulebook section it checks (rulebooks/bear_mountain.txt); the
wording of the docstrings is ours.
"""

from __future__ import annotations

import pytest

from meeple.bear_mountain import GAME
from meeple.bear_mountain import Options
from meeple.bear_mountain.components import ANIMAL_SET
from meeple.bear_mountain.components import ANIMALS
from meeple.bear_mountain.components import CARDS
from meeple.bear_mountain.components import HAB_SET
from meeple.bear_mountain.components import HABITATS
from meeple.bear_mountain.components import SCORE_CARDS
from meeple.bear_mountain.components import SCORE_IDS
from meeple.bear_mountain.scoring import biggest_mountain
from meeple.bear_mountain.scoring import habitat_runs
from meeple.bear_mountain.scoring import score_hikes
from meeple.bear_mountain.scoring import sights
from meeple.bear_mountain.scoring import solo_rating
from meeple.bear_mountain.state import Phase
from meeple.bear_mountain.state import State
from meeple.core import InvalidOptionsError

from .helpers import card_with
from .helpers import cards_where
from .helpers import finished
from .helpers import hike_with_elevations
from .helpers import pick_lowest
from .helpers import playout
from .helpers import scores


@pytest.mark.rule("bear_mountain:sight.mountain")
def test_rulebook_mountain_is_net_five_not_gross_six() -> None:
    """Rulebook, "Elevation Change Scoring": the sample hike (+2 +1 -1 +2 +1) makes a
    mountain of 5, its net rise, although its up arrows alone add to 6."""
    # The example hike climbs 2 + 1 - 1 + 2 + 1: net rise 5, gross climb 6.
    changes = (2, 1, -1, 2, 1)
    hike = hike_with_elevations(changes)
    assert biggest_mountain(hike) == 5
    assert sum(c for c in changes if c > 0) == 6  # the gross climb the rulebook warns about


@pytest.mark.rule("bear_mountain:sight.habitats")
def test_each_card_counts_as_two_habitat_halves() -> None:
    """Rulebook, "Types of Cards & Scoring", habitat cards: every card is counted as two
    habitat halves, left and right, even when both halves are the same habitat."""
    both_meadow = cards_where(left="meadow", right="meadow")
    one = (both_meadow[0],)
    assert habitat_runs(one)[HABITATS.index("meadow")] == 2
    # meadow|meadow then meadow|conifer: the meadow runs 3 halves long.
    hike = (both_meadow[0], card_with(left="meadow", right="conifer"))
    runs = habitat_runs(hike)
    assert runs[HABITATS.index("meadow")] == 3
    assert runs[HABITATS.index("conifer")] == 1


@pytest.mark.rule("bear_mountain:sight.animals")
def test_small_mammals_count_squirrels_and_rabbits_together() -> None:
    """Rulebook, "Types of Cards & Scoring", animal cards: a group card adds up its members,
    so the small-mammal card counts squirrels and rabbits together."""
    squirrel = card_with(animal="squirrel", bear=False)
    rabbit = card_with(animal="rabbit", exclude=[squirrel])
    seen = sights((squirrel, rabbit))
    by_slug = {s.slug: seen[s.id - 1] for s in SCORE_CARDS}
    expected = sum(
        1
        for c in (squirrel, rabbit)
        for a in CARDS[c - 1].animals
        if ANIMALS[a] in ("squirrel", "rabbit")
    )
    assert by_slug["most-small-mammals"] == expected == 2
    assert by_slug["most-squirrels"] + by_slug["most-rabbits"] == expected


@pytest.mark.rule("bear_mountain:scoring.award")
def test_tied_players_share_a_card_and_each_get_a_point() -> None:
    """Rulebook, "Types of Cards & Scoring", the tally: players level on the most sights
    all claim the score card and each scores 1 point for it."""
    deer = cards_where(animal="deer")
    hikes = ((deer[0],), (deer[1],), ())
    points, shared, claimed = score_hikes(hikes, scores("most-deer"))
    assert points == (1, 1, 0)
    assert shared == (1, 1, 0)
    assert claimed[0] == claimed[1] == scores("most-deer")


@pytest.mark.rule("bear_mountain:scoring.winner")
def test_fewest_shared_cards_breaks_a_points_tie() -> None:
    """Rulebook, "Types of Cards & Scoring", the winner: between equal totals, the player
    holding fewer shared score cards comes first."""
    deer = cards_where(animal="deer")
    skunks = cards_where(animal="skunk")
    foxes = cards_where(animal="fox")
    hikes = [
        [deer[0], skunks[0], skunks[1]],  # shares deer, holds skunks alone: 2 points, 1 shared
        [deer[1], foxes[0]],  # shares deer and foxes: 2 points, 2 shared
        [foxes[1]],  # shares foxes: 1 point
    ]
    outcome = finished(hikes, ["most-deer", "most-skunks", "most-foxes"]).outcome()
    assert outcome.scores == (2, 2, 1)
    assert outcome.winners == {0}
    assert outcome.ranks == (1, 2, 3)


@pytest.mark.rule("bear_mountain:standard.score-cards")
@pytest.mark.parametrize(("players", "count"), [(2, 9), (3, 11), (4, 11)])
def test_nine_score_cards_for_two_players_eleven_for_three_or_four(
    players: int, count: int
) -> None:
    """Rulebook, "Setup": the number of score cards laid out depends on the table size,
    9 for a pair of players and 11 for three or four, whichever cards are chosen."""
    for seed in range(20):
        for options in (Options(), Options(animals_only=True)):
            chosen = GAME.start(players, seed=seed, options=options).score_cards
            assert len(chosen) == len(set(chosen)) == count
            assert set(chosen) <= set(SCORE_IDS)
    # Cards chosen by name: exactly that many are accepted, the other count is refused.
    slugs = tuple(s.slug for s in SCORE_CARDS)
    named = GAME.start(players, seed=0, options=Options(score_cards=slugs[:count]))
    assert len(named.score_cards) == count
    other = 11 if count == 9 else 9
    with pytest.raises(InvalidOptionsError, match=f"uses {count} score cards"):
        GAME.start(players, seed=0, options=Options(score_cards=slugs[:other]))


@pytest.mark.rule("bear_mountain:draft.pick", "bear_mountain:draft.last")
def test_drafting_selects_four_then_three_then_three() -> None:
    """Rulebook, "'Big Kid' Card Drafting Rules": from a hidden hand of 10, a player first
    selects 4 cards (lays 3, holds 1 back), then 3 more twice (each time with the held
    card making 4 again); the hike grows to 3, 6 and then all 10 cards."""
    state = GAME.start(3, seed=7, options=Options(mode="draft"))
    assert [len(h) for h in state.hands] == [10, 10, 10]
    selected: list[int] = []
    held_at_start: list[set[int]] = []
    hands_left: list[set[int]] = []
    held_after: list[set[int]] = []
    hike_lengths: list[set[int]] = []
    for round_ in range(3):
        assert state.phase == Phase.PICK
        assert state.round == round_
        held_at_start.append({len(p) for p in state.picks})
        picks = 0
        while state.phase == Phase.PICK:
            state = pick_lowest(state)
            picks += 1
        selected.append(picks)
        assert [len(p) for p in state.picks] == [4, 4, 4]  # four face down every round
        hands_left.append({len(h) for h in state.hands})
        while state.phase == Phase.PLACE:
            p = min(state.to_act)
            state = state.apply(state.legal_actions(p)[0], p)
        held_after.append({len(p) for p in state.picks})
        hike_lengths.append({len(h) for h in state.hikes})
    assert selected == [4, 3, 3]
    assert held_at_start == [{0}, {1}, {1}]
    assert hands_left == [{6}, {3}, {0}]  # no card stays unselected
    assert held_after == [{1}, {1}, {0}]
    assert hike_lengths == [{3}, {6}, {10}]
    assert state.is_over


@pytest.mark.rule("bear_mountain:solo.scoring")
def test_solo_ratings_follow_the_rulebook_bands() -> None:
    """Rulebook, "Solo scoring: What kind of animal are you?": five named bands, with
    borders at 25, 35, 45 and 55 points."""
    assert solo_rating(0) == solo_rating(24) == "Nervous Squirrel!"
    assert solo_rating(25) == solo_rating(34) == "Cautious Rabbit!"
    assert solo_rating(35) == solo_rating(44) == "Industrious Skunk!"
    assert solo_rating(45) == solo_rating(54) == "Clever Fox!"
    assert solo_rating(55) == solo_rating(90) == "Big Ol' Bear!"


def _assignments_from(state: State, hike: int) -> set[frozenset[int]]:
    """Every set of score cards `hike` can end up with, over all legal assignment sequences."""
    if state.phase != Phase.ASSIGN:
        return {frozenset(state.assigned[hike])}
    out: set[frozenset[int]] = set()
    for action in state.legal_actions():
        out |= _assignments_from(state.apply(action), hike)
    return out


@pytest.mark.rule("bear_mountain:solo.assign")
def test_each_solo_hike_gets_one_habitat_or_elevation_card_and_one_or_two_animal_cards() -> None:
    """Rulebook, "'Big Kid' Solo Rules", assigning score cards: a hike closed by a bear card
    takes exactly one habitat-or-elevation card (five hikes, five such cards) and at least
    one but at most two animal cards."""
    _, states = playout(1, 3, Options(mode="solo"))
    first = next(s for s in states if s.phase == Phase.ASSIGN)
    assert not any(first.assigned)
    outcomes = _assignments_from(first, first.active)
    for cards in outcomes:
        assert len(cards & HAB_SET) == 1
        assert 1 <= len(cards & ANIMAL_SET) <= 2
    # All of them are allowed: 5 habitat/elevation cards times (8 singles + 28 pairs of
    # the 8 solo animal cards).
    assert len(outcomes) == 5 * (8 + 28)
    for seed in range(6):
        final, _ = playout(1, seed, Options(mode="solo"))
        assert final.is_over
        for given in final.assigned:
            assert len(set(given) & HAB_SET) == 1
            assert 1 <= len(set(given) & ANIMAL_SET) <= 2

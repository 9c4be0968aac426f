"""Rules of docs/rules/bear_mountain.md that no other test checked on its own
(issue 15, item 7): card order in the standard game, the step bound, and a
sudden-death round decided by shared cards alone."""

from __future__ import annotations

import pytest

from meeple.bear_mountain import GAME
from meeple.bear_mountain import Options
from meeple.bear_mountain.components import CARDS
from meeple.bear_mountain.components import RIGHT
from meeple.bear_mountain.scoring import score_hikes
from meeple.bear_mountain.state import Phase
from meeple.testing import random_playout

from .helpers import ONE_ANIMAL_CARDS
from .helpers import card_with
from .helpers import play
from .helpers import standard


@pytest.mark.rule("bear_mountain:standard.card-order", "bear_mountain:standard.turn")
def test_a_standard_card_joins_the_right_end_whether_or_not_the_edges_match() -> None:
    first = card_with(left="meadow", right="meadow")
    clash = card_with(left="conifer", right="hardwood")
    fits = card_with(left="meadow", right="conifer", exclude=[first])
    others = [c for c in range(1, 46) if c not in (first, clash, fits)][:2]
    state = standard(
        [[first], []], row=[clash, fits, *others], score_slugs=ONE_ANIMAL_CARDS, to_act=1
    )
    state = play(state, "take 2")  # seat 1 starts its hike: seat 0 is to act again
    assert RIGHT[first] != CARDS[clash - 1].left
    assert len(state.legal_actions()) == 4  # every face-up card may be taken
    slot = state.row.index(clash) + 1
    after = play(state, f"take {slot}")
    assert after.hikes[0] == (first, clash)  # added on the right, edges unmatched


@pytest.mark.rule("bear_mountain:game.step-bound")
@pytest.mark.parametrize(
    ("players", "options"),
    [
        (1, Options(mode="solo")),
        (1, Options(mode="solo", solo_either_end=True)),
        (2, Options(tiebreaker=True)),
        (4, Options(mode="draft", tiebreaker=True, score_card_count=1)),
    ],
)
def test_every_game_ends_within_the_step_bound(players: int, options: Options) -> None:
    bound = GAME.spec.max_steps(players)
    assert bound == (138 if players == 1 else 20 * players + 45)
    for seed in range(3):
        final, moves, _ = random_playout(GAME, players, seed, options)
        assert final.is_over
        assert len(moves) <= bound


# Three hikes found by a seeded search: seats 0 and 1 lead on 5 points and 2 shared
# cards each, seat 2 has 5 points but 3 shared cards.
SUDDEN_HIKES = (
    (20, 7, 8, 36, 3, 27, 5, 35, 22, 44),
    (17, 45, 19, 33, 42, 29, 34, 16, 26, 28),
    (18, 10, 25, 14, 13, 31, 38, 30, 1, 4),
)
SUDDEN_SLUGS = (
    "biggest-mountain",
    "longest-conifer",
    "longest-meadow",
    "most-birds",
    "most-bluebirds",
    "most-cardinals",
    "most-deer",
    "most-foxes",
    "most-large-mammals",
    "most-skunks",
    "most-squirrels",
)


@pytest.mark.rule("bear_mountain:tiebreaker.end", "bear_mountain:tiebreaker.sudden-death")
def test_a_sudden_death_round_ends_when_one_player_leads_on_shared_cards_alone() -> None:
    state = standard(
        [list(h) for h in SUDDEN_HIKES],
        row=[24, 37, 12, 6],
        deck=[9, 21, 43, 39, 23, 41, 2, 11, 15, 32, 40],
        score_slugs=SUDDEN_SLUGS,
        to_act=0,
        phase=Phase.SUDDEN,
        options=Options(score_cards=SUDDEN_SLUGS, tiebreaker=True),
        pending={0, 1},
    )
    before = score_hikes(state.hikes, state.score_cards)
    assert before[:2] == ((5, 5, 5), (2, 2, 3))
    end = play(state, "take 2", "take 2")
    points, shared, _ = score_hikes(end.hikes, end.score_cards)
    assert points[:2] == (6, 6)  # level on points ...
    assert shared[:2] == (3, 2)  # ... but seat 1 shares one card fewer
    assert end.is_over  # so the sudden death is over: no further round
    assert end.outcome().winners == frozenset({1})

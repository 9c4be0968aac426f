"""Rules of docs/rules/bear_mountain.md that no other test checked on its own
(issue 15, item 7): card order in the standard game and the step bound."""

from __future__ import annotations

import pytest

from meeple.bear_mountain import GAME, Options
from meeple.bear_mountain.components import CARDS, RIGHT
from meeple.testing import random_playout

from .helpers import card_with, play, standard

NINE = (
    "most-deer",
    "most-foxes",
    "most-skunks",
    "most-rabbits",
    "most-squirrels",
    "most-bluebirds",
    "most-cardinals",
    "most-goldfinches",
    "most-bears",
)


@pytest.mark.rule("bear_mountain:standard.card-order", "bear_mountain:standard.turn")
def test_a_standard_card_joins_the_right_end_whether_or_not_the_edges_match() -> None:
    first = card_with(left="meadow", right="meadow")
    clash = card_with(left="conifer", right="hardwood")
    fits = card_with(left="meadow", right="conifer", exclude=[first])
    others = [c for c in range(1, 46) if c not in (first, clash, fits)][:2]
    state = standard([[first], []], row=[clash, fits, *others], score_slugs=NINE, to_act=1)
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

"""The statistics capability: how a finished game was decided, and which score cards decided it."""

from __future__ import annotations

from meeple.bear_mountain import GAME
from meeple.bear_mountain import Options
from meeple.bear_mountain.components import SCORE_CARDS
from meeple.core import ENDED_BY
from meeple.core import STALLED
from meeple.core import replace

from ..shared import finished


def test_a_standard_game_ends_with_complete_hikes_and_never_stalls() -> None:
    for seed in range(6):
        stats = GAME.statistics(finished(GAME, 3, seed))
        assert stats[ENDED_BY] == "hikes complete"
        assert stats[STALLED] is False
        assert stats["decided by"] in ("most points", "fewest shared cards", "shared win")


def test_decided_by_follows_the_rulebooks_order() -> None:
    seen = set()
    for seed in range(40):
        state = finished(GAME, 2, seed)
        stats = GAME.statistics(state)
        outcome = state.outcome()
        details = [outcome.detail(p) for p in range(2)]
        points = [d["points"] for d in details]
        if len(outcome.winners) > 1:
            expected = "shared win"
        elif points.count(max(points)) == 1:
            expected = "most points"
        else:
            expected = "fewest shared cards"
        assert stats["decided by"] == expected, seed
        seen.add(expected)
    assert seen >= {"most points", "shared win"}


def test_a_card_decides_when_scoring_without_it_changes_the_winners() -> None:
    decisive = 0
    for seed in range(10):
        state = finished(GAME, 3, seed)
        stats = GAME.statistics(state)
        winners = state.outcome().winners
        in_play = {SCORE_CARDS[sid - 1].slug: sid for sid in state.score_cards}
        keys = {k for k in stats if k.startswith("card decides: ")}
        assert keys == {f"card decides: {slug}" for slug in in_play}
        for slug, sid in in_play.items():
            rest = tuple(s for s in state.score_cards if s != sid)
            without = replace(state, score_cards=rest).outcome().winners
            assert stats[f"card decides: {slug}"] is (without != winners), (seed, slug)
            decisive += without != winners
    assert decisive > 0


def test_card_counts_add_up() -> None:
    state = finished(GAME, 4, 3)
    stats = GAME.statistics(state)
    claimed = [state.outcome().detail(p)["cards"] for p in range(4)]
    takers = {slug: sum(slug in c for c in claimed) for slug in {s for c in claimed for s in c}}
    assert stats["shared cards"] == sum(1 for n in takers.values() if n > 1)
    assert stats["unclaimed cards"] == len(state.score_cards) - len(takers)
    assert stats["winner points"] == max(state.outcome().scores)


def test_sudden_death_is_reported() -> None:
    endings = set()
    for seed in range(60):
        state = finished(GAME, 2, seed, Options(tiebreaker=True))
        stats = GAME.statistics(state)
        longest = max(len(h) for h in state.hikes)
        assert (stats[ENDED_BY] in ("sudden death", "out of cards")) == (longest > 10), seed
        assert (stats[ENDED_BY] == "out of cards") == (len(state.outcome().winners) > 1), seed
        endings.add(stats[ENDED_BY])
    assert "sudden death" in endings


def test_a_solo_game_reports_its_rating() -> None:
    state = finished(GAME, 1, 2)
    stats = GAME.statistics(state)
    assert stats[ENDED_BY] == "five hikes closed"
    assert stats[STALLED] is False
    assert stats["rating"] == state.outcome().detail(0)["rating"]
    assert not any(k.startswith("card decides") for k in stats)

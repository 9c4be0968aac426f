"""The landscape and score cards match every total the rulebook prints."""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest

from meeple.bear_mountain.components import ANIMALS
from meeple.bear_mountain.components import BEAR_CARDS
from meeple.bear_mountain.components import CARDS
from meeple.bear_mountain.components import HABITATS
from meeple.bear_mountain.components import SCORE_CARDS
from meeple.bear_mountain.components import SOLO_SCORES
from meeple.bear_mountain.components import load_landscape_cards
from meeple.bear_mountain.components import load_score_cards

from ..shared import broken_data
from ..shared import shipped_data


@pytest.mark.rule("bear_mountain:components.landscape", "bear_mountain:data.landscape")
def test_deck_matches_every_printed_total() -> None:
    assert len(CARDS) == 45
    animals = Counter(ANIMALS[a] for c in CARDS for a in c.animals)
    assert animals == {
        "bluebird": 13,
        "cardinal": 13,
        "goldfinch": 13,
        "squirrel": 11,
        "rabbit": 11,
        "skunk": 9,
        "fox": 9,
        "deer": 7,
        "bear": 5,
    }
    halves = Counter(HABITATS[h] for c in CARDS for h in (c.left, c.right))
    assert halves == {"conifer": 30, "hardwood": 30, "meadow": 30}
    elevation = Counter(c.elevation for c in CARDS)
    assert elevation == {2: 6, 1: 12, 0: 8, -1: 14, -2: 5}


@pytest.mark.rule("bear_mountain:components.landscape")
def test_five_bear_cards_with_one_bear_each() -> None:
    assert len(BEAR_CARDS) == 5
    bear = ANIMALS.index("bear")
    assert all(CARDS[c - 1].animals.count(bear) == 1 for c in BEAR_CARDS)


@pytest.mark.rule("bear_mountain:data.score-cards")
def test_ids_are_stable_and_one_based() -> None:
    assert [c.id for c in CARDS] == list(range(1, 46))
    assert [s.id for s in SCORE_CARDS] == list(range(1, 19))


GROUPS = {
    "most-birds": {"bluebird", "cardinal", "goldfinch"},
    "most-small-mammals": {"squirrel", "rabbit"},
    "most-medium-mammals": {"skunk", "fox"},
    "most-large-mammals": {"deer", "bear"},
}
"""The score cards that count a group of animals, each with its members."""


@pytest.mark.rule("bear_mountain:components.score-cards", "bear_mountain:solo.score-cards")
def test_eighteen_score_cards_and_thirteen_in_solo() -> None:
    slugs = [s.slug for s in SCORE_CARDS]
    assert len(slugs) == 18
    assert len(SOLO_SCORES) == 13
    set_aside = {s.slug for s in SCORE_CARDS if s.id not in SOLO_SCORES}
    assert set_aside == {*GROUPS, "most-bears"}  # the four group cards and the bears


@pytest.mark.rule("bear_mountain:components.score-cards", "bear_mountain:sight.animals")
def test_groups_count_their_members() -> None:
    groups = {s.slug: set(s.counts) for s in SCORE_CARDS}
    assert {slug: groups[slug] for slug in GROUPS} == GROUPS


@pytest.mark.rule("bear_mountain:data.landscape")
@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda d: d["cards"][0].update(elevation=3), "elevation"),
        (lambda d: d["cards"][0]["animals"].append("deer"), "animal totals"),
        (lambda d: d["cards"][1].update(left="conifer"), "habitat halves"),
        (lambda d: d["cards"].pop(), "44 cards"),
        (lambda d: d["cards"][2].update(id=7), "ids must run"),
        (lambda d: d["cards"][3]["animals"].append("moose"), "unknown animal"),
        (lambda d: d.pop("_source"), "_source"),
    ],
)
def test_landscape_data_is_checked_when_loaded(change: Any, message: str) -> None:
    data = broken_data("bear_mountain", "landscape_cards.json", change)
    with pytest.raises(ValueError, match=message):
        load_landscape_cards(data)


@pytest.mark.rule("bear_mountain:data.score-cards")
def test_score_data_is_checked_when_loaded() -> None:
    data = shipped_data("bear_mountain", "score_cards.json")
    data["cards"][0]["solo"] = True
    with pytest.raises(ValueError, match="solo flag"):
        load_score_cards(data)
    data = shipped_data("bear_mountain", "score_cards.json")
    data["cards"][15]["counts"] = ["swamp"]
    with pytest.raises(ValueError, match="counts"):
        load_score_cards(data)

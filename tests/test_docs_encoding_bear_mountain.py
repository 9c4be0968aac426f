"""Bear Went Over the Mountain's rules page, its encoding section read and held to the code.

The tests every page gets (`tests.doc_encoding.shared_tests`): its observation tables
(the header, the 2-4 player part and the solo part) list ``layout(players)``, and its
vocabulary tables (one for 2-4 players, one for solo) cover the vocabulary in order.
Then its own: the hike block's table is the code's; the index column gives every
action's index; the card features table rebuilds each card's features; the scales
tables give the number each count is divided by, the encoder divides by exactly those,
and each sights bound is the whole deck's total; the solo table's value scale is the sum
of the solo cards' bounds, and the encoder writes each hike's value and the total of
seeded solo games over it.
"""

from __future__ import annotations

import re
from collections import Counter
from itertools import accumulate
from typing import Any

import attrs
import pytest

import meeple
from meeple.bear_mountain.components import ANIMALS
from meeple.bear_mountain.components import CARD_IDS
from meeple.bear_mountain.components import CARDS
from meeple.bear_mountain.components import HABITATS
from meeple.bear_mountain.components import SCORE_CARDS
from meeple.bear_mountain.components import SOLO_SCORES
from meeple.bear_mountain.encoding import CARD_FEATURE_SIZE
from meeple.bear_mountain.encoding import CARD_FEATURES
from meeple.bear_mountain.encoding import HIKE_BLOCK
from meeple.bear_mountain.encoding import HIKE_BLOCK_SIZE
from meeple.bear_mountain.encoding import encode_view as bear_encode
from meeple.bear_mountain.scoring import sights as scoring_sights
from meeple.bear_mountain.view import View as BearView
from meeple.testing import random_playout

from .doc_encoding import HEADER
from .doc_encoding import backticked
from .doc_encoding import layout_of
from .doc_encoding import letters
from .doc_encoding import meaning_of
from .doc_encoding import names_listed
from .doc_encoding import pieces
from .doc_encoding import rules_page
from .doc_encoding import runs
from .doc_encoding import shared_tests
from .doc_encoding import value
from .doc_encoding import vocabulary_of
from .shared import doc_table
from .shared import says

GAME = "bear_mountain"

(
    test_the_page_lists_the_parts_of_the_layout,
    test_the_starts_the_page_gives_are_the_layouts,
    test_the_vocabulary_table_covers_the_vocabulary_in_order,
) = shared_tests(GAME)


def test_the_bear_mountain_hike_block_is_the_codes() -> None:
    page = rules_page("bear_mountain")
    rows = doc_table(page, HEADER, after="**Hike block**")
    assert [(backticked(row[0]), value(row[1], {})) for row in rows] == list(HIKE_BLOCK)
    assert int(says(page, r"\*\*Hike block\*\* \((\d+), one per hike")[1]) == HIKE_BLOCK_SIZE


# -- the index formulas ----------------------------------------------------------------


SOLO_ORDER: tuple[str, ...] = tuple(s.slug for s in SCORE_CARDS if s.id in SOLO_SCORES)
"""The solo score cards in id order: the j-th is j = 1 .. 13 of the page's formulas."""


def _bear_letters(action: str) -> dict[str, int]:
    """The letters of Bear Went Over the Mountain's index column for one action, read
    from its notation: slot (``take 3``), card (``c07``), hike (``hike3``), j (the solo
    score card's place in id order, from 1) and right (1 for a right end)."""
    found = {"right": int(action.endswith(" right"))}
    for word in action.split()[1:]:
        if word.isdigit():
            found["slot"] = int(word)
        elif card := re.fullmatch(r"c(\d+)", word):
            found["card"] = int(card[1])
        elif hike := re.fullmatch(r"hike(\d+)", word):
            found["hike"] = int(hike[1])
        elif word in SOLO_ORDER:
            found["j"] = SOLO_ORDER.index(word) + 1
    return found


@pytest.mark.parametrize("players", meeple.get_game("bear_mountain").spec.player_counts())
def test_the_bear_mountain_index_column_gives_every_actions_index(players: int) -> None:
    vocabulary = vocabulary_of("bear_mountain", players)
    for run in runs("bear_mountain", players):
        formula = run.cells[2]
        for index in range(run.first, run.first + run.count):
            action = vocabulary[index]
            assert value(formula, _bear_letters(action)) == index, (action, formula)
        # the solo score cards the row numbers by name: `most-bluebirds` is j = 1
        for slug, j in re.findall(r"`([a-z-]+)` is j = (\d+)", run.actions):
            assert _bear_letters(f"assign {slug}")["j"] == int(j), run.actions


# -- the pieces of a block -------------------------------------------------------------


def test_the_bear_mountain_card_features_are_the_pages() -> None:
    rows = pieces("bear_mountain", "**Card features**")
    page = rules_page("bear_mountain")
    said = int(says(page, r"\*\*Card features\*\* \((\d+) numbers for one card")[1])
    assert said == sum(value(row[1], {}) for row in rows) == CARD_FEATURE_SIZE
    habitats = names_listed(rows[0][3])
    lowest, highest = re.findall(r"[-+]?\d+", rows[3][3])
    assert {card.elevation for card in CARDS} == set(range(int(lowest), int(highest) + 1))
    for card in CARD_IDS:
        data = CARDS[card - 1]
        shown = {
            "left_habitat": [int(HABITATS[data.left] == h) for h in habitats],
            "right_habitat": [int(HABITATS[data.right] == h) for h in habitats],
            "animals": [
                [ANIMALS[a] for a in data.animals].count(kind) for kind in names_listed(rows[2][3])
            ],
            "elevation": [data.elevation],
        }
        features: list[float] = []
        for piece, size, divisor, _ in rows:
            numbers = shown[backticked(piece)]
            assert len(numbers) == value(size, {}), piece
            features += [number / value(divisor, {}) for number in numbers]
        assert features == pytest.approx(CARD_FEATURES[card]), f"c{card:02}"


# -- the scales ------------------------------------------------------------------------


def _bear_scales(header: str, after: str) -> dict[str, int]:
    """Each name a Bear Went Over the Mountain scales table gives in its first cell, in
    backticks, with the number its count is divided by."""
    rows = doc_table(rules_page("bear_mountain"), header, after=after)
    return {name: value(row[1], {}) for row in rows for name in re.findall(r"`([^`]+)`", row[0])}


def _deck_total(slug: str) -> int:
    """What the whole deck shows of what score card `slug` counts, from the card data."""
    (card,) = (s for s in SCORE_CARDS if s.slug == slug)
    if card.kind == "animals":
        return sum(ANIMALS[a] in card.counts for c in CARDS for a in c.animals)
    if card.kind == "habitat":
        return sum((HABITATS[c.left], HABITATS[c.right]).count(card.counts[0]) for c in CARDS)
    sign = 1 if card.counts == ("up",) else -1
    return sum(max(0, sign * c.elevation) for c in CARDS)


def test_the_bear_mountain_sights_are_divided_by_the_decks_totals() -> None:
    bounds = _bear_scales("| score card | divided by |", "Scales: every count")
    assert set(bounds) == {s.slug for s in SCORE_CARDS}
    assert bounds == {slug: _deck_total(slug) for slug in bounds}
    rows = doc_table(rules_page("bear_mountain"), "| score card | divided by |", after="Scales")
    climbs = [row for row in rows if "cards of" in row[2]]
    assert len(climbs) == 2, "the mountain's rises and the valley's drops, card by card"
    for row in climbs:
        said = {int(e): int(k) for k, e in re.findall(r"(\d+) (?:cards )?of ([-+]\d)", row[2])}
        sign = 1 if "+" in row[2] else -1
        counted = Counter(c.elevation for c in CARDS if sign * c.elevation > 0)
        assert said == counted, row[0]
        assert sum(k * abs(e) for e, k in said.items()) == value(row[1], {}), row[0]


SOLO_VALUE = (
    r"what its assigned cards score now, / (\d+) \(the sum of the (\d+) solo cards' bounds\)"
)
"""How the solo table says what a hike's value is divided by."""


def test_the_bear_mountain_solo_values_are_divided_by_the_solo_cards_bounds() -> None:
    after = "**1 player (solo)**, after the header"
    said = re.fullmatch(SOLO_VALUE, meaning_of(GAME, "hikeK.value", after))
    assert said, meaning_of(GAME, "hikeK.value", after)
    total = re.fullmatch(r"the solo total so far / (\d+)", meaning_of(GAME, "total", after))
    assert total, meaning_of(GAME, "total", after)
    scale, cards = int(said[1]), int(said[2])
    assert int(total[1]) == scale
    # each solo score card's bound is the whole deck's total of what it counts
    assert cards == len(SOLO_ORDER) == len(SOLO_SCORES)
    assert scale == sum(_deck_total(slug) for slug in SOLO_ORDER)
    # and the encoder divides by it: each hike's value and the total, as the score has them
    any_game: Any = meeple.get_game(GAME)  # encode_view: the encoding capability
    layout = layout_of(GAME, 1)
    hikes = range(1, letters(GAME, 1)["K"] + 1)
    views = scored = 0
    for seed in (1, 2, 3):
        _, _, states = random_playout(any_game, 1, seed)
        for step, state in enumerate(states):
            detail = state.outcome().detail(0)
            values = [sum(sight for _, sight in hike) for hike in detail["hikes"]]
            encoded = any_game.encode_view(state.view(0))
            shown = [encoded[layout.start(f"hike{k}.value")] for k in hikes]
            assert shown == pytest.approx([v / scale for v in values]), (seed, step)
            assert encoded[layout.start("total")] == pytest.approx(detail["total"] / scale)
            views, scored = views + 1, scored + (detail["total"] > 0)
    assert scored > views / 2, "most of the views have a score to divide"


def _bear_view(players: int) -> BearView:
    """A Bear Went Over the Mountain view with hikes of 12, 3, 6 and 9 cards (the first
    longer than a standard hike), every seat's hand and selected cards different."""
    hikes = tuple(tuple(range(1 + 12 * r, 1 + 12 * r + (12, 3, 6, 9)[r])) for r in range(4))
    if players == 1:
        view = meeple.start("bear_mountain", players=1, seed=1).view(0)
        assert isinstance(view, BearView)
        return attrs.evolve(view, hikes=(*hikes, (36,)), deck_count=33)
    view = meeple.start("bear_mountain", players=players, seed=1, mode="draft").view(0)
    assert isinstance(view, BearView)
    hands, picks = (10, 7, 2, 9)[:players], (4, 1, 0, 3)[:players]
    return attrs.evolve(
        view, hikes=hikes[:players], deck_count=7, hand_counts=hands, pick_counts=picks
    )


@pytest.mark.parametrize("players", meeple.get_game("bear_mountain").spec.player_counts())
def test_the_bear_mountain_counts_are_divided_as_the_page_says(players: int) -> None:
    sights = _bear_scales("| score card | divided by |", "Scales: every count")
    scales = _bear_scales("| count | divided by |", "The other counts")
    block = doc_table(rules_page("bear_mountain"), HEADER, after="**Hike block**")
    starts = dict(
        zip(
            (backticked(row[0]) for row in block),
            accumulate((value(row[1], {}) for row in block), initial=0),
            strict=False,
        )
    )
    view = _bear_view(players)
    layout = layout_of("bear_mountain", players)
    encoded = bear_encode(view)
    assert encoded[layout.slice("deck")] == pytest.approx([view.deck_count / scales["deck"]])
    names = (
        [f"hike{k}" for k in range(1, letters("bear_mountain", 1)["K"] + 1)]
        if players == 1
        else [f"seat+{r}.hike" for r in range(players)]
    )
    for name, hike in zip(names, view.hikes, strict=True):
        shown = encoded[layout.slice(name)]
        at = starts["sights"]
        expected = [scoring_sights(hike)[s.id - 1] / sights[s.slug] for s in SCORE_CARDS]
        assert shown[at : at + len(SCORE_CARDS)] == pytest.approx(expected), name
        length = shown[starts["length"]]
        assert length == pytest.approx(min(1.0, len(hike) / scales["length"])), name
    if players == 1:
        return
    claimed = [
        {i for i, flag in enumerate(encoded[layout.slice(f"seat+{r}.claims")]) if flag}
        for r in range(players)
    ]
    for r in range(players):
        others = set().union(*(claimed[o] for o in range(players) if o != r))
        counts = {
            "points": len(claimed[r]),
            "shared": len(claimed[r] & others),
            "hand_count": view.hand_counts[r],
            "pick_count": view.pick_counts[r],
        }
        for part, count in counts.items():
            said = encoded[layout.slice(f"seat+{r}.{part}")]
            assert said == pytest.approx([count / scales[f"seat+r.{part}"]]), (r, part)

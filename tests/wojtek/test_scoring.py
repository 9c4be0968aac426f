"""Scoring: ranking and ties, substitutes, the end trigger, and a brute-force proof of optimality.

The rulebook's scoring examples are in ``test_rulebook_examples.py``.
"""

from __future__ import annotations

import pytest
from hypothesis import example
from hypothesis import given
from hypothesis import strategies as st

from meeple.wojtek.components import BEAR_KINDS
from meeple.wojtek.components import CARDS_PER_TYPE
from meeple.wojtek.components import PERSON
from meeple.wojtek.scoring import arrange
from meeple.wojtek.scoring import completes_set
from meeple.wojtek.scoring import has_complete_set
from meeple.wojtek.scoring import outcome_of
from meeple.wojtek.scoring import set_sizes

from .helpers import FLAGS
from .helpers import FOOD
from .helpers import FUN
from .helpers import collection
from .helpers import owners

NOBODY = (0,) * BEAR_KINDS


@pytest.mark.rule("wojtek:scoring.ranking")
def test_a_player_with_no_set_left_loses_the_tie() -> None:
    a = collection(*FOOD)
    b = collection(*FLAGS, "wrestling")
    outcome = outcome_of((a, b), owners(), final=True)
    assert outcome.ranks == (2, 1)


@pytest.mark.rule("wojtek:scoring.ranking")
def test_a_full_tie_is_shared() -> None:
    a = collection(*FOOD, "wrestling")
    b = collection(*FLAGS, "white eagle")
    outcome = outcome_of((a, b, NOBODY), owners(), final=True)
    assert outcome.ranks == (1, 1, 3)
    assert outcome.winners == frozenset({0, 1})
    assert outcome.scores == (6, 6, 0)


@pytest.mark.rule("wojtek:scoring.substitutes")
def test_substitutes_never_make_a_set_bigger_than_six_or_a_set_of_their_own() -> None:
    assert arrange(collection(*FOOD, "person", "person")).key == (6,)
    assert arrange(collection("person", "person", "person")).key == ()
    assert arrange(collection("person", "person", "person")).unused == 3


@pytest.mark.rule("wojtek:end.substitutes")
def test_complete_set_detection_uses_real_cards_only() -> None:
    assert has_complete_set(collection(*FUN))
    assert not has_complete_set(collection(*FUN[:5], "person", "person"))


# -- brute force ----------------------------------------------------------------------
def _best_by_search(cards: list[int], jokers: int) -> tuple[int, ...]:
    """Try every split of the cards into legal sets and every use of substitute pairs."""
    best: tuple[int, ...] = ()
    sets: list[list[int]] = []

    def place(i: int) -> None:
        nonlocal best
        if i == len(cards):
            for sizes in _with_pairs([len(s) for s in sets], jokers // 2):
                key = tuple(sorted(sizes, reverse=True))
                best = max(best, key)
            return
        card = cards[i]
        for s in sets:
            if s[0] // CARDS_PER_TYPE == card // CARDS_PER_TYPE and card not in s:
                s.append(card)
                place(i + 1)
                s.pop()
        sets.append([card])
        place(i + 1)
        sets.pop()

    place(0)
    return best


def _with_pairs(sizes: list[int], pairs: int) -> list[list[int]]:
    """Every way to add up to `pairs` substitutes to sets without passing six."""
    if pairs == 0:
        return [sizes]
    out = [sizes]  # a pair may stay unused
    for i, size in enumerate(sizes):
        if size < CARDS_PER_TYPE:
            grown = [*sizes[:i], size + 1, *sizes[i + 1 :]]
            out.extend(_with_pairs(grown, pairs - 1))
    return out


_SMALL_KINDS = st.sampled_from([0, 1, 2, 3, 4, 5, 6, 7, 8, 12, 18])


@pytest.mark.rule("wojtek:scoring.best")
@given(st.lists(_SMALL_KINDS, max_size=7), st.integers(0, 2), st.integers(0, 3))
@example([0, 0, 1, 2, 3, 4], 1, 1)  # duplicates plus one pair
@example([0, 0, 1, 1, 2, 6, 7], 2, 2)  # two types, two pairs to place
@example([0, 1, 2, 3, 4, 6, 7], 0, 3)  # fill the five to six, not the two
@example([0, 0, 0, 6, 12, 18], 2, 0)  # many small sets
def test_arrangement_is_as_good_as_any_brute_force_arrangement(
    cards: list[int], persons: int, cities: int
) -> None:
    counts = [0] * BEAR_KINDS
    for card in cards:
        counts[card] += 1
    counts[PERSON] = persons
    assert set_sizes(counts, cities) == _best_by_search(sorted(cards), persons + cities)


@pytest.mark.rule("wojtek:scoring.sets", "wojtek:scoring.one-type")
@given(st.lists(_SMALL_KINDS, max_size=7), st.integers(0, 2), st.integers(0, 3))
def test_arrangement_accounts_for_every_card(cards: list[int], persons: int, cities: int) -> None:
    counts = [0] * BEAR_KINDS
    for card in cards:
        counts[card] += 1
    counts[PERSON] = persons
    result = arrange(counts, cities)
    assert sorted(c for s in result.sets for c in s.cards) == sorted(cards)
    assert all(len(set(s.cards)) == len(s.cards) <= 6 and s.size <= 6 for s in result.sets)
    assert all(c // CARDS_PER_TYPE == s.type for s in result.sets for c in s.cards)
    assert 2 * sum(s.substitutes for s in result.sets) + result.unused == persons + cities


@given(st.lists(st.integers(0, PERSON), max_size=30), st.integers(0, PERSON))
def test_the_quick_end_check_agrees_with_the_full_one(cards: list[int], taken: int) -> None:
    counts = [0] * BEAR_KINDS
    for card in cards:
        counts[card] += 1
    if has_complete_set(counts):
        return  # the game would already be in its last round
    counts[taken] += 1
    assert completes_set(counts, taken) == has_complete_set(counts)


@pytest.mark.rule("wojtek:scoring.best")
@given(
    st.lists(st.integers(0, 4), min_size=PERSON, max_size=PERSON),
    st.integers(0, 8),
    st.integers(0, 6),
)
@example([4] * PERSON, 8, 6)  # every card: four layers of every type, every pair unused
@example([1] * 5 + [0] * (PERSON - 5), 1, 0)  # a lone substitute fills nothing
@example([2, 1, 1, 1, 1, 0] + [0] * (PERSON - 6), 2, 0)  # a pair fills the 5, not the 1
def test_set_sizes_are_the_sizes_of_the_best_arrangement(
    bears: list[int], persons: int, cities: int
) -> None:
    # set_sizes finds the sizes without building the sets (the encoding's fast path):
    # they must be exactly the arrangement's, for any collection the game can hold
    counts = (*bears, persons)
    assert set_sizes(counts, cities) == arrange(counts, cities).key

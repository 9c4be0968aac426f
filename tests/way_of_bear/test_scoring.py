"""Who wins: only a completed board can, Dragon Seals break ties, a tie shares the win."""

from __future__ import annotations

import attrs
import pytest

from meeple.way_of_bear.components import TYPES
from meeple.way_of_bear.scoring import completed
from meeple.way_of_bear.scoring import dragon_seals
from meeple.way_of_bear.state import Phase

from .helpers import ALL
from .helpers import cards
from .helpers import finished
from .helpers import kind


@pytest.mark.rule("way_of_bear:victory.seals")
def test_several_completers_compare_dragon_seals() -> None:
    # both full: player 0 has 4 sealed tokens, player 1 has 4 plus a card back of 2
    state = finished({0: ALL, 1: ALL}, {1: ["s02"]})
    outcome = state.outcome()
    assert outcome.winners == frozenset({1})
    assert outcome.ranks == (2, 1, 3)


@pytest.mark.rule("way_of_bear:victory.seals")
def test_a_tie_of_completers_shares_the_throne() -> None:
    state = finished({0: ALL, 1: ALL}, {})
    outcome = state.outcome()
    assert outcome.winners == frozenset({0, 1})


@pytest.mark.rule("way_of_bear:victory.seals", "way_of_bear:victory.ranking")
def test_only_a_completer_can_win_even_with_fewer_seals() -> None:
    plain = [kind(t) for t in TYPES] * 2
    state = finished({0: plain, 1: ALL[:6]}, {1: ["s16", "s02"]})
    outcome = state.outcome()
    assert outcome.winners == frozenset({0})


@pytest.mark.rule("way_of_bear:victory.seals")
def test_completed_and_dragon_seals_count_what_the_rulebook_counts() -> None:
    full = tuple(1 for _ in ALL)
    assert completed(full, 2)
    assert not completed(full, 3)  # a 2-player board has 3 spaces per column
    # four sealed tokens, then the backs of s02 (2) and s16 (0) and s16's face (3)
    assert dragon_seals(full, ()) == 4
    assert dragon_seals(full, cards("s02", "s16")) == 9


@pytest.mark.rule("way_of_bear:victory.ranking", "way_of_bear:hidden.cards")
def test_the_provisional_outcome_counts_only_the_seals_the_table_sees() -> None:
    # Regression (issue 30): before the end the outcome counted the Dragon Hoard's 3 face
    # seals in a hand, which the others see only as a card back of 0: its ranks and
    # details told every seat who held the Hoard. Now it counts tokens and card backs.
    hoard = finished({0: ALL, 1: ALL}, {1: ["s16"]})
    plain = finished({0: ALL, 1: ALL}, {1: ["s10"]})  # another card with a back of 0
    running = [attrs.evolve(s, phase=Phase.MAIN, to_act=frozenset({0})) for s in (hoard, plain)]
    assert running[0].outcome() == running[1].outcome()
    assert dict(running[0].outcome().details[1])["dragon_seals"] == 4
    # At the end the hands are counted: the Hoard's 3 seals win the throne.
    assert dict(hoard.outcome().details[1])["dragon_seals"] == 7
    assert hoard.outcome().winners == frozenset({1})
    assert plain.outcome().winners == frozenset({0, 1})

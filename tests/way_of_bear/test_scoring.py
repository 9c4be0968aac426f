"""Who wins: only a completed board can, Dragon Seals break ties, a tie shares the win."""

from __future__ import annotations

import pytest

from meeple.way_of_bear.components import TYPES
from meeple.way_of_bear.scoring import completed
from meeple.way_of_bear.scoring import dragon_seals

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

"""The plugin's own tests: one call to meeple's conformance kit, plus its rules."""

from __future__ import annotations

import pytest
from meeple_goofspiel import GAME
from meeple_goofspiel import Bid
from meeple_goofspiel import Options
from meeple_goofspiel.options import MAX_CARDS

import meeple
from meeple.core import CorruptDataError
from meeple.core import IllegalActionError
from meeple.core import MalformedActionError
from meeple.testing import check_game


def test_goofspiel_passes_the_conformance_kit() -> None:
    check_game(GAME, seeds=range(3))
    check_game(GAME, players=3, seeds=[9], options=Options(cards=3))


def test_highest_unique_bid_takes_the_prize() -> None:
    state = GAME.start(2, seed=1, options=Options(cards=3))
    prize = state.prizes[0]
    state = state.apply(Bid(3), 0).apply(Bid(1), 1)
    assert state.scores == (prize, 0)


def test_tied_bids_take_nothing() -> None:
    state = GAME.start(2, seed=1, options=Options(cards=3))
    state = state.apply(Bid(2), 0).apply(Bid(2), 1)
    assert state.scores == (0, 0)
    with pytest.raises(IllegalActionError, match="does not hold a 2"):
        state.apply(Bid(2), 0)


def test_the_picture_of_a_finished_game_says_the_prizes_are_gone() -> None:
    """Regression: the last picture of a game read ``prize: None``."""
    state = GAME.start(2, seed=1, options=Options(cards=3))
    for card in (1, 2, 3):
        state = state.apply(Bid(card), 0).apply(Bid(card), 1)
    picture = GAME.render(state.view(0))
    assert picture.startswith("prizes gone  scores: [0, 0]")
    assert "None" not in picture


def test_statistics_count_ties_and_who_took_the_top_prize() -> None:
    state = GAME.start(2, seed=1, options=Options(cards=3))
    first, second, third = state.prizes
    for bids in ((3, 3), (2, 1), (1, 2)):  # a tie, then one prize each
        state = state.apply(Bid(bids[0]), 0).apply(Bid(bids[1]), 1)
    stats = GAME.statistics(state)
    assert stats["ended by"] == "prizes gone"
    assert stats["stalled"] is False
    assert stats["tied rounds"] == 1
    winners = state.outcome().winners
    taker = {first: None, second: 0, third: 1}[max(state.history)[0]]
    assert stats["top prize to a winner"] is (taker is not None and taker in winners)


def test_every_bid_reads_back_from_its_notation() -> None:
    for card in range(1, MAX_CARDS + 1):
        assert GAME.parse_action(str(Bid(card))) == Bid(card)


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        ("bid " + "5" * 5000, r"'5555.*\.\.\. \(5000 characters\) is not a card"),
        ("bid 14", "there is no card 14: cards are numbered 1 to 13"),
        ("bid 0", "there is no card 0"),
        ("bid 99", "there is no card 99"),
        ("bid ²", "'²' is not a card: a card is a number from 1 to 13, in the digits 0-9"),
        ("bid ١٢", "in the digits 0-9"),  # Arabic-Indic twelve, which int() would read
        ("bid -3", "'-3' is not a card"),
        ("bid 3 4", "is not 'bid N'"),
        ("pass", "'pass' is not 'bid N'"),
    ],
    ids=["5000-digits", "14", "0", "99", "superscript", "arabic-indic", "negative", "two", "pass"],
)
def test_a_malformed_bid_says_what_is_wrong(text: str, reason: str) -> None:
    """Regression: a number of 5,000 digits, or one written in other digits than 0-9,
    raised the plain ValueError of ``int()``, which the front ends do not catch."""
    with pytest.raises(MalformedActionError, match=reason):
        GAME.parse_action(text)


@pytest.mark.parametrize("what", ["state", "view"])
def test_a_document_with_a_huge_hand_size_is_refused_before_any_count(what: str) -> None:
    # Regression: the cards were counted against 1..N before N was bounded, so a
    # document saying 10**12 cards built a list of 10**12 numbers on load.
    state = GAME.start(2, seed=1)
    text = meeple.dumps(state if what == "state" else state.view(0))
    hostile = text.replace('"cards": 6', '"cards": 1000000000000')
    assert hostile != text
    with pytest.raises(CorruptDataError, match=f"cards must be 3-{MAX_CARDS}, not 1000000000000"):
        meeple.loads(hostile)

"""The auction: lots, the face-down lot, bids built card by card, passing, winning."""

from __future__ import annotations

import pytest

from meeple.core import IllegalActionError, MalformedActionError
from meeple.wypas import GAME
from meeple.wypas.state import BID, CHOOSE, HIDE, WINDOW, State

from .helpers import arrange, hand, k, play, skip_window, texts


def choose(lots: tuple[int, ...], face_down: int, hands: tuple[tuple[int, ...], ...]) -> State:
    """Seat 1 opens the first lot of round 1 (seat 0 is the baca)."""
    return arrange(
        len(hands),
        phase=CHOOSE,
        actor=1,
        opener=1,
        lots=tuple(sorted(lots)),
        face_down=face_down,
        hands=hands,
    )


@pytest.mark.parametrize(("players", "lots"), [(3, 2), (4, 3), (5, 3), (6, 3)])
def test_the_baca_draws_two_lots_with_three_players_else_three(players: int, lots: int) -> None:
    state = GAME.start(players, seed=3)
    assert state.phase == HIDE
    assert state.to_act == frozenset({0})
    assert len(state.drawn) == lots
    assert all(len(h) == 5 for h in state.hands)


def test_the_baca_hides_one_lot_and_sees_it_alone() -> None:
    state = GAME.start(4, seed=3)
    hidden = state.drawn[0]
    state = state.apply(state.legal_actions()[0])
    assert state.face_down == hidden
    assert len(state.lots) == 2
    assert state.view(0).face_down == hidden
    assert all(state.view(p).face_down == -1 for p in (1, 2, 3, None))
    assert state.view(2).has_face_down
    # A window for special cards opens, then the player left of the baca opens.
    assert state.phase == WINDOW


def test_a_full_auction() -> None:
    hands = (hand(), hand("red-3", "green-2"), hand("yellow-6"), hand("orange-1", "orange-2"))
    state = choose((k("thief"), k("green-5")), k("yellow-3"), hands)
    assert texts(state.legal_actions()) == ["auction down", "auction green-5", "auction thief"]
    state = play(state, "auction green-5")
    assert state.phase == BID
    assert state.actor == 1
    # A bid is built card by card; "done" only once it beats the bid in force.
    assert texts(state.legal_actions()) == ["pass", "bid red-3", "bid green-2"]
    state = play(state, "bid green-2", "done")
    assert state.bids[1] == 2
    assert state.high == 1
    assert state.actor == 2
    with pytest.raises(IllegalActionError, match="at least 1"):
        play(state, "done")
    state = play(state, "bid yellow-6", "done")
    # Seats 3 and 0 (the baca bids too) pass and are out of this lot.
    state = play(state, "pass", "pass")
    # Seat 1 raises on top of the cards it has already laid.
    assert state.actor == 1
    state = play(state, "bid red-3")
    assert state.bids[1] == 5
    with pytest.raises(IllegalActionError, match="you have 5, you need at least 7"):
        play(state, "done")
    state = play(state, "pass")
    # Everyone else passed: seat 2 takes the lot, all bid cards are discarded.
    assert k("green-5") in state.hands[2]
    # Everybody saw the face-up lot go to seat 2; views remember it.
    assert all(state.view(p).known[2] == hand("green-5") for p in (0, 1, 3))
    assert sorted(state.discard) == sorted(hand("green-2", "red-3", "yellow-6"))
    assert state.hands[1] == ()
    assert state.hands[3] == hand("orange-1", "orange-2")
    # A special-card window, then the player left of the previous opener opens.
    assert state.phase == WINDOW
    state = skip_window(state)
    assert state.phase == CHOOSE
    assert state.actor == 2
    state.validate()


def test_when_everyone_passes_the_baca_takes_the_lot() -> None:
    state = choose((k("red-1"),), k("wolf"), (hand(), hand(), hand(), hand()))
    state = play(state, "auction down", "pass", "pass", "pass", "pass")
    assert state.hands[0] == hand("wolf")
    assert state.face_down == -1
    state = skip_window(state)
    assert state.phase == CHOOSE
    assert state.actor == 2


def test_the_opener_must_name_a_lot_but_may_pass_at_once() -> None:
    state = choose((k("red-1"),), -1, (hand(), hand("red-2"), hand(), hand()))
    assert texts(state.legal_actions()) == ["auction red-1"]
    state = play(state, "auction red-1", "pass")
    assert state.actor == 2


def test_face_down_lot_becomes_known_to_the_baca_only() -> None:
    hands = (hand(), hand(), hand("green-4"), hand())
    state = choose((), k("super"), hands)
    state = play(state, "auction down", "pass", "bid green-4", "done", "pass", "pass")
    assert state.hands[2] == hand("super")
    assert state.view(0).known[2] == hand("super")
    assert state.view(1).known[2] == ()
    assert state.view(3).known[2] == ()


def test_dolly_bids_count_a_chosen_value() -> None:
    state = choose((k("red-1"),), -1, (hand(), hand("dolly-green", "super"), hand(), hand()))
    acts = texts(state.apply(GAME.parse_action("auction red-1")).legal_actions())
    assert "bid dolly-green as 6" in acts
    assert "bid super as 1" in acts
    assert len(acts) == 1 + 12


def test_special_cards_cannot_be_bid() -> None:
    state = choose((k("red-1"),), -1, (hand(), hand("thief"), hand(), hand()))
    state = play(state, "auction red-1")
    assert texts(state.legal_actions()) == ["pass"]
    with pytest.raises(MalformedActionError, match="sheep cards only"):
        play(state, "bid thief")

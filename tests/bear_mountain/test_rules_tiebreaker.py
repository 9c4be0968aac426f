"""Big Kid tiebreaker: tied players add one card each until someone pulls ahead."""

from __future__ import annotations

import pytest

from meeple.bear_mountain import GAME
from meeple.bear_mountain import Options
from meeple.bear_mountain.scoring import top_group
from meeple.bear_mountain.state import Phase

from .helpers import ONE_ANIMAL_CARDS
from .helpers import cards_where
from .helpers import standard


@pytest.mark.rule("bear_mountain:tiebreaker.sudden-death", "bear_mountain:tiebreaker.end")
def test_tied_players_keep_adding_cards() -> None:
    state = GAME.start(2, seed=0, options=Options(tiebreaker=True))
    # Find a seeded game that ends in a tie and check the sudden-death round.
    seed = 0
    while True:
        state = GAME.start(2, seed=seed, options=Options(tiebreaker=True))
        while state.phase == "take":
            state = state.apply(state.legal_actions()[0])
        if state.phase == "sudden":
            break
        seed += 1
    assert all(len(h) == 10 for h in state.hikes)
    assert state.pending == {0, 1}
    assert state.to_act == {0}
    state = state.apply(state.legal_actions()[0])
    assert len(state.hikes[0]) == 11
    if state.phase == "sudden":
        assert state.to_act == {1}
    while state.phase == "sudden":
        state = state.apply(state.legal_actions()[0])
    outcome = state.outcome()
    assert state.is_over
    total = len(state.row) + len(state.deck)
    assert len(outcome.winners) == 1 or total < 2


@pytest.mark.rule("bear_mountain:scoring.winner")
def test_without_the_option_a_tie_is_shared() -> None:
    seed = 0
    while True:
        state = GAME.start(2, seed=seed)
        while not state.is_over:
            state = state.apply(state.legal_actions()[0])
        if len(state.outcome().winners) > 1:
            break
        seed += 1
    assert state.phase == "over"
    assert all(len(h) == 10 for h in state.hikes)


@pytest.mark.rule("bear_mountain:tiebreaker.sudden-death")
def test_tiebreaker_round_starts_only_for_the_tied_players() -> None:
    state = GAME.start(3, seed=0, options=Options(tiebreaker=True))
    for seed in range(200):
        state = GAME.start(3, seed=seed, options=Options(tiebreaker=True))
        while state.phase == "take":
            state = state.apply(state.legal_actions()[0])
        if state.phase == "sudden":
            break
    assert state.phase == "sudden"
    group = top_group(state.hikes, state.score_cards)
    assert state.pending == group
    assert len(group) >= 2
    left_out = set(range(3)) - group
    before = {p: state.hikes[p] for p in left_out}
    while state.phase == "sudden":
        state = state.apply(state.legal_actions()[0])
    for p in left_out:
        if p not in state.pending:
            assert state.hikes[p] == before[p] or len(state.hikes[p]) > 10


@pytest.mark.rule("bear_mountain:tiebreaker.out-of-cards")
def test_running_out_of_cards_ends_in_a_shared_win() -> None:
    deer = cards_where(animal="deer")
    # A sudden-death round with the last 2 cards face up and none face down.
    rest = [c for c in cards_where() if c not in deer[:2]]
    hikes = [[deer[0], *rest[:20]], [deer[1], *rest[20:41]]]
    left = rest[41:]
    assert len(left) == 2
    options = Options(score_cards=ONE_ANIMAL_CARDS, tiebreaker=True)
    state = standard(
        hikes,
        row=left,
        score_slugs=ONE_ANIMAL_CARDS,
        to_act=0,
        phase=Phase.SUDDEN,
        options=options,
        deck=[],
        pending={0, 1},
    )
    state = state.apply(state.legal_actions()[0])
    state = state.apply(state.legal_actions()[0])
    assert state.is_over
    assert len(state.row) + len(state.deck) == 0
    outcome = state.outcome()
    assert outcome.winners == top_group(state.hikes, state.score_cards)


@pytest.mark.rule("bear_mountain:tiebreaker.sudden-death")
def test_drafting_tiebreaker_deals_one_set_aside_card_to_each_tied_player() -> None:
    options = Options(mode="draft", tiebreaker=True)
    for seed in range(300):
        state = GAME.start(2, seed=seed, options=options)
        while state.phase in ("pick", "place"):
            p = min(state.to_act)
            state = state.apply(state.legal_actions(p)[0], p)
        if state.phase == "sudden":
            break
    assert state.phase == "sudden"
    assert state.to_act == {0, 1}
    assert [len(h) for h in state.hands] == [1, 1]
    assert len(state.deck) == 45 - 20 - 2
    # The dealt card is hidden from the other player.
    assert state.view(0).hand == state.hands[0]
    assert state.view(0).hand_counts == (1, 1)
    card = state.hands[0][0]
    after = state.apply(GAME.parse_action(f"place c{card:02d} left"), 0)
    assert after.hikes[0][0] == card

"""The bots answer an offer (a special card offered in secret) like any decision: they
may play the card or ``wait``, and they finish games full of offers."""

from __future__ import annotations

import pytest

from meeple.bots import make_bot
from meeple.core import Match
from meeple.core import asking_order
from meeple.core import public_to_act
from meeple.wypas import GAME

from .test_rules_offers import auction

BOTS = ["random", "greedy:worlds=2", "mcts:iterations=30,rollout_depth=8"]


@pytest.mark.parametrize("spec", BOTS)
def test_a_bot_at_an_offered_seat_plays_a_card_or_waits(spec: str) -> None:
    state = auction(thief_at=0)
    legal = state.legal_actions(0)
    assert [str(a) for a in legal] == ["wait", "thief p1", "thief p2", "thief p3"]
    bot = make_bot(spec, GAME, 7)
    for _ in range(3):
        assert bot.choose(state.view(0), legal) in legal


@pytest.mark.parametrize("spec", BOTS[1:])
def test_bots_finish_a_game_asking_offered_seats_first(spec: str) -> None:
    match = Match("wypas", 3, seed=2, max_rounds=1)
    bots = [make_bot(spec, GAME, seat) for seat in range(3)]
    offers = 0
    while not match.state.is_over:
        state = match.state
        seat = asking_order(state)[0]
        offers += seat not in public_to_act(state)
        match.play(bots[seat].choose(state.view(seat), state.legal_actions(seat)), seat)
    assert offers > 0

"""Answering a special card with another: the rulebook lets special cards be played at
any moment and resolves several played cards in the order they were played.

While a special card awaits its reactions, the seat asked may cancel it with a
Sheepdog, answer it with a special card of its own, or pass. Every card played
opens a reaction round of its own; when a round passes all the way, the whole
chain resolves, first card first. A Sheepdog cancels the card just played. A card
whose target is gone by the time it resolves does nothing."""

from __future__ import annotations

import pytest

from meeple.core import IllegalActionError
from meeple.wypas import GAME
from meeple.wypas.state import REACT
from meeple.wypas.state import REDYK
from meeple.wypas.state import TAKE
from meeple.wypas.state import State

from .helpers import EMPTY
from .helpers import arrange
from .helpers import face
from .helpers import hand
from .helpers import k
from .helpers import pen
from .helpers import play
from .helpers import sheep
from .helpers import texts


def redyk_start(hands: tuple[tuple[int, ...], ...]) -> State:
    """Redyk of 4 seats, seat 0 (the baca) to act; seat 2's pen 1 holds green 3 and 4."""
    pens = ((EMPTY, EMPTY), (EMPTY, EMPTY), (pen("green-3", "green-4"), EMPTY), (EMPTY, EMPTY))
    return arrange(4, phase=REDYK, actor=0, hands=hands, pens=pens, wolves=(0, 0, 0, 0))


@pytest.mark.rule("wypas:specials.reactions", "wypas:specials.order")
def test_the_thiefs_victim_answers_with_its_black_sheep_out_of_the_thiefs_reach() -> None:
    state = redyk_start((hand("thief"), hand("red-1", "black"), hand(), hand()))
    state = play(state, "thief p1")
    assert (state.phase, state.actor) == (REACT, 1)
    # The victim is asked first; besides passing it may answer with its Black Sheep.
    assert texts(state.legal_actions()) == [
        "pass",
        "black p2 pen1 green-3",
        "black p2 pen1 green-4",
    ]
    state = play(state, "black p2 pen1 green-4")
    # The Black Sheep has a reaction round of its own: seats 2, 3 and 0, not seat 1.
    assert (state.phase, state.actor, state.passes) == (REACT, 2, 0)
    assert state.chain == ((0, k("thief"), 1, 0, 0),)
    assert state.hands[1] == hand("red-1")
    state = play(state, "pass", "pass")
    assert state.actor == 0
    state = play(state, "pass")
    # Resolved in the order played: the Thief first looks at a hand without the Black
    # Sheep (and without the green 4, which comes only when the Black Sheep resolves).
    assert (state.phase, state.actor) == (TAKE, 0)
    assert state.view(0).known[1] == hand("red-1")
    assert texts(state.legal_actions()) == ["take red-1"]
    state = play(state, "take red-1")
    # Then the Black Sheep: the green 4 goes to its player's hand.
    assert state.pens[2][0] == (sheep("green-3"), sheep("black"))
    assert state.hands == (hand("red-1"), hand("green-4"), EMPTY, EMPTY)
    assert (state.phase, state.actor, state.pending, state.chain) == (REDYK, 0, (), ())
    assert sorted(state.discard) == [k("thief")]
    state.validate()


@pytest.mark.rule("wypas:specials.order")
def test_a_card_played_first_resolves_first() -> None:
    # The Black Sheep is played first and the answering Thief robs its player: the
    # Thief sees the green 4 the Black Sheep brought back, and may take it.
    state = redyk_start((hand("red-1", "black"), hand("thief"), hand(), hand()))
    state = play(state, "black p2 pen1 green-4", "thief p0", "pass", "pass", "pass")
    assert (state.phase, state.actor) == (TAKE, 1)
    assert state.view(1).known[0] == hand("red-1", "green-4")
    state = play(state, "take green-4")
    assert state.hands == (hand("red-1"), hand("green-4"), EMPTY, EMPTY)
    assert (state.phase, state.actor) == (REDYK, 0)
    state.validate()


@pytest.mark.rule("wypas:specials.reactions", "wypas:specials.dog")
def test_a_sheepdog_cancels_the_card_just_played_not_the_one_before() -> None:
    state = redyk_start((hand("thief"), hand("red-1", "black"), hand("dog"), hand()))
    state = play(state, "thief p1", "black p2 pen1 green-4")
    assert texts(state.legal_actions())[:2] == ["pass", "dog"]  # seat 2 is asked
    state = play(state, "dog")
    assert (state.pending, state.dogs) == ((1, k("black"), 2, 1, face("green-4")), (2,))
    state = play(state, "pass", "pass", "pass")  # seats 3, 0, 1
    # The Thief stands and resolves; the cancelled Black Sheep goes to the discards.
    assert (state.phase, state.actor) == (TAKE, 0)
    state = play(state, "take red-1")
    assert state.pens[2][0] == pen("green-3", "green-4")
    assert state.hands == (hand("red-1"), EMPTY, EMPTY, EMPTY)
    assert sorted(state.discard) == sorted(hand("thief", "black", "dog"))
    state.validate()


@pytest.mark.rule("wypas:specials.order")
def test_a_card_whose_target_is_gone_when_it_resolves_does_nothing() -> None:
    state = redyk_start((hand("black"), hand("black", "wolf"), hand(), hand("wolf")))
    state = play(state, "black p2 pen1 green-4", "black p2 pen1 green-4")
    # Seats 2, 3, 0 are asked; seat 3 puts a Wolf over the pen, seat 1 another.
    state = play(state, "pass", "wolf p2 pen1", "pass", "wolf p2 pen1", "pass", "pass", "pass")
    # The first Black Sheep took the green 4, so the second finds none to take; the
    # first Wolf went over the pen, so the second finds a wolf there already.
    assert state.pens[2][0] == (sheep("green-3"), sheep("black"))
    assert state.hands == (hand("green-4"), EMPTY, EMPTY, EMPTY)
    assert state.wolves == (0, 0, 1, 0)
    assert sorted(state.discard) == sorted(hand("black", "wolf"))
    assert (state.phase, state.actor) == (REDYK, 0)
    state.validate()


@pytest.mark.rule("wypas:specials.order", "wypas:specials.thief")
def test_a_thief_finds_nothing_to_take_when_its_victim_played_its_last_card() -> None:
    state = redyk_start((hand("thief"), hand("black"), hand(), hand()))
    state = play(state, "thief p1", "black p2 pen1 green-3", "pass", "pass", "pass")
    # The Thief resolves first and finds an empty hand; the Black Sheep then resolves.
    assert (state.phase, state.actor) == (REDYK, 0)
    assert state.hands == (EMPTY, hand("green-3"), EMPTY, EMPTY)
    assert sorted(state.discard) == [k("thief")]
    state.validate()


@pytest.mark.rule("wypas:specials.order", "wypas:specials.dog")
def test_a_second_sheepdog_on_the_same_wolf_does_nothing() -> None:
    state = arrange(
        4,
        phase=REDYK,
        actor=0,
        hands=(hand("dog"), hand("dog"), hand(), hand()),
        pens=((EMPTY, EMPTY), (EMPTY, EMPTY), (pen("green-3", "green-4"), EMPTY), (EMPTY, EMPTY)),
        wolves=(0, 0, 1, 0),
    )
    state = play(state, "dog p2 pen1", "dog p2 pen1", "pass", "pass", "pass")
    assert state.wolves == (0, 0, 0, 0)
    assert sorted(state.discard) == sorted(hand("wolf", "dog", "dog"))
    assert (state.phase, state.actor) == (REDYK, 0)
    state.validate()


@pytest.mark.rule("wypas:specials.reactions")
def test_only_the_seat_asked_may_answer_and_a_thiefs_pick_is_no_moment() -> None:
    state = redyk_start((hand("thief"), hand("red-1"), hand("thief"), hand("thief")))
    state = play(state, "thief p1")
    assert state.to_act == frozenset({1})
    before = state
    # Seat 3 holds a Thief but is not asked yet: reactions go round in turn.
    assert "p1 is asked now" in (state.check(GAME.parse_action("thief p1"), 3) or "")
    with pytest.raises(IllegalActionError, match="one player at a time"):
        state.apply(GAME.parse_action("thief p1"), 3)
    assert state == before
    state = play(state, "pass", "thief p3", "pass", "pass", "pass")
    # The first Thief resolves; while it picks, nobody plays a special card.
    assert (state.phase, state.actor) == (TAKE, 0)
    assert state.chain == ((2, k("thief"), 3, 0, 0),)
    assert "Thief picks" in (state.check(GAME.parse_action("thief p1"), 3) or "")
    state = play(state, "take red-1")
    # Then the second: seat 2 robs seat 3.
    assert (state.phase, state.actor, state.view(2).known[3]) == (TAKE, 2, hand("thief"))
    state = play(state, "take thief")
    assert state.hands == (hand("red-1"), EMPTY, hand("thief"), EMPTY)
    assert (state.phase, state.actor, state.chain) == (REDYK, 0, ())
    state.validate()


@pytest.mark.rule("wypas:specials.secret-holders", "wypas:specials.reactions")
def test_a_reaction_round_asks_holders_and_others_alike() -> None:
    # Seat 2 holds a Black Sheep in one game and a sheep in the other: the others are
    # asked the same question in the same order, and see the same passes.
    holder = redyk_start((hand("thief"), hand("red-1"), hand("black"), hand("red-2")))
    plain = redyk_start((hand("thief"), hand("red-1"), hand("yellow-1"), hand("red-2")))
    records = []
    for state in (holder, plain):
        trail = [state]
        for move in ("thief p1", "pass", "pass", "pass"):
            trail.append(play(trail[-1], move))
        records.append(trail)
    for a, b in zip(*records, strict=True):
        for seat in (None, 0, 1, 3):
            va, vb = a.view(seat), b.view(seat)
            assert va == vb
            assert a.prompt(seat) == b.prompt(seat)
        if a.phase == REACT:  # asked to react, seat 2's question names no card it holds
            assert a.prompt(2) == b.prompt(2)

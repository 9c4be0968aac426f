"""Special cards "at any moment", even during another player's turn: offers and ``wait``.

After every move, each seat other than the seat to act that could play a special
card it holds (one with a legal target now) is offered it in secret: it joins
`to_act`, its choices are those plays and ``wait``. The seat to act may move
meanwhile; whoever moves first, the offers are worked out again. ``wait`` holds
the offer back until another seat moves. Nobody else learns who was offered.
"""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import given

from meeple.core import CorruptDataError
from meeple.core import GameRecord
from meeple.core import IllegalActionError
from meeple.core import dumps
from meeple.core import loads
from meeple.wypas import GAME
from meeple.wypas.actions import WAIT
from meeple.wypas.offers import could_play
from meeple.wypas.offers import offered_mask
from meeple.wypas.specials import holding
from meeple.wypas.specials import plays_of
from meeple.wypas.state import BID
from meeple.wypas.state import REACT
from meeple.wypas.state import REDYK
from meeple.wypas.state import SHEAR
from meeple.wypas.state import TAKE
from meeple.wypas.state import TURNS
from meeple.wypas.state import State

from .helpers import EMPTY
from .helpers import arrange
from .helpers import hand
from .helpers import k
from .helpers import play
from .helpers import sheep
from .helpers import texts
from .strategies import states
from .test_rules_any_moment import auction as bidding


def auction(thief_at: int = 0) -> State:
    """Seat 2 of 4 bids on a green-5 after seat 1 bid 3 with a red-3 (the position of
    `test_rules_any_moment`); seat `thief_at` (not the bidder) also holds a Thief."""
    base = bidding(hand("red-1", "red-2"))
    hands = list(base.hands)
    hands[thief_at] = tuple(sorted((*hands[thief_at], k("thief"))))
    return arrange(4, **_fields(base, hands=tuple(hands)))


def redyk_turn(black_at: int = 3) -> State:
    """Redyk of 4 seats from the baca (seat 0), who holds red-1 and red-2; seat
    `black_at` holds a Black Sheep and nothing else."""
    hands = [hand("red-1", "red-2"), hand("green-6"), hand("yellow-1"), hand("orange-1")]
    hands[black_at] = hand("black")
    return arrange(4, phase=REDYK, actor=0, hands=tuple(hands))


# -- the rulebook's situations -------------------------------------------------------


@pytest.mark.rule("wypas:specials.any-moment", "wypas:specials.offers")
def test_a_thief_is_played_by_a_seat_that_is_not_bidding_while_a_lot_is_being_bid_on() -> None:
    state = auction(thief_at=0)
    assert (state.actor, state.to_act) == (2, frozenset({0, 2}))
    assert texts(state.legal_actions(0)) == ["wait", "thief p1", "thief p2", "thief p3"]
    state = state.apply(GAME.parse_action("thief p2"), 0)  # it robs the bidder mid-bid
    assert (state.phase, state.resume, state.to_act) == (REACT, (BID, 2), frozenset({1}))
    assert (state.lot, state.bids) == (k("green-5"), (0, 3, 0, 0))  # the auction waits
    state = play(state, "pass", "pass", "pass")  # seats 1, 2, 3 let it stand
    assert (state.phase, state.actor) == (TAKE, 0)
    state = play(state, "take red-2")
    # The bidder's turn goes on, with the hand the Thief left.
    assert (state.phase, state.actor, state.to_act) == (BID, 2, frozenset({2}))
    assert (state.hands[0], state.hands[2]) == (hand("red-1", "red-2"), hand("red-1"))
    state = play(state, "bid red-1")
    assert state.bids[2] == 1


@pytest.mark.rule("wypas:specials.any-moment", "wypas:specials.offers")
def test_a_black_sheep_is_played_on_a_pen_filled_earlier_by_a_seat_whose_turn_it_is_not() -> None:
    state = redyk_turn(black_at=3)
    state = play(state, "pen 1 red-1")
    assert state.to_act == frozenset({0})  # a pen of one sheep: no target yet
    state = play(state, "pen 1 red-2", "done")
    assert (state.actor, state.to_act) == (1, frozenset({1, 3}))  # seat 1's redyk
    assert texts(state.legal_actions(3)) == ["wait", "black p0 pen1 red-1", "black p0 pen1 red-2"]
    state = state.apply(GAME.parse_action("black p0 pen1 red-2"), 3)
    assert (state.phase, state.resume) == (REACT, (REDYK, 1))
    state = play(state, "pass", "pass", "pass")  # seats 0, 1, 2
    assert (state.phase, state.actor, state.to_act) == (REDYK, 1, frozenset({1}))
    assert state.pens[0][0] == (sheep("red-1"), sheep("black"))
    assert state.hands[3] == hand("red-2")
    state = play(state, "pen 1 green-6", "done")
    assert state.actor == 2


@pytest.mark.rule("wypas:specials.offers")
def test_the_seat_to_act_may_move_first_and_the_offers_are_worked_out_again() -> None:
    state = redyk_turn(black_at=3)
    state = play(state, "pen 1 red-1", "pen 1 red-2")
    assert state.to_act == frozenset({0, 3})
    # Seat 0 goes on; seat 3's offer comes again with every new pen of two.
    state = play(state, "done", "pen 1 green-6", "done", "pen 1 yellow-1")
    assert (state.actor, state.to_act) == (2, frozenset({2, 3}))
    assert texts(state.legal_actions(3)) == ["wait", "black p0 pen1 red-1", "black p0 pen1 red-2"]
    state = play(state, "done", "done")  # seat 3's own redyk: the card is among its moves
    assert (state.phase, state.to_act) == (SHEAR, frozenset({0, 3}))  # and while others shear
    state = play(state, "shear 1 meee")
    assert state.to_act == frozenset({1})  # no pen of two sheep is left: no target


@pytest.mark.rule("wypas:specials.wait")
def test_wait_holds_the_offer_back_until_another_seat_moves() -> None:
    state = auction(thief_at=0)
    state = arrange(4, **_fields(state, hands=(*state.hands[:3], hand("orange-2", "thief"))))
    assert state.to_act == frozenset({0, 2, 3})
    state = state.apply(GAME.parse_action("wait"), 0)
    assert (state.to_act, state.waited) == (frozenset({2, 3}), 1)
    state = state.apply(GAME.parse_action("wait"), 3)  # another wait brings nothing back
    assert (state.to_act, state.waited) == (frozenset({2}), 0b1001)
    state = play(state, "bid red-1")  # the seat to act moves: both are offered again
    assert (state.to_act, state.waited) == (frozenset({0, 2, 3}), 0)


@pytest.mark.rule("wypas:specials.offers")
def test_a_holder_with_no_legal_target_is_not_offered() -> None:
    state = arrange(
        4,
        phase=REDYK,
        actor=0,
        hands=(hand("red-1", "red-2"), hand("wolf", "dog", "black"), EMPTY, EMPTY),
    )
    # No pen of two sheep and no wolf: none of seat 1's cards has a target, so seat 1
    # is not asked.
    assert state.to_act == frozenset({0})
    state = play(state, "pen 1 red-1", "pen 1 red-2")
    assert state.to_act == frozenset({0, 1})
    assert texts(state.legal_actions(1)) == [
        "wait",
        "wolf p0 pen1",
        "black p0 pen1 red-1",
        "black p0 pen1 red-2",
    ]


# -- nobody else learns who was offered ---------------------------------------------------


def _twins() -> tuple[State, State]:
    """The same auction with seat 0 holding a Thief, and holding a sheep instead."""
    holder = auction(thief_at=0)
    plain = arrange(4, **_fields(holder, hands=(hand("red-1", "red-4"), *holder.hands[1:])))
    return holder, plain


@pytest.mark.rule("wypas:specials.secret-holders")
def test_an_offer_shows_in_no_other_seats_view() -> None:
    holder, plain = _twins()
    assert (holder.to_act, plain.to_act) == (frozenset({0, 2}), frozenset({2}))
    assert holder.view(0).to_act == frozenset({0, 2})  # the offered seat knows
    for seat in (None, 1, 2, 3):
        assert holder.view(seat) == plain.view(seat)
        assert holder.view(seat).to_act == frozenset({2})
    after = holder.apply(GAME.parse_action("wait"), 0)
    for seat in (None, 1, 2, 3):
        assert after.view(seat) == holder.view(seat)  # a wait changes nothing they see
    assert (after.view(0).to_act, after.view(0).waited) == (frozenset({2}), 1)


@pytest.mark.rule("wypas:specials.secret-holders")
def test_an_offer_shows_in_no_other_seats_prompt_render_or_html() -> None:
    holder, plain = _twins()
    for seat in (None, 1, 2, 3):
        assert holder.prompt(seat) == plain.prompt(seat)
        assert GAME.render(holder.view(seat)) == GAME.render(plain.view(seat))
        assert GAME.render_html(holder.view(seat)) == GAME.render_html(plain.view(seat))
    assert holder.prompt(0).startswith("p0: you may play a special card now, or wait")
    assert "offered a special card" in GAME.render(holder.view(0))
    assert "offered a special card" in GAME.render_html(holder.view(0))


@pytest.mark.rule("wypas:specials.secret-holders")
def test_a_wait_is_seen_by_nobody_else() -> None:
    wait = GAME.parse_action("wait")
    assert GAME.public_notation(wait, 0, 0) == "wait"
    for viewer in (None, 1, 2, 3):
        assert GAME.public_notation(wait, 0, viewer) == ""  # not even that a move was made


# -- every mistake is refused with its rule, and changes nothing ----------------------------


def _refused(state: State, text: str, seat: int, reason: str) -> None:
    before = dumps(state, game=GAME)
    with pytest.raises(IllegalActionError, match=reason):
        state.apply(GAME.parse_action(text), seat)
    assert state.check(GAME.parse_action(text), seat) is not None
    assert dumps(state, game=GAME) == before


@pytest.mark.rule("wypas:specials.offers")
def test_an_offered_seat_plays_a_special_card_or_waits_and_nothing_else() -> None:
    state = auction(thief_at=0)
    _refused(state, "pass", 0, "offered a special card while p2 is to act")
    _refused(state, "bid red-1", 0, "offered a special card while p2 is to act")
    _refused(state, "thief p0", 0, "robs another player, not yourself")


@pytest.mark.rule("wypas:specials.wait")
def test_wait_is_refused_to_the_seat_to_act_and_to_a_seat_with_no_offer() -> None:
    state = auction(thief_at=0)
    _refused(state, "wait", 2, "declines an offer .* it is your move now")
    _refused(state, "wait", 1, "you have none now")
    waited = state.apply(GAME.parse_action("wait"), 0)
    _refused(waited, "wait", 0, "already chose to wait")
    _refused(waited, "thief p1", 0, "you chose to wait: .* after the next move by another")


@pytest.mark.rule("wypas:specials.any-moment", "wypas:specials.reactions")
def test_a_seat_not_offered_is_told_the_rule_not_just_whose_turn_it_is() -> None:
    state = auction(thief_at=0)
    _refused(state, "thief p2", 1, "you hold no thief card")
    _refused(state, "bid yellow-4", 1, r"not player 1's turn \(waiting for player 2\)")
    played = state.apply(GAME.parse_action("thief p3"), 0)
    _refused(played, "dog", 3, "reactions go round one player at a time .* p1 is asked now")


@pytest.mark.rule("wypas:specials.secret-holders")
def test_the_error_for_another_seats_turn_names_only_the_seat_the_table_sees() -> None:
    state = auction(thief_at=0)
    with pytest.raises(IllegalActionError) as err:
        state.apply(GAME.parse_action("bid yellow-4"), 1)
    assert "waiting for player 2)" in err.value.reason  # not "player 0, 2"


# -- loading: offers agree with the hands; old records are refused ----------------------------


def _fields(state: State, **changes: Any) -> dict[str, Any]:
    """The fields `arrange` needs to rebuild `state`, with `changes`."""
    names = ("phase", "lot", "opener", "actor", "high", "bids", "laid", "hands", "pens")
    return {**{n: getattr(state, n) for n in names}, **changes}


def _tampered(obj: object, **changes: object) -> str:
    """`obj`'s JSON with some fields changed."""
    data = json.loads(dumps(obj, game=GAME))
    data.update(changes)
    return json.dumps(data)


def test_a_state_or_view_whose_offers_disagree_with_the_hands_is_refused() -> None:
    holder, plain = _twins()
    with pytest.raises(CorruptDataError, match="seats offered a special card they could play"):
        loads(_tampered(plain, to_act=[0, 2]), game=GAME)  # seat 0 holds no special card
    with pytest.raises(CorruptDataError, match="seats offered a special card"):
        loads(_tampered(holder.view(0), to_act=[2]), game=GAME)  # its own offer left out
    with pytest.raises(CorruptDataError, match="only its own wait"):
        loads(_tampered(holder.view(1), waited=1), game=GAME)
    with pytest.raises(CorruptDataError, match="only a seat offered a special card"):
        loads(_tampered(plain, waited=1), game=GAME)


def test_determinize_keeps_the_seats_own_offer_and_wait_and_deals_the_others() -> None:
    holder, _ = _twins()
    waited = holder.apply(GAME.parse_action("wait"), 0)
    for state in (holder, waited):
        for seed in range(4):
            world = GAME.determinize(state.view(0), seed)
            assert world.view(0) == state.view(0)
            assert world.legal_actions(0) == state.legal_actions(0)
    # Seat 1 cannot tell who holds a special card, nor who is deciding on one: the
    # Thief lands in other hands, and whoever could play it has let this moment go by.
    worlds = [GAME.determinize(holder.view(1), seed) for seed in range(80)]
    holders = {q for w in worlds for q in range(4) if k("thief") in w.hands[q] and q != 1}
    assert len(holders) > 1
    assert all(w.to_act == frozenset({2}) and w.view(1) == holder.view(1) for w in worlds)
    offered = [w for w in worlds if w.waited]
    assert offered
    assert all(play(w, "pass").waited == 0 for w in offered)  # the next move offers again


def test_a_record_of_the_rules_before_offers_is_refused_by_name() -> None:
    record = GameRecord("wypas", "1", 4, 0, (), ((0, "pass"),))
    with pytest.raises(CorruptDataError, match="rules version '1' cannot be replayed by rules"):
        record.replay()
    with pytest.raises(CorruptDataError, match="rules version"):
        loads(_tampered(GAME.start(4, seed=0), **{"$rules": "1"}), game=GAME)


# -- properties -------------------------------------------------------------------------


@given(states)
@pytest.mark.rule("wypas:specials.offers")
def test_exactly_the_seats_that_could_play_a_special_card_are_offered_one(state: State) -> None:
    holders = holding(state.hands)
    # every seat's could-play decision on this table, as if in a turn of nobody's
    could = offered_mask(BID, -1, state.hands, holders, state.pens, state.wolves, 0)
    for q in range(state.players):
        plays = plays_of(state.hands[q], q, holders, state.pens, state.wolves)
        assert bool(could >> q & 1) == bool(plays)
        if q != state.actor and state.phase in TURNS:
            offered = q in state.to_act or bool(state.waited >> q & 1)
            assert offered == bool(plays)
            if q in state.to_act:
                assert state.legal_actions(q) == (WAIT, *plays)
        elif q != state.actor:
            assert q not in state.to_act  # no offers while a card awaits its reactions


@given(states, states)
def test_could_play_answers_for_each_table_whichever_came_last(first: State, second: State) -> None:
    # Issue 34: could_play keeps its last answer for the very same tuples; it must
    # never give one table's answer for another, nor for equal tuples it did not see.
    def fresh(s: State) -> int:
        return offered_mask(BID, -1, s.hands, -1, s.pens, s.wolves, 0)

    for s in (first, second, first, second, second):
        assert could_play(s.hands, s.pens, s.wolves) == fresh(s)
    copies = (tuple(map(tuple, first.hands)), first.pens, first.wolves)
    assert could_play(*copies) == fresh(first)
    # Other hands on the very same pens and wolves (a bid): the pens' targets are
    # kept from the last table, every seat's hand is judged again.
    mixed = (second.hands, first.pens, first.wolves)
    expected = offered_mask(BID, -1, second.hands, -1, first.pens, first.wolves, 0)
    assert could_play(*mixed) == expected

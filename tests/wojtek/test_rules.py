"""Rule tests: each rulebook section, with its worked examples, on hand-made positions.

Route colours used below (from data/board_standard.json, Buzuluk = route 0):
route 6 red, 7 green, 8 yellow, 9 blue, 10 violet, 11 Tehran (red), 18 blue,
45 green, 46 Bologna (pink), 54 pink, 55 blue, then Edinburgh.
"""

from __future__ import annotations

import pytest

from meeple.core import IllegalActionError, InvalidOptionsError, Match
from meeple.wojtek import GAME, Options
from meeple.wojtek.components import (
    BEAR_KINDS,
    CITIES,
    HAND_SIZE,
    NO_CARD,
    RAINBOW,
    TRAVEL_COUNTS,
)
from meeple.wojtek.state import (
    BOX_PHASE,
    DEPORT,
    DEPORT_TO,
    DROP_PHASE,
    EXCHANGE_PHASE,
    OVER,
    TARGET,
    TURN,
    USE_PHASE,
)

from .helpers import (
    BOARD,
    bear,
    collection,
    colour,
    hand,
    names,
    play,
    position,
    route,
    space,
)

BLUE, VIOLET, PINK, RED, YELLOW = (colour(c) for c in ("blue", "violet", "pink", "red", "yellow"))
BOLOGNA = CITIES.index("Bologna")
EDINBURGH = CITIES.index("Edinburgh")
FILLER = hand("violet", "violet", "green", "green", "green")
"""The hand of players a test does not look at."""


# -- setup ----------------------------------------------------------------------
@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_setup_lays_out_seven_bear_cards_and_deals_five_travel_cards(players: int) -> None:
    state = GAME.start(players, seed=3)
    assert all(card != NO_CARD for card in state.display)
    assert len(state.display) == 7
    assert all(sum(h) == HAND_SIZE for h in state.hands)
    assert len(state.travel_deck) == 55 - HAND_SIZE * players
    assert len(state.bear_deck) == 104 - 7
    assert state.positions == (BOARD.start,) * players
    assert state.phase == DEPORT
    assert state.to_act == frozenset({0})
    assert names(state.legal_actions()) == ["draw"]


# -- deportations -----------------------------------------------------------------
def test_deportation_truck_card_sends_pawn_to_that_site_and_takes_its_bear_card() -> None:
    # Rulebook: Thaddeus draws a light green truck card and goes to Uzbekistan.
    green = colour("green")
    new_card = bear("flag of iran")
    state = position(
        2,
        positions=[BOARD.start] * 2,
        phase=DEPORT,
        round_=1,
        travel_top=[green],
        bear_top=[new_card],
    )
    taken = state.display[green]
    after = play(state, "draw")
    assert BOARD.titles[after.positions[0]] == "Uzbekistan"
    assert after.collections[0][taken] == 1
    assert after.display[green] == new_card
    assert after.travel_discard[green] == 1  # the drawn card is used up
    assert sum(after.hands[0]) == HAND_SIZE
    assert after.to_act == frozenset({1})
    assert after.phase == DEPORT


def test_deportation_rainbow_card_lets_the_player_choose_the_site() -> None:
    state = position(2, positions=[BOARD.start] * 2, phase=DEPORT, round_=1, travel_top=[RAINBOW])
    chosen = play(state, "draw")
    assert chosen.phase == DEPORT_TO
    assert names(chosen.legal_actions()) == [
        f"to {c}" for c in ("red", "orange", "yellow", "green", "blue", "violet", "pink")
    ]
    after = play(chosen, "to violet")
    assert after.positions[0] == BOARD.sites[VIOLET]
    assert after.collections[0][state.display[VIOLET]] == 1


def test_deportation_sites_hold_several_pawns_and_round_two_follows() -> None:
    state = position(
        2, positions=[BOARD.start] * 2, phase=DEPORT, round_=1, travel_top=[BLUE, BLUE]
    )
    after = play(state, "draw", "draw")
    assert after.positions == (BOARD.sites[BLUE],) * 2
    assert after.round == 2
    assert after.phase == TURN
    assert after.to_act == frozenset({0})


# -- travelling ------------------------------------------------------------------------
def test_truck_moves_to_next_empty_space_of_its_colour_jumping_pawns() -> None:
    # Rulebook example a): the first blue space ahead is occupied, so the next one.
    state = position(
        2,
        positions=[route(6), route(9)],
        hands=[hand("blue", "red", "red", "pink", "pink"), FILLER],
        travel_top=[YELLOW],
        bear_top=[bear("dates")],
    )
    after = play(state, "truck blue")
    assert after.positions[0] == route(18)
    assert after.collections[0][state.display[BLUE]] == 1
    assert after.display[BLUE] == bear("dates")
    assert after.travel_discard[BLUE] == 1
    assert after.hands[0] == hand("red", "pink", "pink", "red", "yellow")
    assert after.to_act == frozenset({1})


def test_walking_stops_before_the_next_pawn() -> None:
    # Rulebook example b): yellow, light green or blue, not the occupied violet or beyond.
    state = position(
        2,
        positions=[route(6), route(10)],
        hands=[hand("rainbow", "red", "red", "pink", "pink"), FILLER],
    )
    walks = [n for n in names(state.legal_actions()) if n.startswith("walk")]
    assert walks == ["walk yellow", "walk green", "walk blue"]
    reason = state.check(GAME.parse_action("walk violet"))
    assert reason is not None
    assert "pass another pawn" in reason
    after = play(state, "walk green")
    assert after.positions[0] == route(7)
    assert after.travel_discard[RAINBOW] == 1
    assert after.collections[0][state.display[colour("green")]] == 1


def test_walking_is_impossible_when_the_next_space_holds_a_pawn() -> None:
    state = position(
        2,
        positions=[route(6), route(7)],
        hands=[hand("rainbow", "red", "red", "pink", "pink"), FILLER],
    )
    assert not [n for n in names(state.legal_actions()) if n.startswith("walk")]


def test_three_card_move_drops_a_bear_card_then_moves_like_a_truck() -> None:
    # Rulebook example c): discard a display card (refilled), three same-colour
    # cards, choose blue; here the first blue space is taken, so the pawn jumps on.
    refill = bear("flag of egypt")
    state = position(
        2,
        positions=[route(6), route(9)],
        hands=[hand("orange", "orange", "orange", "red", "pink"), FILLER],
        bear_top=[bear("dates"), refill],
    )
    dropped = state.display[YELLOW]
    assert "three" in names(state.legal_actions())
    s = play(state, "three")
    assert s.phase == DROP_PHASE
    assert names(s.legal_actions()) == [
        f"drop {c}" for c in ("red", "orange", "yellow", "green", "blue", "violet", "pink")
    ]
    s = play(s, "drop yellow")
    assert s.bear_discard[dropped] == 1
    assert s.display[YELLOW] == refill
    assert s.phase == USE_PHASE
    assert names(s.legal_actions()) == ["use orange"]
    s = play(s, "use orange", "use orange", "use orange")
    assert s.phase == TARGET
    assert s.pending == hand("orange", "orange", "orange")
    after = play(s, "to blue")
    assert after.positions[0] == route(18)
    assert after.travel_discard[colour("orange")] == 3
    assert after.collections[0][state.display[BLUE]] == 1
    assert sum(after.hands[0]) == HAND_SIZE


def test_three_card_move_mixes_rainbows_with_trucks_of_one_colour_only() -> None:
    state = position(
        2,
        positions=[route(6), route(30)],
        hands=[hand("red", "blue", "rainbow", "rainbow", "pink"), FILLER],
    )
    s = play(state, "three", "drop red")
    assert names(s.legal_actions()) == ["use red", "use blue", "use pink", "use rainbow"]
    s = play(s, "use red")
    assert names(s.legal_actions()) == ["use rainbow"]
    reason = s.check(GAME.parse_action("use blue"))
    assert reason is not None
    assert "one single colour" in reason
    s = play(s, "use rainbow")
    assert names(s.legal_actions()) == ["use rainbow"]


def test_three_card_move_needs_three_usable_cards() -> None:
    state = position(
        2,
        positions=[route(6), route(30)],
        hands=[
            hand("red", "red", "blue", "rainbow", "pink"),
            hand("red", "blue", "yellow", "pink", "rainbow"),
        ],
    )
    assert "three" in names(state.legal_actions())
    s = play(state, "three", "drop red")
    # red red rainbow works; blue or pink cannot reach three with one rainbow
    assert names(s.legal_actions()) == ["use red", "use rainbow"]
    s = play(s, "use rainbow")
    assert names(s.legal_actions()) == ["use red"]
    other = position(
        2,
        positions=[route(6), route(30)],
        current=1,
        hands=[
            hand("red", "red", "blue", "rainbow", "pink"),
            hand("red", "blue", "yellow", "pink", "rainbow"),
        ],
    )
    assert "three" not in names(other.legal_actions())
    reason = other.check(GAME.parse_action("three"))
    assert reason is not None
    assert "three travel cards" in reason


def test_younger_children_skip_the_drop_of_the_three_card_move() -> None:
    state = position(
        2,
        positions=[route(6), route(30)],
        hands=[hand("red", "red", "red", "pink", "pink"), FILLER],
        options=Options(no_drop_on_three=True),
    )
    s = play(state, "three")
    assert s.phase == USE_PHASE
    assert s.display == state.display


def test_exchange_discards_chosen_cards_refills_and_takes_no_bear_card() -> None:
    state = position(
        2,
        positions=[route(6), route(30)],
        hands=[hand("red", "red", "blue", "pink", "pink"), FILLER],
        travel_top=[YELLOW, RAINBOW],
    )
    s = play(state, "exchange red")
    assert s.phase == EXCHANGE_PHASE
    assert names(s.legal_actions()) == ["exchange red", "exchange blue", "exchange pink", "done"]
    after = play(s, "exchange pink", "done")
    assert after.hands[0] == hand("red", "blue", "pink", "rainbow", "yellow")
    assert after.positions == state.positions
    assert after.collections == state.collections
    assert after.display == state.display
    assert after.travel_discard == hand("red", "pink")
    assert after.to_act == frozenset({1})


# -- piles running out -----------------------------------------------------------------
def test_travel_discards_are_reshuffled_when_the_deck_runs_out() -> None:
    hands = [hand("red", "red", "blue", "pink", "pink"), hand(*["orange"] * 5)]
    discard = list(TRAVEL_COUNTS)
    for h in hands:
        discard = [a - b for a, b in zip(discard, h, strict=True)]
    state = position(
        2,
        positions=[route(6), route(30)],
        hands=hands,
        travel_deck=[],
        travel_discard=tuple(discard),
    )
    after = play(state, "truck red")
    assert sum(after.travel_discard) == 0
    assert len(after.travel_deck) == 55 - 10
    assert sum(after.hands[0]) == HAND_SIZE
    after.validate()


def test_bear_discards_are_reshuffled_when_the_stack_runs_out() -> None:
    display = list(position(2, positions=[route(27), route(40)]).display)
    left = [4] * (BEAR_KINDS - 1) + [8]
    for k in display:
        left[k] -= 1
    state = position(
        2, positions=[route(27), route(40)], display=display, bear_deck=[], bear_discard=tuple(left)
    )
    after = play(state, "truck red")
    assert after.display[RED] != NO_CARD
    assert sum(after.bear_discard) == 0
    assert len(after.bear_deck) == 104 - 7 - 1
    after.validate()


def test_an_empty_box_gives_no_card_when_every_bear_card_is_out() -> None:
    display = [bear("dates"), bear("sweets"), NO_CARD, NO_CARD, NO_CARD, NO_CARD, NO_CARD]
    rest = [4] * (BEAR_KINDS - 1) + [8]
    rest[bear("dates")] -= 1
    rest[bear("sweets")] -= 1
    state = position(
        2,
        positions=[route(27), route(40)],
        display=display,
        bear_deck=[],
        hands=[hand("red", "red", "orange", "yellow", "green"), FILLER],
        collections=[tuple(rest), (0,) * BEAR_KINDS],
    )
    after = play(state, "truck red")  # red box: dates, nothing to refill with
    assert after.display[RED] == NO_CARD
    assert after.collections[0][bear("dates")] == 4
    s = play(after, "three")  # player 1 drops from the only card left
    assert names(s.legal_actions()) == ["drop orange"]


# -- cities --------------------------------------------------------------------------------
def test_first_arrival_in_a_city_takes_its_card_and_replaces_the_display() -> None:
    # Rulebook: first to Bologna takes the city card, the box card of Bologna's
    # colour, then discards the display and deals seven new cards.
    new = [
        bear(n)
        for n in (
            "flag of italy",
            "flag of egypt",
            "flag of iran",
            "flag of poland",
            "flag of britain",
            "white eagle",
            "marmalade",
        )
    ]
    state = position(
        2,
        positions=[route(45), route(30)],
        hands=[hand("pink", "red", "red", "red", "red"), FILLER],
        bear_top=new,
    )
    after = play(state, "truck pink")
    assert after.positions[0] == space("Bologna")
    assert after.city_owner[BOLOGNA] == 0
    assert after.collections[0][state.display[PINK]] == 1
    remaining = [k for c, k in enumerate(state.display) if c != PINK]
    assert sum(after.bear_discard) == 6
    assert all(after.bear_discard[k] >= 1 for k in remaining)
    assert after.display == tuple(reversed(new))
    assert sum(after.collections[0]) == 1


def test_later_arrivals_in_a_city_take_only_a_bear_card() -> None:
    state = position(
        2,
        positions=[route(45), route(50)],
        city_owner=[-1, -1, -1, -1, 1, -1],
        hands=[hand("pink", "red", "red", "red", "red"), FILLER],
        bear_top=[bear("dates")],
    )
    after = play(state, "truck pink")
    assert after.city_owner[BOLOGNA] == 1
    assert sum(after.bear_discard) == 0
    assert after.display[PINK] == bear("dates")


def test_younger_children_keep_the_display_at_cities() -> None:
    state = position(
        2,
        positions=[route(45), route(30)],
        hands=[hand("pink", "red", "red", "red", "red"), FILLER],
        bear_top=[bear("dates")],
        options=Options(no_city_refresh=True),
    )
    after = play(state, "truck pink")
    assert after.city_owner[BOLOGNA] == 0
    assert sum(after.bear_discard) == 0
    assert after.display[PINK] == bear("dates")


def test_jumping_over_a_city_does_not_claim_it() -> None:
    state = position(
        2,
        positions=[route(45), route(46)],
        hands=[hand("pink", "red", "red", "red", "red"), FILLER],
    )
    after = play(state, "truck pink")
    assert after.positions[0] == route(54)
    assert after.city_owner[BOLOGNA] == -1


# -- Edinburgh and the end ---------------------------------------------------------------------
def test_truck_to_edinburgh_takes_the_truck_colour_box_and_starts_the_last_round() -> None:
    state = position(
        3,
        positions=[route(54), route(30), route(20)],
        hands=[hand("orange", "red", "red", "red", "red")] + [FILLER] * 2,
    )
    # no orange space lies beyond route 54: Edinburgh counts as every colour
    after = play(state, "truck orange")
    assert after.positions[0] == BOARD.finish
    assert after.city_owner[EDINBURGH] == 0
    assert after.collections[0][state.display[colour("orange")]] == 1
    assert sum(after.bear_discard) == 6  # first arrival replaces the display
    assert after.ending
    assert after.to_act == frozenset({1})
    assert after.last_round == (2,)
    s = play(after, "exchange green", "done")
    assert s.to_act == frozenset({2})
    assert s.last_round == ()
    end = play(s, "exchange green", "done")
    assert end.is_over
    assert end.phase == OVER
    assert end.outcome().final


def test_walking_into_edinburgh_takes_a_bear_card_from_any_box() -> None:
    state = position(
        3,
        positions=[route(54), route(30), route(20)],
        hands=[hand("rainbow", "red", "red", "red", "red")] + [FILLER] * 2,
    )
    walks = [n for n in names(state.legal_actions()) if n.startswith("walk")]
    assert walks == ["walk blue", "walk edinburgh"]
    s = play(state, "walk edinburgh")
    assert s.phase == BOX_PHASE
    assert s.positions[0] == BOARD.finish
    assert len(s.legal_actions()) == 7
    after = play(s, "box violet")
    assert after.collections[0][state.display[VIOLET]] == 1
    assert sum(after.bear_discard) == 6
    assert after.ending
    assert after.to_act == frozenset({1})


def test_three_cards_into_edinburgh_choose_any_box_too() -> None:
    state = position(
        2,
        positions=[route(54), route(30)],
        hands=[hand("red", "red", "red", "pink", "pink"), FILLER],
    )
    s = play(state, "three", "drop red", "use red", "use red", "use red")
    # Only blue has a space left ahead of route 54; every other colour means Edinburgh.
    assert names(s.legal_actions()) == ["to blue", "to edinburgh"]
    reason = s.check(GAME.parse_action("to red"))
    assert reason is not None
    assert "edinburgh" in reason
    s = play(s, "to edinburgh")
    assert s.phase == BOX_PHASE
    after = play(s, "box pink")
    assert after.is_over is False
    assert after.to_act == frozenset({1})


def test_edinburgh_holds_any_number_of_pawns_and_finished_players_never_act() -> None:
    state = position(
        3,
        positions=[BOARD.finish, route(54), route(20)],
        current=1,
        city_owner=[-1, -1, -1, -1, -1, 0],
        ending=True,
        last_round=(2,),
        hands=[FILLER, hand("orange", "red", "red", "red", "red"), FILLER],
    )
    after = play(state, "truck orange")
    assert after.positions[:2] == (BOARD.finish, BOARD.finish)
    assert after.city_owner[EDINBURGH] == 0  # only the first arrival takes the card
    assert after.to_act == frozenset({2})
    end = play(after, "exchange green", "done")
    assert end.is_over


def test_a_complete_set_starts_the_last_round() -> None:
    five_food = collection(
        "corned beef", "fruits and honey", "condensed milk", "marmalade", "dates"
    )
    display = list(position(2, positions=[route(6), route(30)]).display)
    display[RED] = bear("sweets")
    state = position(
        3,
        positions=[route(6), route(30), route(20)],
        display=display,
        collections=[five_food, (0,) * BEAR_KINDS, (0,) * BEAR_KINDS],
        hands=[hand("red", "red", "red", "red", "red")] + [FILLER] * 2,
    )
    after = play(state, "truck red")
    assert after.ending
    assert after.last_round == (2,)
    assert after.to_act == frozenset({1})
    s = play(after, "exchange green", "done", "exchange green", "done")
    assert s.is_over
    assert s.outcome().scores[0] == 6
    assert s.outcome().winners == frozenset({0})


def test_person_cards_do_not_complete_the_set_that_ends_the_game() -> None:
    # Our reading: the end trigger needs six different real cards of one type.
    five_flags = collection(
        "flag of poland",
        "flag of britain",
        "flag of iran",
        "flag of egypt",
        "flag of italy",
        "person",
    )
    display = list(position(2, positions=[route(6), route(30)]).display)
    display[RED] = bear("person")
    state = position(
        2,
        positions=[route(6), route(30)],
        display=display,
        collections=[five_flags, (0,) * BEAR_KINDS],
    )
    after = play(state, "truck red")
    assert not after.ending
    assert after.outcome().scores[0] == 6  # but it scores as a complete set


def test_the_round_limit_ends_a_stalled_game() -> None:
    state = position(2, positions=[route(6), route(30)], round_=3, options=Options(round_limit=3))
    s = play(state, "exchange red", "done")
    assert s.to_act == frozenset({1})
    end = play(s, "exchange red", "done")
    assert end.is_over
    assert end.round == 3


# -- errors and options ------------------------------------------------------------------------
def test_refusals_name_the_rule() -> None:
    state = position(2, positions=[route(6), route(30)])
    with pytest.raises(IllegalActionError) as err:
        state.apply(GAME.parse_action("truck violet"))
    assert "truck" in err.value.reason
    assert "exchange" in (state.check(GAME.parse_action("done")) or "")
    assert "no violet travel card" in (state.check(GAME.parse_action("exchange violet")) or "")
    assert state.check(GAME.parse_action("drop red")) is not None


@pytest.mark.parametrize(
    ("values", "fragment"),
    [
        ({"round_limit": 1}, "round_limit"),
        ({"round_limit": "many"}, "round_limit"),
        ({"board": "/no/such/board.json"}, "cannot be read"),
        ({"colour_blind": True}, "unknown option"),
    ],
)
def test_bad_options_are_refused(values: dict[str, object], fragment: str) -> None:
    with pytest.raises(InvalidOptionsError, match=fragment):
        Match(GAME, 2, seed=1, **values)


def test_max_steps_bounds_the_longest_turns() -> None:
    # 2 deportation steps per seat, at most 7 steps per later turn, every round.
    assert GAME.spec.max_steps(5) >= 5 * 2 + 5 * 7 * (Options().round_limit - 1)


def test_a_pawn_in_the_way_blocks_walking_into_edinburgh() -> None:
    state = position(
        2,
        positions=[route(54), route(55)],
        hands=[hand("rainbow", "red", "red", "red", "red"), FILLER],
    )
    assert not [n for n in names(state.legal_actions()) if n.startswith("walk")]


def test_a_truck_jumps_to_edinburgh_when_every_space_of_its_colour_is_taken() -> None:
    # From route 54 the only blue space ahead is route 55; with a pawn on it, Edinburgh.
    state = position(
        2,
        positions=[route(54), route(55)],
        hands=[hand("blue", "red", "red", "red", "red"), FILLER],
    )
    after = play(state, "truck blue")
    assert after.positions[0] == BOARD.finish
    assert after.collections[0][state.display[BLUE]] == 1


def test_the_last_round_runs_in_seat_order_across_the_round_boundary() -> None:
    # Seat 1 completes a set: seats 2 and then 0 (in the next round) play once more.
    five_fun = collection("wrestling", "swimming", "football", "truck ride", "shower")
    display = list(position(2, positions=[route(6), route(30)]).display)
    display[RED] = bear("boxing")
    state = position(
        3,
        positions=[route(40), route(27), route(20)],
        current=1,
        display=display,
        collections=[(0,) * BEAR_KINDS, five_fun, (0,) * BEAR_KINDS],
        hands=[FILLER, hand("red", "red", "orange", "yellow", "green"), FILLER],
    )
    after = play(state, "truck red")
    assert after.ending
    assert after.last_round == (0,)
    assert after.to_act == frozenset({2})
    s = play(after, "exchange green", "done")
    assert s.to_act == frozenset({0})
    assert s.round == state.round + 1
    end = play(s, "exchange green", "done")
    assert end.is_over
    assert end.outcome().winners == frozenset({1})

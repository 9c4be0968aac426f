"""The rulebook's worked examples, one test each, in the order the rulebook gives them.

Each test says where its example is (the rulebook section) and retells it in our
words. The board positions are ours: the published board is not public (see
docs/rules/wojtek.md), so each example is set up on our board with the same shape.

Positions are hand-made on the standard board (route colours: see `helpers`).
"""

from __future__ import annotations

import pytest

from meeple.testing import assert_refused
from meeple.wojtek import GAME
from meeple.wojtek.components import HAND_SIZE
from meeple.wojtek.components import RAINBOW
from meeple.wojtek.scoring import arrange
from meeple.wojtek.scoring import outcome_of
from meeple.wojtek.scoring import set_sizes
from meeple.wojtek.state import DEPORT
from meeple.wojtek.state import DROP
from meeple.wojtek.state import TARGET
from meeple.wojtek.state import USE

from .helpers import BLUE
from .helpers import BOARD
from .helpers import BOLOGNA
from .helpers import EMBLEMS
from .helpers import FLAGS
from .helpers import FOOD
from .helpers import FUN
from .helpers import PINK
from .helpers import YELLOW
from .helpers import bear
from .helpers import collection
from .helpers import colour
from .helpers import hand
from .helpers import names
from .helpers import on_route
from .helpers import owners
from .helpers import play
from .helpers import position
from .helpers import route
from .helpers import space


@pytest.mark.rule("wojtek:deport.draw", "wojtek:deport.card-used", "wojtek:take.box")
def test_deportation_truck_card_sends_pawn_to_that_site_and_takes_its_bear_card() -> None:
    # "Deportations": Thaddeus's first card is a light green truck card, so his pawn
    # goes from Poland to the light green site, Uzbekistan, and takes that box's card.
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


@pytest.mark.rule("wojtek:move.truck", "wojtek:move.forward")
def test_truck_moves_to_next_empty_space_of_its_colour_jumping_pawns() -> None:
    # "How to Travel", example a): the nearest blue space ahead holds a pawn, so
    # Thaddeus's truck goes on to the next blue space, which is empty.
    state = on_route(
        (6, 9),
        hand("blue", "red", "red", "pink", "pink"),
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


@pytest.mark.rule("wojtek:move.walk", "wojtek:move.walk-block")
def test_walking_stops_before_the_next_pawn() -> None:
    # "How to Travel", example b): walking, Thaddeus may stop on the yellow, light green
    # or blue space; the violet one holds a pawn and nothing beyond it can be reached.
    state = on_route((6, 10), hand("rainbow", "red", "red", "pink", "pink"))
    walks = [n for n in names(state.legal_actions()) if n.startswith("walk")]
    assert walks == ["walk yellow", "walk green", "walk blue"]
    assert_refused(GAME, state, "walk violet", "pass another pawn")
    after = play(state, "walk green")
    assert after.positions[0] == route(7)
    assert after.travel_discard[RAINBOW] == 1
    assert after.collections[0][state.display[colour("green")]] == 1


@pytest.mark.rule("wojtek:move.three")
def test_three_card_move_drops_a_bear_card_then_moves_like_a_truck() -> None:
    # "How to Travel", example c): Thaddeus discards a bear card from the board (it is
    # refilled from the stack), plays three cards of one colour and names blue; here
    # the first blue space is taken, so the pawn jumps on like a truck.
    refill = bear("flag of egypt")
    state = on_route(
        (6, 9), hand("orange", "orange", "orange", "red", "pink"), bear_top=[bear("dates"), refill]
    )
    dropped = state.display[YELLOW]
    assert "three" in names(state.legal_actions())
    s = play(state, "three")
    assert s.phase == DROP
    assert names(s.legal_actions()) == [
        f"drop {c}" for c in ("red", "orange", "yellow", "green", "blue", "violet", "pink")
    ]
    s = play(s, "drop yellow")
    assert s.bear_discard[dropped] == 1
    assert s.display[YELLOW] == refill
    assert s.phase == USE
    assert names(s.legal_actions()) == ["use orange"]
    s = play(s, "use orange", "use orange", "use orange")
    assert s.phase == TARGET
    assert s.pending == hand("orange", "orange", "orange")
    after = play(s, "to blue")
    assert after.positions[0] == route(18)
    assert after.travel_discard[colour("orange")] == 3
    assert after.collections[0][state.display[BLUE]] == 1
    assert sum(after.hands[0]) == HAND_SIZE


@pytest.mark.rule("wojtek:take.box")
def test_taking_the_bear_card_of_the_colour_landed_on() -> None:
    # "How to Take Bear Cards": Thaddeus lands on a blue space, so he takes the card
    # in the blue box and puts the top card of the stack in its place.
    state = on_route(
        (6, 30), hand("blue", "red", "red", "pink", "pink"), bear_top=[bear("marmalade")]
    )
    before = state.display
    after = play(state, "truck blue")
    assert BOARD.colours[after.positions[0]] == BLUE
    assert after.collections[0][before[BLUE]] == 1
    assert sum(after.collections[0]) == 1
    assert after.display[BLUE] == bear("marmalade")
    assert after.display[:BLUE] == before[:BLUE]
    assert after.display[BLUE + 1 :] == before[BLUE + 1 :]


@pytest.mark.rule("wojtek:city.first", "wojtek:city.landing")
def test_first_arrival_in_a_city_takes_its_card_and_replaces_the_display() -> None:
    # "Cities": Thaddeus is first in Bologna, so he takes its city card and the bear
    # card of Bologna's colour, then the rest of the display is discarded and seven
    # new cards are dealt. (The rulebook's Bologna is blue; on our board it is pink.)
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
    state = on_route((45, 30), hand("pink", "red", "red", "red", "red"), bear_top=new)
    after = play(state, "truck pink")
    assert after.positions[0] == space("Bologna")
    assert after.city_owner[BOLOGNA] == 0
    assert after.collections[0][state.display[PINK]] == 1
    remaining = [k for c, k in enumerate(state.display) if c != PINK]
    assert sum(after.bear_discard) == 6
    assert all(after.bear_discard[k] >= 1 for k in remaining)
    assert after.display == tuple(reversed(new))
    assert sum(after.collections[0]) == 1


@pytest.mark.rule("wojtek:scoring.ranking")
def test_sophie_wins_with_the_only_complete_set() -> None:
    # "Who Won?": Sophie holds all six food cards and nobody else has a set of six,
    # so she wins.
    sophie = collection(*FOOD)
    others = collection(*FUN[:5], *FLAGS[:5])
    outcome = outcome_of((sophie, others), owners(), final=True)
    assert outcome.scores == (6, 5)
    assert outcome.winners == frozenset({0})


@pytest.mark.rule("wojtek:scoring.ranking")
def test_mary_beats_thaddeus_on_the_second_largest_set() -> None:
    # "Who Won?": Mary (food) and Thaddeus (flags) both have a set of six; Mary's next
    # set is 3 fun cards against his 2 emblems, so she is first and he is second.
    mary = collection(*FOOD, *FUN[:3])
    thaddeus = collection(*FLAGS, *EMBLEMS[:2])
    outcome = outcome_of((mary, thaddeus), owners(), final=True)
    assert outcome.ranks == (1, 2)
    assert outcome.detail(0)["set sizes"] == (6, 3)
    assert outcome.detail(1)["set sizes"] == (6, 2)


@pytest.mark.rule("wojtek:scoring.sets")
def test_jack_splits_duplicates_into_a_second_set() -> None:
    # "Who Won?": Jack has five food cards plus a second corned beef and a second
    # fruits and honey: a set of 5 and another set of 2.
    jack = collection(*FOOD[:5], "corned beef", "fruits and honey")
    assert set_sizes(jack) == (5, 2)
    second = arrange(jack).sets[1]
    assert second.cards == (0, 1)  # corned beef and fruits and honey


@pytest.mark.rule("wojtek:scoring.sets", "wojtek:components.persons")
def test_thaddeus_fills_the_missing_flag_with_a_city_and_a_person() -> None:
    # "Using City and Person Cards": Thaddeus lacks the flag of Scotland and holds one
    # city card and two persons; a person and the city card (or the two persons)
    # stand in for it.
    thaddeus = collection(*FLAGS[1:], "person", "person")
    result = arrange(thaddeus, cities=1)
    assert result.key == (6,)
    assert result.sets[0].substitutes == 1
    assert result.unused == 1  # the leftover card counts for nothing
    # the two persons alone do the same
    assert arrange(thaddeus, cities=0).key == (6,)
    assert arrange(thaddeus, cities=0).unused == 0


@pytest.mark.rule("wojtek:scoring.substitutes")
def test_thaddeus_discards_the_card_left_over() -> None:
    # "Using City and Person Cards": after pairing, Thaddeus has one person card left;
    # it counts for nothing.
    thaddeus = collection(*FLAGS[1:], "person", "person")
    result = arrange(thaddeus, cities=1)
    assert result.unused == 1
    assert result.key == arrange(collection(*FLAGS[1:], "person"), cities=1).key

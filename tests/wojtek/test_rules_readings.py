"""Readings as options (issue 15, item 5): where the rulebook can be read two ways and
the reading changes who wins, our reading is the default and the other an option.

* ``substitute_sets_end_game``: a set of six completed with city or person cards
  also starts the last round;
* ``refresh_every_edinburgh``: every arrival in Edinburgh replaces the display.

Each option gets a crafted game here in which the same moves end with another
winner. Positions are hand-made on the standard board (route colours: `helpers`).
"""

from __future__ import annotations

import pytest

import meeple
from meeple.core import InvalidOptionsError
from meeple.wojtek import Options
from meeple.wojtek.components import BEAR_KINDS
from meeple.wojtek.state import State

from .helpers import BOARD
from .helpers import FILLER
from .helpers import FLAGS
from .helpers import FOOD
from .helpers import FUN
from .helpers import bear
from .helpers import collection
from .helpers import colour
from .helpers import hand
from .helpers import on_route
from .helpers import owners
from .helpers import play
from .helpers import position
from .helpers import route

PINK, RED, ORANGE, YELLOW = (colour(c) for c in ("pink", "red", "orange", "yellow"))


def _substitute_game(options: Options) -> State:
    """Seat 0 completes food with a person card and a city card; seat 1 can complete
    flags with real cards only a turn later."""
    display = list(position(2, positions=[route(12), route(30)]).display)
    display[PINK] = bear("person")
    display[RED] = bear("flag of scotland")
    return on_route(
        (12, 30),
        hand("pink", "pink", "pink", "pink", "pink"),
        # no red card, no rainbow, no three of a colour: red is out of reach for now
        hand("orange", "yellow", "green", "blue", "violet"),
        display=display,
        collections=[
            collection(*FOOD[:5]),
            collection(*FLAGS[1:], *FOOD[:2]),
        ],
        city_owner=owners(1),  # seat 0 holds Buzuluk's city card
        travel_top=[RED, PINK],  # top last: seat 0 draws pink, then seat 1 draws red
        options=options,
    )


@pytest.mark.rule("wojtek:end.trigger", "wojtek:end.substitutes")
def test_a_set_completed_with_substitutes_ends_the_game_only_under_the_option() -> None:
    moves = ("truck pink", "exchange orange", "done")
    default = play(_substitute_game(Options()), *moves)
    assert default.collections[0][bear("person")] == 1
    assert default.outcome().scores[0] == 6  # it scores as a complete set ...
    assert not default.ending  # ... but does not start the last round
    later = play(default, "exchange pink", "done", "truck red")
    assert later.positions[1] == route(31)
    assert later.ending  # six different real flags do
    end = play(later, "exchange pink", "done")
    assert end.is_over
    assert end.outcome().winners == frozenset({1})  # flags 6 and food 2 beat food 6

    option = play(_substitute_game(Options(substitute_sets_end_game=True)), "truck pink")
    assert option.ending
    assert option.last_round == ()  # seat 1 plays its final turn now
    end = play(option, "exchange orange", "done")
    assert end.is_over
    assert end.outcome().winners == frozenset({0})


@pytest.mark.rule("wojtek:end.substitutes")
def test_a_city_card_claimed_this_turn_counts_for_the_substitute_trigger() -> None:
    # Five food, one person card: landing first on Tehran brings the second substitute.
    display = list(position(2, positions=[route(6), route(30)]).display)
    display[RED] = bear("wrestling")
    state = on_route(
        (6, 30),
        hand("red", "red", "red", "red", "red"),
        display=display,
        collections=[collection(*FOOD[:5], "person"), (0,) * BEAR_KINDS],
        options=Options(substitute_sets_end_game=True),
    )
    after = play(state, "truck red")
    assert after.positions[0] == route(11)  # Tehran
    assert after.city_owner[1] == 0
    assert after.ending


def _edinburgh_game(options: Options) -> State:
    """Seat 0 is in Edinburgh; seat 1 arrives second; seat 2 then takes the yellow box."""
    display = list(position(3, positions=[route(54), route(30), route(40)]).display)
    display[YELLOW] = bear("flag of scotland")
    return position(
        3,
        positions=[BOARD.finish, route(54), route(40)],
        current=1,
        city_owner=[-1, -1, -1, -1, -1, 0],
        ending=True,
        last_round=(2,),
        display=display,
        collections=[
            collection(*FOOD[:5], *FUN[:2]),
            (0,) * BEAR_KINDS,
            collection(*FLAGS[1:]),
        ],
        # Dealt onto the boxes, red first, when the display is replaced.
        bear_top=[bear(n) for n in reversed(("dates", "sweets", "wrestling", *FUN[3:], "boxing"))],
        hands=[FILLER, hand("orange", "red", "red", "red", "red"), hand("yellow", *["green"] * 4)],
        options=options,
    )


@pytest.mark.rule("wojtek:edinburgh.refresh")
def test_every_arrival_in_edinburgh_replaces_the_display_only_under_the_option() -> None:
    moves = ("truck orange", "truck yellow")
    default = play(_edinburgh_game(Options()), moves[0])
    assert default.display[YELLOW] == bear("flag of scotland")  # only the orange box refilled
    end = play(default, moves[1])
    assert end.is_over
    assert end.outcome().scores == (5, 1, 6)
    assert end.outcome().winners == frozenset({2})

    option = play(_edinburgh_game(Options(refresh_every_edinburgh=True)), moves[0])
    assert option.display[YELLOW] == bear("wrestling")
    assert sum(option.bear_discard) == 6  # the other six went to the discards
    end = play(option, moves[1])
    assert end.is_over
    assert end.outcome().scores == (5, 1, 5)
    assert end.outcome().winners == frozenset({0})  # food 5 and fun 2 beat flags 5, fun 1


def test_the_readings_are_options_of_every_front_end() -> None:
    game = meeple.get_game("wojtek")
    assert any("substitute_sets_end_game=true" in m for m in game.spec.modes)
    assert any("refresh_every_edinburgh=true" in m for m in game.spec.modes)
    built = meeple.core.build_options(
        "wojtek", Options, {"substitute_sets_end_game": "true"}, from_strings=True
    )
    assert built == Options(substitute_sets_end_game=True)
    record = meeple.Match("wojtek", 2, seed=1, refresh_every_edinburgh=True).record()
    assert meeple.loads(meeple.dumps(record)).options_dict() == {"refresh_every_edinburgh": True}


def test_bad_reading_options_are_refused_with_the_reason() -> None:
    with pytest.raises(InvalidOptionsError, match="no_city_refresh"):
        meeple.start("wojtek", 2, 1, refresh_every_edinburgh=True, no_city_refresh=True)
    with pytest.raises(InvalidOptionsError, match="must be"):
        meeple.start("wojtek", 2, 1, substitute_sets_end_game="sometimes")


def test_the_default_options_print_as_before_the_readings_existed() -> None:
    # Golden transcripts print the options: default readings stay out of the text.
    assert repr(Options()) == (
        "Options(no_drop_on_three=False, no_city_refresh=False, round_limit=200, board='standard')"
    )
    assert "refresh_every_edinburgh=True" in repr(Options(refresh_every_edinburgh=True))

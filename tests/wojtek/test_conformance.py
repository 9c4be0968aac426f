"""The meeple conformance kit over every player count, with and without the variants
and on a custom board; and `meeple.loads` refusing crafted states and views."""

from __future__ import annotations

import json
import time
from collections.abc import Callable
from typing import Any

import pytest

import meeple
from meeple.core import CorruptDataError
from meeple.testing import check_game
from meeple.testing import random_playout
from meeple.wojtek import GAME
from meeple.wojtek import Options
from meeple.wojtek.board import BoardSpec
from meeple.wojtek.board import load_board
from meeple.wojtek.components import EDINBURGH_CITY
from meeple.wojtek.components import HAND_SIZE
from meeple.wojtek.components import NUM_COLOURS
from meeple.wojtek.components import TRAVEL_KINDS
from meeple.wojtek.state import TURN
from meeple.wojtek.state import USE
from meeple.wojtek.state import State

from .board_files import shorter_board
from .helpers import BOARD

VARIANTS = {
    "rulebook": Options(),
    "no drop on three": Options(no_drop_on_three=True),
    "no city refresh": Options(no_city_refresh=True),
    "younger children": Options(no_drop_on_three=True, no_city_refresh=True),
    # The other readings (issue 15, item 5), alone and together.
    "substitute sets end the game": Options(substitute_sets_end_game=True),
    "every Edinburgh arrival refreshes": Options(refresh_every_edinburgh=True),
    "both other readings": Options(
        substitute_sets_end_game=True, refresh_every_edinburgh=True, no_drop_on_three=True
    ),
}


@pytest.mark.parametrize("players", [2, 3, 4, 5])
@pytest.mark.parametrize("variant", sorted(VARIANTS))
def test_conformance(players: int, variant: str) -> None:
    # tests/test_conformance.py checks seeds 0-1 of the rulebook game (40 states each, as
    # for every registered game); the rulebook game goes on here with seed 2, and each
    # reading is one seeded game at every count (more seeds: the heavy test below).
    seed = 2 if variant == "rulebook" else 0
    check_game(GAME, players=[players], seeds=[seed], steps=12, options=VARIANTS[variant])


@pytest.mark.heavy
@pytest.mark.parametrize("variant", sorted(VARIANTS))
def test_conformance_over_more_seeds(variant: str) -> None:
    check_game(GAME, seeds=range(3, 8), steps=12, options=VARIANTS[variant])


def test_conformance_with_a_short_round_limit() -> None:
    # Stalling play is cut off by the limit: games still end and score.
    check_game(GAME, players=[2, 5], seeds=range(2), steps=8, options=Options(round_limit=4))


# -- meeple.loads vouches for what it accepts (issue 14, finding 7) ---------------------
#
# Each crafted document below was accepted before views had invariants (or while the
# state's were weaker) and then broke a method, or showed what no game can reach; now
# it is refused with CorruptDataError naming the rule. Real documents still load: the
# conformance kit above round-trips every visited state and view through the codec.

Doc = dict[str, Any]
"""A parsed JSON document of a state or view."""


def _mid_game(players: int = 3) -> State:
    """A reproducible state of a later round at the start of a turn."""
    for seed in range(50):
        for depth in range(40, 400, 10):
            state = random_playout(GAME, players, seed, limit=depth)[0]
            if isinstance(state, State) and state.round >= 3 and state.phase == TURN:
                return state
    raise LookupError("no mid-game state found")


MID = _mid_game()
"""The state the crafted documents start from."""


def _doc(obj: object) -> Doc:
    loaded: Doc = json.loads(meeple.dumps(obj))
    return loaded


def _refused(doc: Doc, reason: str) -> None:
    started = time.monotonic()
    with pytest.raises(CorruptDataError, match=reason):
        meeple.loads(json.dumps(doc))
    assert time.monotonic() - started < 2.0  # refused at once, not after a long trial


def _other(doc: Doc) -> int:
    return (int(doc["current"]) + 1) % int(doc["players"])


def _set(field: str, *where_value: Any) -> Callable[[Doc], None]:
    *where, value = where_value

    def change(doc: Doc) -> None:
        target = doc[field]
        for key in where[:-1]:
            target = target[key]
        if where:
            target[where[-1]] = value
        else:
            doc[field] = value

    return change


def _crowd_last_round(doc: Doc) -> None:
    doc["ending"] = True
    doc["last_round"] = [_other(doc)] * 1000


def _share_space(doc: Doc) -> None:
    doc["positions"][1] = doc["positions"][2] = 30


def _spectator_hand(doc: Doc) -> None:
    doc["player"] = None
    doc["hand"] = [1, 1, 1, 1, 1, 0, 0, 0]


VIEW_HOLES: dict[str, tuple[Callable[[Doc], None], str]] = {
    # Counts that sized work: `render` ranked a collection of 2**63 cards layer by
    # layer (loads ran for more than 3 s); negative counts made `determinize` lay out
    # billions of unseen cards.
    "collection count 2**63": (_set("collections", 0, 8, 2**63), "a collection holds 0-4"),
    "collection count -2**40": (_set("collections", 1, 0, -(2**40)), "a collection holds 0-4"),
    "bear discard -2**40": (_set("bear_discard", 0, -(2**40)), "a bear discard pile holds 0-4"),
    "travel discard -2**31": (
        _set("travel_discard", 0, -(2**31)),
        "a travel discard pile holds 0-7",
    ),
    "hand count 2**63": (_set("hand", 0, 2**63), "a hand holds 0-7"),
    "hand size 2**31": (_set("hand_sizes", 1, 2**31), "each of the 3 seats holds 0-5"),
    "three-card move 2**31": (_set("pending", 0, 2**31), "a three-card move holds 0-7"),
    "travel deck 2**63": (_set("travel_deck_size", 2**63), "the travel deck holds 0-55"),
    "bear stack -1": (_set("bear_deck_size", -1), "the bear stack holds 0-104"),
    "round 2**63": (_set("round", 2**63), "outside 1..200"),
    "last round of 1000 seats": (_crowd_last_round, "each other seat at most once"),
    # Ids and positions out of range (raw IndexError in render before).
    "display card id 99": (_set("display", 0, 99), "bear card id 99, which does not exist"),
    "position 10**30": (_set("positions", 1, 10**30), "pawn 1 stands on no space"),
    "city card held by seat 7": (_set("city_owner", 0, 7), "held by a seat"),
    # Shapes.
    "hand of 3 kinds": (_set("hand", [1, 1, 1]), "a hand needs 8 counts"),
    "collection of 1 kind": (_set("collections", 1, [0]), "a collection needs 25 counts"),
    "a seat without a collection": (lambda d: d["collections"].pop(), "one entry per seat"),
    "a spectator with a hand": (_spectator_hand, "a spectator sees no hand"),
    # Counts that do not add up.
    "an extra bear card": (_set("collections", 0, 0, 4), "bear cards"),
    "a bear stack one too large": (
        lambda d: d.update(bear_deck_size=d["bear_deck_size"] + 1),
        "bear cards are not conserved",
    ),
    "a travel deck one too large": (
        lambda d: d.update(travel_deck_size=d["travel_deck_size"] + 1),
        "travel cards are not conserved",
    ),
    # The phase against the other fields.
    "picking a box on the route": (_set("phase", 7), "arriving in Edinburgh"),
    "a deportation in round 3": (_set("phase", 0), "round 1 is the deportation round"),
    "two pawns on one route space": (_share_space, "two pawns share"),
}
"""Per hole closed in views: how to craft it from a real view, and the refusal's reason."""


@pytest.mark.parametrize("hole", sorted(VIEW_HOLES))
def test_loads_refuses_a_view_no_game_shows(hole: str) -> None:
    change, reason = VIEW_HOLES[hole]
    doc = _doc(MID.view(0))
    change(doc)
    _refused(doc, reason)


def _exchange_with_short_neighbour(doc: Doc) -> None:
    for seat in (doc["current"], _other(doc)):
        kind = next(k for k, c in enumerate(doc["hands"][seat]) if c)
        doc["hands"][seat][kind] -= 1
        doc["travel_discard"][kind] += 1
    doc["phase"] = 3


def _pending_between_turns(doc: Doc) -> None:
    seat = doc["current"]
    kind = next(k for k, c in enumerate(doc["hands"][seat]) if c)
    doc["hands"][seat][kind] -= 1
    doc["pending"][kind] += 1


def _box_with_full_hand(doc: Doc) -> None:
    doc["phase"] = 7
    doc["positions"][doc["current"]] = BOARD.finish
    doc["city_owner"][EDINBURGH_CITY] = doc["current"]


def _edinburgh_without_last_round(doc: Doc) -> None:
    seat = _other(doc)
    doc["positions"][seat] = BOARD.finish
    doc["city_owner"][EDINBURGH_CITY] = seat


def _repeated_last_round(doc: Doc) -> None:
    doc["ending"] = True
    doc["last_round"] = [_other(doc), _other(doc)]


STATE_HOLES: dict[str, tuple[Callable[[Doc], None], str]] = {
    "rng -1": (_set("rng", -1), "the rng state is a 64-bit number"),
    "rng 2**64": (_set("rng", 2**64), "the rng state is a 64-bit number"),
    "a neighbour short of a card": (_exchange_with_short_neighbour, "outside its own turn"),
    "three-card move cards between turns": (_pending_between_turns, "pending outside"),
    "picking a box with a full hand": (_box_with_full_hand, r"holds 5 travel cards"),
    "Edinburgh reached, no last round": (_edinburgh_without_last_round, "last round has begun"),
    "a seat twice in the last round": (_repeated_last_round, "each once"),
    "a drop under no_drop_on_three": (
        lambda d: d.update(phase=4, options={**d["options"], "no_drop_on_three": True}),
        "no_drop_on_three",
    ),
    "a game over in round 1": (
        lambda d: d.update(phase=8, round=1, to_act=[]),
        "round 1 is the deportation round",
    ),
}
"""Per hole closed in states: how to craft it from a real state, and the refusal's reason."""


@pytest.mark.parametrize("hole", sorted(STATE_HOLES))
def test_loads_refuses_a_state_no_game_reaches(hole: str) -> None:
    change, reason = STATE_HOLES[hole]
    doc = _doc(MID)
    change(doc)
    _refused(doc, reason)


def test_a_viewer_mid_three_card_move_holds_the_cards_to_finish_it() -> None:
    state = MID
    while not (state.phase == USE and not any(state.pending)):
        actions = state.legal_actions()
        three = [a for a in actions if str(a) == "three"]
        state = state.apply(three[0] if three else actions[0])
    doc = _doc(state.view(state.current))
    meeple.loads(json.dumps(doc))  # the real view loads
    # Five truck cards of five colours, no rainbow: three cards of one colour cannot
    # be made. The same number of cards, so every count still adds up.
    colours = sorted(range(NUM_COLOURS), key=lambda c: doc["travel_discard"][c])[:HAND_SIZE]
    doc["hand"] = [1 if k in colours else 0 for k in range(TRAVEL_KINDS)]
    _refused(doc, "too few cards to finish its three-card move")


# -- a custom board: positions are checked against the board of the document's options


SHORTER = Options(board=BoardSpec.from_doc(shorter_board()))
"""Options of a game on a custom board, 9 route spaces shorter than the standard one."""


def test_conformance_on_a_custom_board() -> None:
    check_game(GAME, players=[2, 4], seeds=range(1), steps=12, options=SHORTER)


def test_positions_are_checked_against_the_documents_own_board() -> None:
    state = random_playout(GAME, 3, 1, SHORTER, limit=120)[0]
    spaces = len(load_board(SHORTER.board).ids)
    assert spaces < len(BOARD.ids)
    for obj in (state, state.view(0)):
        doc = _doc(obj)
        meeple.loads(json.dumps(doc))  # a real document on the custom board loads
        seat = _other(doc)
        doc["positions"][seat] = spaces  # a space of the standard board only
        _refused(doc, f"pawn {seat} stands on no space")

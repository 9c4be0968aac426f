"""The adapters' action vocabulary and view encoding: fixed order, documented layout, no leaks.

The vocabulary is read from the table of docs/rules/wojtek.md ("Adapters: action
vocabulary and observation encoding") and the part names pinned here are the ones
documented there; changing either breaks trained agents, so a change must update
both. What every
game's encoding promises (the vocabulary parses back, the parts tile the observation,
bad player counts are refused) is checked in tests/test_encoding_all_games.py.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from meeple.core.encoding import Layout
from meeple.core.encoding import vocabulary
from meeple.testing import capabilities
from meeple.testing import check_game
from meeple.wojtek import GAME
from meeple.wojtek import Options
from meeple.wojtek.board import load_board
from meeple.wojtek.board import read_board_file
from meeple.wojtek.components import BEAR_COUNTS
from meeple.wojtek.components import BEAR_KINDS
from meeple.wojtek.components import CITIES
from meeple.wojtek.components import COLOURS
from meeple.wojtek.components import MAX_PLAYERS
from meeple.wojtek.components import NO_CARD
from meeple.wojtek.components import NUM_COLOURS
from meeple.wojtek.encoding import HEADER
from meeple.wojtek.encoding import MAX_AHEAD
from meeple.wojtek.encoding import SEAT_BLOCK
from meeple.wojtek.encoding import SPACE_BLOCK
from meeple.wojtek.encoding import TABLE
from meeple.wojtek.encoding import WINDOW
from meeple.wojtek.encoding import layout
from meeple.wojtek.state import EXCHANGE
from meeple.wojtek.state import PHASE_NAMES
from meeple.wojtek.state import State

from ..doc_encoding import rules_page
from ..doc_encoding import runs
from ..shared import says
from ..shared import texts
from .board_files import board_file
from .board_files import shorter_board
from .helpers import BOARD
from .helpers import bear
from .helpers import collection
from .helpers import colour
from .helpers import hand
from .helpers import on_route
from .helpers import position
from .helpers import route
from .strategies import ANY_STATES
from .test_conformance import VARIANTS

SIZES = {2: 528, 3: 575, 4: 622, 5: 669}
"""Observation sizes: 434 + 47 per seat (to_act flag and a 46-wide seat block)."""


def encode(state: State, player: int | None) -> tuple[float, ...]:
    return GAME.encode_view(state.view(player))


def part(encoded: tuple[float, ...], players: int, name: str) -> tuple[float, ...]:
    return encoded[layout(players).slice(name)]


def one_hot(width: int, *hot: int) -> tuple[float, ...]:
    """`width` zeros with a 1 at each 0-based index in `hot`."""
    return tuple(1.0 if i in hot else 0.0 for i in range(width))


# -- the vocabulary -------------------------------------------------------------


def documented_colours() -> list[str]:
    """The colours in the order docs/rules/wojtek.md says the vocabulary runs them."""
    return says(rules_page("wojtek"), r"Colours go in card-data order \(`([a-z ]+)`\)")[1].split()


def documented_vocabulary() -> list[str]:
    """The vocabulary as the table of docs/rules/wojtek.md ("Action vocabulary") lists it:
    each row's actions in order, ``<colour>`` standing for every colour in the order the
    page gives; where a row gives an action's index in brackets, it is checked."""
    colours = documented_colours()
    listed: list[str] = []
    for run in runs("wojtek", 2):
        actions: list[str] = []
        for action, index in re.findall(r"`([^`]+)`(?: \((\d+)\))?", run.actions):
            assert not index or run.first + len(actions) == int(index), run.actions
            kinds = colours if "<colour>" in action else [""]
            actions += [action.replace("<colour>", kind) for kind in kinds]
        assert len(actions) == run.count, run.actions
        listed += actions
    return listed


def test_vocabulary_is_the_rules_pages_table() -> None:
    documented = documented_vocabulary()
    said = says(rules_page("wojtek"), r"the same (\d+) actions for 2, 3, 4 and 5 players")
    assert len(documented) == int(said[1])
    for players in GAME.spec.player_counts():
        assert texts(GAME.action_vocabulary(players)) == documented
    assert documented_colours() == list(COLOURS)  # "card-data order"


def test_every_vocabulary_action_is_legal_in_some_game() -> None:
    # No dead entries: random games soon offer all 56 (walk/to edinburgh and box included).
    wanted = {str(a) for a in GAME.action_vocabulary(2)}
    seen: set[str] = set()
    for seed in range(40):
        state = GAME.start(2 + seed % 4, seed=seed)
        while not state.is_over:
            legal = state.legal_actions()
            seen.update(str(a) for a in legal)
            state = state.apply(legal[(seed + state.round + len(legal)) % len(legal)])
        if seen == wanted:
            break
    assert seen == wanted


@given(ANY_STATES)
def test_legal_actions_of_reachable_states_are_in_the_vocabulary(state: State) -> None:
    vocab = vocabulary(GAME, state.players)
    for p in state.to_act:
        for action in state.legal_actions(p):
            assert vocab.action(vocab.index(action)) == action


# -- the layout -----------------------------------------------------------------


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_layout_sizes_and_part_names(players: int) -> None:
    # tests/test_encoding_all_games.py checks that the parts tile the observation.
    lay = layout(players)
    assert GAME.observation_size(players) == lay.size == SIZES[players]
    names = [name for name, _, _ in lay.parts]
    expected = [name for name, _ in HEADER] + ["to_act"] + [name for name, _ in TABLE]
    expected += [f"seat+{r}.{name}" for r in range(players) for name, _ in SEAT_BLOCK]
    assert names == expected
    assert names[:8] == [
        "seat",
        "spectator",
        "options",
        "round",
        "round_progress",
        "phase",
        "ending",
        "to_act",
    ]
    assert lay.slice("to_act") == slice(20, 20 + players)
    assert lay.slice("window").stop - lay.slice("window").start == WINDOW * 10
    assert sum(w for _, w in SPACE_BLOCK) == 10
    assert sum(w for _, w in SEAT_BLOCK) == 46


def test_layout_of_a_bad_player_count_is_refused() -> None:
    with pytest.raises(ValueError, match="2-5 players"):
        layout(MAX_PLAYERS + 1)
    assert isinstance(layout(2), Layout)


def test_encode_view_refuses_something_else() -> None:
    with pytest.raises(TypeError, match="wojtek View"):
        GAME.encode_view("a view")  # type: ignore[arg-type]  # bad input on purpose


# -- the encoding on hand-made positions ----------------------------------------

BUZULUK = CITIES.index("Buzuluk")
TEHRAN = CITIES.index("Tehran")
SEAT0 = collection(
    "corned beef", "corned beef", "fruits and honey", "wrestling", "person"
)  # with Buzuluk: food 2 + one substitute pair = 3, food 1, fun 1


def sample() -> State:
    """Seat 0 on route 6 (red) holding Buzuluk, seat 1 on route 9 (blue), seat 2 on 12."""
    return on_route(
        (6, 9, 12),
        hand("red", "red", "blue", "rainbow", "pink"),
        hand("green", "green", "green", "yellow", "violet"),
        hand("orange", "orange", "orange", "orange", "orange"),
        collections=[SEAT0, collection("dates"), collection()],
        city_owner=[0, -1, -1, -1, -1, -1],
        travel_discard=hand("yellow", "rainbow"),
        round_=5,
        current=0,
    )


def test_header_says_who_looks_who_acts_and_what_is_due() -> None:
    state = sample()
    mine = encode(state, 1)
    assert part(mine, 3, "seat") == one_hot(5, 1)
    assert part(mine, 3, "spectator") == (0.0,)
    assert part(mine, 3, "options") == (0.0, 0.0)
    assert part(mine, 3, "round") == (5 / 50,)
    assert part(mine, 3, "round_progress") == (5 / 200,)
    assert part(mine, 3, "phase") == one_hot(len(PHASE_NAMES), PHASE_NAMES.index("turn"))
    assert part(mine, 3, "ending") == (0.0,)
    # Seat 0 is to act: two seats after viewer 1.
    assert part(mine, 3, "to_act") == one_hot(3, 2)
    watcher = encode(state, None)
    assert part(watcher, 3, "seat") == one_hot(5)
    assert part(watcher, 3, "spectator") == (1.0,)
    assert part(watcher, 3, "to_act") == one_hot(3, 0)
    variant = on_route(
        (6, 9),
        hand("red", "red", "blue"),
        hand("red", "red", "blue", "blue", "pink"),
        options=Options(no_drop_on_three=True, no_city_refresh=True, round_limit=10),
        round_=5,
        phase=EXCHANGE,
    )
    got = encode(variant, 0)
    assert part(got, 2, "options") == (1.0, 1.0)
    assert part(got, 2, "round_progress") == (0.5,)
    assert part(got, 2, "phase") == one_hot(len(PHASE_NAMES), PHASE_NAMES.index("exchange"))


def test_table_parts_show_hand_piles_display_and_free_cities() -> None:
    state = sample()
    mine = encode(state, 0)
    assert part(mine, 3, "hand") == (0.4, 0.0, 0.0, 0.0, 0.2, 0.0, 0.2, 0.2)
    assert part(mine, 3, "pending") == (0.0,) * 8
    display = part(mine, 3, "display")
    for box, kind in enumerate(state.display):
        assert display[box * BEAR_KINDS : (box + 1) * BEAR_KINDS] == one_hot(BEAR_KINDS, kind)
    # Seat 0 holds one of the four wrestling cards, the third box's card.
    assert state.display[2] == bear("wrestling")
    assert part(mine, 3, "display_held") == one_hot(NUM_COLOURS, 2)[:2] + (0.25,) + (0.0,) * 4
    assert part(mine, 3, "bear_deck") == (len(state.bear_deck) / 104,)
    assert part(mine, 3, "travel_deck") == (len(state.travel_deck) / 55,)
    discard = part(mine, 3, "travel_discard")
    assert discard == (0.0, 0.0, 1 / 7, 0.0, 0.0, 0.0, 0.0, 1 / 6)
    assert part(mine, 3, "bear_discard") == (0.0,) * BEAR_KINDS
    assert part(mine, 3, "free_cities") == (0.0, 1.0, 1.0, 1.0, 1.0, 1.0)
    # Seat 1 holds dates, which lies in the first box of the helpers' display.
    assert state.display[0] == bear("dates")
    assert part(encode(state, 1), 3, "display_held")[0] == 1 / BEAR_COUNTS[bear("dates")]
    assert part(encode(state, None), 3, "hand") == (0.0,) * 8


def test_move_parts_say_where_each_card_would_take_the_viewer() -> None:
    # From route 6: 7 green, 8 yellow, 9 blue (seat 1), 10 violet, 11 Tehran (red),
    # 12 pink (seat 2), 13 orange, 14 pink, ..., 18 blue.
    state = sample()
    mine = encode(state, 0)
    truck = part(mine, 3, "truck")

    def truck_of(name: str) -> tuple[float, ...]:
        c = colour(name)
        return truck[3 * c : 3 * c + 3]

    assert truck_of("red") == (5 / MAX_AHEAD, 0.0, 1.0)  # lands on Tehran, still free
    assert truck_of("blue") == (12 / MAX_AHEAD, 0.0, 0.0)  # jumps seat 1 to route 18
    assert truck_of("pink") == (8 / MAX_AHEAD, 0.0, 0.0)  # jumps seat 2 to route 14
    walk = part(mine, 3, "walk")
    assert walk[3 * colour("green") : 3 * colour("green") + 3] == (1.0, 1 / MAX_AHEAD, 0.0)
    assert walk[3 * colour("yellow") : 3 * colour("yellow") + 3] == (1.0, 2 / MAX_AHEAD, 0.0)
    blocked = [c for c in COLOURS if c not in ("green", "yellow")]
    for name in blocked:
        c = colour(name)
        assert walk[3 * c : 3 * c + 3] == (0.0, 0.0, 0.0)
    assert walk[-3:] == (0.0, 0.0, 0.0)  # Edinburgh is far away
    window = part(mine, 3, "window")
    for i in range(WINDOW):
        space = route(7 + i)
        block = window[10 * i : 10 * i + 10]
        assert block[:NUM_COLOURS] == one_hot(NUM_COLOURS, BOARD.colours[space])
        assert block[7] == (1.0 if 7 + i in (9, 12) else 0.0)
        assert block[8] == (1.0 if 7 + i == 11 else 0.0)
        assert block[9] == 0.0
    # A spectator sees the moves of the seat whose turn it is (seat 0).
    watcher = encode(state, None)
    for name in ("truck", "walk", "window"):
        assert part(watcher, 3, name) == part(mine, 3, name)
    # Seat 1 sees its own pawn's moves: a walk from route 9 stops before seat 2.
    other = part(encode(state, 1), 3, "walk")
    assert other[3 * colour("violet")] == 1.0
    assert other[3 * colour("red") : 3 * colour("red") + 3] == (1.0, 2 / MAX_AHEAD, 1.0)


def test_move_parts_near_edinburgh_and_in_poland() -> None:
    state = on_route(
        (54, 55),
        hand("red", "red", "blue", "rainbow", "pink"),
        hand("rainbow", "yellow", "yellow", "yellow", "green"),
    )
    near = encode(state, 1)  # route 55 is the last space: everything leads to Edinburgh
    truck = part(near, 2, "truck")
    assert all(truck[3 * c : 3 * c + 3] == (1 / MAX_AHEAD, 1.0, 1.0) for c in range(NUM_COLOURS))
    assert part(near, 2, "walk")[-3:] == (1.0, 1 / MAX_AHEAD, 1.0)  # free Edinburgh card
    window = part(near, 2, "window")
    assert window[:10] == (0.0,) * 7 + (0.0, 1.0, 1.0)
    assert window[10:] == (0.0,) * (10 * (WINDOW - 1))
    start = GAME.start(2, seed=1)
    empty = encode(start, 0)
    for name in ("truck", "walk", "window"):
        assert set(part(empty, 2, name)) == {0.0}


def test_seat_blocks_list_seats_from_the_viewer_on() -> None:
    state = sample()
    mine = encode(state, 1)  # order: seat 1, seat 2, seat 0
    assert part(mine, 3, "seat+0.collection") == tuple(
        1 / BEAR_COUNTS[k] if k == bear("dates") else 0.0 for k in range(BEAR_KINDS)
    )
    block = {name: part(mine, 3, f"seat+2.{name}") for name, _ in SEAT_BLOCK}
    assert block["place"] == one_hot(5, 2)  # a route space
    assert block["to_go"] == (50 / MAX_AHEAD,)  # route 6, 56 - 6 spaces to go
    assert block["hand_size"] == (1.0,)
    assert block["cities"] == one_hot(len(CITIES), BUZULUK)
    assert block["collection"][bear("corned beef")] == 0.5
    assert block["collection"][-1] == 1 / 8
    assert block["distinct"] == (2 / 6, 1 / 6, 0.0, 0.0)
    assert block["sets"] == (3 / 6, 1 / 6, 1 / 6)
    assert block["last_turn"] == (0.0,)
    assert part(mine, 3, "seat+1.place") == one_hot(5, 2)
    assert part(mine, 3, "seat+1.sets") == (0.0, 0.0, 0.0)
    # Poland counts as the farthest place, Tehran is a city space.
    start = encode(GAME.start(2, seed=3), 0)
    assert part(start, 2, "seat+1.place") == one_hot(5, 0)
    assert part(start, 2, "seat+1.to_go") == (1.0,)
    at_tehran = position(2, positions=[route(11), route(3)], city_owner=[-1, 0, -1, -1, -1, -1])
    got = encode(at_tehran, 1)
    assert part(got, 2, "seat+1.place") == one_hot(5, 3)
    assert part(got, 2, "seat+1.cities") == one_hot(len(CITIES), TEHRAN)
    assert part(got, 2, "free_cities") == (1.0, 0.0, 1.0, 1.0, 1.0, 1.0)


def test_last_round_flags() -> None:
    state = position(
        3, positions=[route(6), route(9), route(12)], ending=True, last_round=[1, 2], current=1
    )
    got = encode(state, 0)
    assert part(got, 3, "ending") == (1.0,)
    assert [part(got, 3, f"seat+{r}.last_turn")[0] for r in range(3)] == [0.0, 1.0, 1.0]


# -- properties over reachable states -------------------------------------------


@given(ANY_STATES, st.integers(0, 2**32))
def test_encoding_is_bounded_sized_and_blind_to_hidden_cards(state: State, seed: int) -> None:
    size = GAME.observation_size(state.players)
    for p in (None, *range(state.players)):
        view = state.view(p)
        got = GAME.encode_view(view)
        assert len(got) == size
        assert all(type(x) is float and 0.0 <= x <= 1.0 for x in got)
        assert GAME.encode_view(GAME.determinize(view, seed).view(p)) == got


@given(ANY_STATES)
def test_own_hand_and_display_are_read_back_from_the_encoding(state: State) -> None:
    n = state.players
    for p in range(n):
        got = encode(state, p)
        assert tuple(round(x * 5) for x in part(got, n, "hand")) == state.hands[p]
        display = part(got, n, "display")
        for box, kind in enumerate(state.display):
            hot = display[box * BEAR_KINDS : (box + 1) * BEAR_KINDS]
            assert hot == (one_hot(BEAR_KINDS, kind) if kind != NO_CARD else (0.0,) * BEAR_KINDS)
        mine = part(got, n, "seat+0.collection")
        assert (
            tuple(round(x * c) for x, c in zip(mine, BEAR_COUNTS, strict=True))
            == state.collections[p]
        )


def test_another_board_file_keeps_the_layout(tmp_path: Path) -> None:
    options = Options(board=read_board_file(board_file(tmp_path, shorter_board())))
    assert len(load_board(options.board).ids) < len(BOARD.ids)
    check_game(GAME, players=[3], seeds=range(1), steps=6, options=options)


# -- the conformance kit, which now also checks the encoding ---------------------


@pytest.fixture
def encoding_checks(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """Counts the kit's check_encoding calls, to prove the kit ran them."""
    calls: list[int] = []
    original: Callable[..., None] = capabilities.check_encoding

    def counted(*args: Any) -> None:
        calls.append(1)
        original(*args)

    monkeypatch.setattr(capabilities, "check_encoding", counted)
    return calls


@pytest.mark.parametrize("variant", sorted(VARIANTS))
def test_conformance_kit_checks_the_encoding_under_every_variant(
    variant: str, encoding_checks: list[int]
) -> None:
    check_game(GAME, players=[2, 3, 4, 5], seeds=[7], steps=5, options=VARIANTS[variant])
    assert encoding_checks


def test_conformance_kit_checks_the_encoding_with_a_short_round_limit(
    encoding_checks: list[int],
) -> None:
    check_game(GAME, players=[2, 5], seeds=[7], steps=5, options=Options(round_limit=4))
    assert encoding_checks

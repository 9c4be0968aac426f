"""The adapters' action vocabulary and view encoding: order, layout, range, no leaks.

What every game's encoding promises (the vocabulary parses back, the parts tile the
observation, bad player counts are refused) is checked in tests/test_encoding_all_games.py.
"""

from __future__ import annotations

import copy
import pickle
import random
from typing import Any

import attrs
import pytest
from hypothesis import given

from meeple.core.encoding import vocabulary
from meeple.testing import check_game
from meeple.way_of_bear import GAME
from meeple.way_of_bear import Options
from meeple.way_of_bear import encoding as enc
from meeple.way_of_bear.actions import Draw
from meeple.way_of_bear.actions import Pass
from meeple.way_of_bear.actions import Pay
from meeple.way_of_bear.actions import Place
from meeple.way_of_bear.actions import PlaySeal
from meeple.way_of_bear.actions import Return
from meeple.way_of_bear.actions import RitualSkip
from meeple.way_of_bear.actions import RitualTake
from meeple.way_of_bear.actions import Take
from meeple.way_of_bear.actions import Waive
from meeple.way_of_bear.components import CARD_BY_NAME
from meeple.way_of_bear.components import VILLAGES
from meeple.way_of_bear.state import Phase
from meeple.way_of_bear.state import State
from meeple.way_of_bear.view import View

from .helpers import COLOUR
from .helpers import CORNER
from .helpers import VILLAGE
from .helpers import build
from .helpers import kind
from .strategies import STATES

STELES = CORNER
"""Four steles where the bear tokens were (every other village keeps a token)."""
OPTION_SETS = [None, Options(max_rounds=2)]
"""The option combinations the conformance tests use (the default game, a short one)."""


def _encode(view: View) -> tuple[float, ...]:
    return GAME.encode_view(view)


def _part(view: View, name: str) -> tuple[float, ...]:
    return _encode(view)[enc.layout(view.players).slice(name)]


# -- the vocabulary -----------------------------------------------------------


@pytest.mark.parametrize(("players", "size"), [(2, 196), (3, 196), (4, 228)])
def test_vocabulary_sizes(players: int, size: int) -> None:
    vocab = GAME.action_vocabulary(players)
    assert len(vocab) == size
    assert len({str(a) for a in vocab}) == size
    assert len(vocabulary(GAME, players)) == size


@pytest.mark.parametrize("players", [2, 3, 4])
def test_vocabulary_order(players: int) -> None:
    vocab = GAME.action_vocabulary(players)
    villages = 40 if players == 4 else 32
    assert [str(a) for a in vocab[:5]] == [
        "take orange",
        "take black",
        "take blue",
        "take white",
        "take orange orange",
    ]
    assert all(isinstance(a, Take) for a in vocab[:34])
    assert [len(a.colours) for a in vocab[:34] if isinstance(a, Take)] == [1] * 4 + [2] * 10 + [
        3
    ] * 20
    assert vocab[33] == Take((3, 3, 3))
    assert vocab[34] == Draw()
    places = vocab[35 : 35 + 4 * villages]
    assert places == tuple(Place(c, v) for v in range(villages) for c in range(4))
    at = 35 + 4 * villages
    tail = vocab[at:]
    assert tail[:4] == tuple(Pay(c) for c in range(4))
    assert tail[4:8] == tuple(Waive(c) for c in range(4))
    assert tail[8:12] == tuple(RitualTake(c) for c in range(4))
    assert tail[12] == RitualSkip()
    assert tail[13:17] == tuple(Return(c) for c in range(4))
    assert tail[17:32] == tuple(PlaySeal(i) for i in range(15))
    assert tail[32:] == (Pass(),)


def test_vocabulary_leaves_out_what_can_never_be_legal() -> None:
    three = {str(a) for a in GAME.action_vocabulary(3)}
    four = {str(a) for a in GAME.action_vocabulary(4)}
    assert "place orange v33" not in three
    assert "place orange v33" in four
    assert "place white v40" in four
    assert "seal s16" not in four  # the Dragon Hoard is never played
    assert four - three == {f"place {c} {v}" for v in VILLAGES[32:] for c in COLOUR}


def test_a_placement_has_its_documented_index() -> None:
    # tests/test_encoding_all_games.py checks that every index maps back.
    vocab = vocabulary(GAME, 4)
    assert vocab.index(Place(COLOUR["blue"], VILLAGE["v17"])) == 35 + 4 * 16 + 2


@pytest.mark.parametrize("options", OPTION_SETS)
@pytest.mark.parametrize("players", [2, 3, 4])
def test_every_legal_action_of_random_games_is_in_the_vocabulary(
    players: int, options: Options | None
) -> None:
    vocab = vocabulary(GAME, players)
    for seed in range(12):
        chooser = random.Random(seed)
        state = GAME.start(players, seed=seed, options=options)
        while not state.is_over:
            legal = state.legal_actions()
            assert sum(vocab.mask(legal)) == len(legal)
            state = state.apply(chooser.choice(legal))


# -- the layout ---------------------------------------------------------------


@pytest.mark.parametrize(("players", "size"), [(2, 429), (3, 454), (4, 551)])
def test_observation_sizes_and_parts(players: int, size: int) -> None:
    assert GAME.observation_size(players) == size
    parts = enc.layout(players)
    assert parts.names() == (
        "seat",
        "current",
        "phase",
        "round",
        "board",
        "temples",
        "bag",
        "seats",
        "hand",
        "fresh",
        "played",
        "fresh_backs",
        "deck",
        "turn",
    )
    assert parts.size == size  # tests/test_encoding_all_games.py: the parts tile it
    assert parts.width("board") == 9 * (40 if players == 4 else 32)
    assert parts.width("seats") == enc.SEAT_SIZE * players


def test_seats_are_listed_from_the_viewer() -> None:
    state = build(
        3,
        steles={**STELES, "v20": "white"},  # where seat 2's token was
        reserves={0: {"orange": 2}, 1: {"black": 3}, 2: {"white": 7}},
        player_tokens={2: [kind("religion", sealed=True)]},
        hands={1: ["s07"]},
        current=0,
    )
    view = state.view(1)
    assert _part(view, "seat") == (0.0, 1.0, 0.0, 0.0)
    assert _part(view, "current") == (0.0, 0.0, 1.0)  # seat 0 is two seats after seat 1
    seats = _part(view, "seats")
    size = enc.SEAT_SIZE
    mine, nxt, last = seats[:size], seats[size : 2 * size], seats[2 * size :]
    assert mine[:5] == (0.0, 3 / 21, 0.0, 0.0, 3 / 14)
    assert nxt[:4] == (0.0, 0.0, 0.0, 7 / 21)
    assert last[:4] == (2 / 21, 0.0, 0.0, 0.0)
    # seat 1 holds one card with a 1-seal back; seat 2 a sealed religion token
    assert mine[-5:] == (1 / 4, 0.0, 1 / 4, 0.0, 1 / 16)
    assert nxt[5 : 5 + 8] == (0.0, 0.5, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0)
    assert nxt[13:18] == (0.5, 0.0, 0.0, 0.0, 1 / 8)
    assert nxt[-1] == 1 / 16
    assert _part(view, "hand")[CARD_BY_NAME["s07"]] == 1.0
    assert sum(_part(state.view(0), "hand")) == 0.0  # another seat's card is not shown


def test_a_spectator_sees_seats_from_seat_zero_and_no_hand() -> None:
    state = build(2, steles=STELES, reserves={0: {"blue": 1}}, hands={0: ["s01"]})
    view = state.view(None)
    assert _part(view, "seat") == (0.0, 0.0, 1.0)
    assert _part(view, "current") == (1.0, 0.0)
    assert _part(view, "seats")[:4] == (0.0, 0.0, 1 / 21, 0.0)
    assert sum(_part(view, "hand")) == 0.0


def test_board_cells() -> None:
    state = build(
        4,
        steles={"v02": "black", "v09": "blue", "v11": "orange", "v17": "orange"},
        token_at={"v12": kind("commerce", True)},
    )
    board = _part(state.view(0), "board")
    cell = {v: board[9 * i : 9 * i + 9] for i, v in enumerate(VILLAGES)}
    assert cell["v09"] == (0.0, 0.0, 1.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0)
    assert cell["v11"] == (1.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0)
    assert cell["v12"] == (0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 1.0, 1.0)
    steles = ("v02", "v09", "v11", "v17")
    assert all(sum(c[4:8]) == 1.0 and sum(c[:4]) == 0.0 for v, c in cell.items() if v not in steles)


def test_turn_and_pending_decision() -> None:
    view = attrs.evolve(
        GAME.start(2, seed=3).view(0),
        phase=Phase.RITUAL,
        regular_done=True,
        mods=(1, 0, 2, 0, 0, 4),
        owed=(1, 0, 0, 4),
        waivers=1,
        ritual_temple=2,
    )
    assert _part(view, "phase") == (0.0, 0.0, 0.0, 1.0, 0.0, 0.0)
    assert _part(view, "turn") == (
        *(1.0, 0.5, 0.0, 1.0, 0.0, 0.0, 1.0),  # regular done, then the six modifiers
        *(0.0, 0.0, 0.0),  # no additional action, no take count
        *(0.25, 0.0, 0.0, 1.0),  # owed
        0.5,  # waivers
        *(0.0, 0.0, 1.0, 0.0),  # the Ritual's temple
    )
    extra = attrs.evolve(view, phase=Phase.EXTRA, extra="take", extra_count=2)
    assert _part(extra, "turn")[7:10] == (0.0, 1.0, 2 / 3)


def test_round_temples_bag_and_deck() -> None:
    state = GAME.start(3, seed=5, options=Options(max_rounds=40))
    view = attrs.evolve(state.view(2), round=10, temples=(4, 0, 1, 2))
    assert _part(view, "round") == (0.25, 0.2)
    assert _part(view, "temples") == (1.0, 0.0, 0.25, 0.5)
    assert _part(view, "bag") == tuple(b / 21 for b in view.bag)
    deck = _part(view, "deck")
    assert deck[0] == 1.0
    assert deck[1 + enc.BACKS.index(view.deck_top_back)] == 1.0
    assert sum(deck[1:]) == 1.0


def test_the_memos_never_change_a_result() -> None:
    state = GAME.start(4, seed=9)
    chooser = random.Random(9)
    for _ in range(60):
        state = state.apply(chooser.choice(state.legal_actions()))
    first = [_encode(state.view(p)) for p in (None, 0, 1, 2, 3)]
    for memo in (enc._board, enc._seat, enc._turn):
        memo.cache_clear()
    assert [_encode(state.view(p)) for p in (None, 0, 1, 2, 3)] == first


def test_encode_view_refuses_other_things() -> None:
    with pytest.raises(TypeError, match="way_of_bear View"):
        GAME.encode_view("not a view")  # type: ignore[arg-type]  # the point of the test


# -- properties and the conformance kit ---------------------------------------


@given(STATES)
def test_encoding_is_in_range_fixed_size_and_blind_to_hidden_cards(state: State) -> None:
    size = GAME.observation_size(state.players)
    for p in (None, *range(state.players)):
        view = state.view(p)
        encoded = _encode(view)
        assert len(encoded) == size
        assert all(0.0 <= x <= 1.0 for x in encoded)
        for seed in (1, 2):
            assert _encode(GAME.determinize(view, seed).view(p)) == encoded


@pytest.mark.parametrize("options", OPTION_SETS)
@pytest.mark.parametrize("players", [2, 3, 4])
def test_conformance_kit_with_the_encoding(players: int, options: Any) -> None:
    check_game(GAME, players=players, seeds=range(20, 23), steps=25, options=options)


def test_states_copy_and_pickle_after_answering_legal_actions() -> None:
    state = GAME.start(3, seed=4)
    state.legal_actions()
    state.legal_actions(0)
    # OpenSpiel clones states with deepcopy; the memo slots must not get in the way
    for twin in (copy.copy(state), copy.deepcopy(state), pickle.loads(pickle.dumps(state))):
        assert twin == state
        assert twin.legal_actions() == state.legal_actions()

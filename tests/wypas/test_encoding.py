"""The adapter encoding of Wypas: vocabulary order and coverage, observation layout.

What every game's encoding promises (the vocabulary parses back, the parts tile the
observation, bad player counts are refused) is checked in tests/test_encoding_all_games.py.
"""

from __future__ import annotations

import pytest

from meeple.core.encoding import vocabulary
from meeple.testing import check_game
from meeple.wypas import GAME
from meeple.wypas import Options
from meeple.wypas.components import FACES
from meeple.wypas.components import KIND_COUNT
from meeple.wypas.components import KINDS
from meeple.wypas.encoding import FLAGS
from meeple.wypas.encoding import GLOBAL_SIZE
from meeple.wypas.encoding import PEN_SIZE
from meeple.wypas.encoding import SCALARS
from meeple.wypas.encoding import SEAT_SIZE
from meeple.wypas.encoding import layout
from meeple.wypas.state import REDYK
from meeple.wypas.state import Phase

from .helpers import arrange
from .helpers import face
from .helpers import hand
from .helpers import k
from .helpers import pen
from .helpers import play
from .helpers import sheep
from .helpers import walk

OPTION_SETS = {
    "rulebook": Options(),
    "no-bleating": Options(bleating=False, max_rounds=40),
    "no-specials": Options(specials=False),
    "three-rounds": Options(max_rounds=3),
    "bluff": Options(bluff=True),
    "bluff-no-bleating": Options(bluff=True, bleating=False, max_rounds=40),
}
"""The option combinations the conformance tests use."""

# Offsets inside a seat block (see docs/rules/wypas.md, "Adapters").
FLAGS_AT = KINDS
PENS_AT = KINDS + 19


# -- vocabulary ------------------------------------------------------------------------


@pytest.mark.parametrize(("players", "size"), [(3, 766), (4, 832), (5, 898), (6, 964)])
def test_vocabulary_size(players: int, size: int) -> None:
    # 568 seat-free actions plus 66 per seat: award, thief, 2 wolves, 2 dogs, 60 blacks.
    assert len(GAME.action_vocabulary(players)) == size == 568 + 66 * players
    assert len(vocabulary(GAME, players)) == size


def test_vocabulary_order_is_fixed_and_documented() -> None:
    vocab = [str(a) for a in GAME.action_vocabulary(4)]
    assert vocab[:4] == ["pass", "done", "check", "dog"]
    assert vocab[4] == "hide red-1"
    assert vocab[4 + KINDS] == "auction down"
    assert vocab.index("auction wolf") == 4 + 2 * KINDS
    assert vocab.index("bid red-1") == 5 + 2 * KINDS
    assert vocab.index("bid dolly-red as 1") == 5 + 2 * KINDS + 26
    assert vocab.index("bid down red-1 as 1") == vocab.index("bid super as 6") + 1
    assert vocab.index("award p0") == vocab.index("bid down wolf as 6") + 1
    assert vocab.index("pen 1 red-1") == vocab.index("award p3") + 1
    assert vocab.index("pen 2 red-1") == vocab.index("pen 1 super as magenta-6") + 1
    assert vocab[vocab.index("pen 2 super as magenta-6") + 1 :][:4] == [
        "shear 1",
        "shear 1 meee",
        "shear 2",
        "shear 2 meee",
    ]
    assert vocab.index("thief p0") == vocab.index("shear 2 meee") + 1
    assert vocab.index("take red-1") == vocab.index("thief p3") + 1
    assert vocab.index("wolf p0 pen1") == vocab.index("take wolf") + 1
    assert vocab.index("dog p0 pen1") == vocab.index("wolf p3 pen2") + 1
    assert vocab.index("black p0 pen1 red-1") == vocab.index("dog p3 pen2") + 1
    assert vocab[-2:] == ["black p3 pen2 magenta-6", "wait"]  # wait came last, in rules 2
    assert GAME.action_vocabulary(4) == GAME.action_vocabulary(4)


def test_seat_free_indices_agree_across_player_counts() -> None:
    three, six = GAME.action_vocabulary(3), GAME.action_vocabulary(6)
    head = [str(a) for a in three].index("award p0")
    assert three[:head] == six[:head]


@pytest.mark.parametrize("name", sorted(OPTION_SETS))
@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_every_legal_action_of_random_games_is_in_the_vocabulary(name: str, players: int) -> None:
    vocab = vocabulary(GAME, players)
    for seed in range(2):
        for state in walk(players, seed, OPTION_SETS[name]):
            for p in state.to_act:
                for action in state.legal_actions(p):
                    assert vocab.action(vocab.index(action)) == action


# -- observation -----------------------------------------------------------------------


@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_observation_size(players: int) -> None:
    assert GAME.observation_size(players) == GLOBAL_SIZE + players * SEAT_SIZE
    assert SEAT_SIZE == KINDS + 19 + 2 * PEN_SIZE
    assert len(FACES) + 4 == PEN_SIZE
    assert (GLOBAL_SIZE, SEAT_SIZE) == (322, 123)  # the sizes docs/rules/wypas.md states


def test_layout_parts_sit_where_the_docs_say() -> None:
    # docs/rules/wypas.md, "Observation": the offsets of the global parts and of a seat's.
    lay = layout(4)
    starts = {name: lay.start(name) for name in lay.names()}
    assert [starts[n] for n in ("discard", "lots", "drawn", "face_down", "lot", "laid")] == [
        0,
        36,
        72,
        108,
        144,
        180,
    ]
    assert [starts[n] for n in ("my_down", "pending", "pending.pen", "pending.face")] == [
        216,
        252,
        256,
        258,
    ]
    assert starts["chain"] == 288
    assert [starts[n] for n in ("phase", "site", "scalars")] == [292, 301, 307]
    assert lay.width("scalars") == len(SCALARS) == 15
    seat1 = GLOBAL_SIZE + SEAT_SIZE
    assert starts["seat+1.hand"] == seat1
    assert starts["seat+1.flags"] == seat1 + FLAGS_AT
    assert lay.width("seat+1.flags") == len(FLAGS) == 19
    assert starts["seat+1.pen1"] == seat1 + PENS_AT
    assert starts["seat+1.pen2"] == seat1 + PENS_AT + PEN_SIZE
    assert lay.size == GAME.observation_size(4) == 814


@pytest.mark.parametrize("name", sorted(OPTION_SETS))
def test_encodings_are_in_range_and_sized(name: str) -> None:
    players = 4
    size = GAME.observation_size(players)
    for state in walk(players, 3, OPTION_SETS[name])[::7]:
        for p in (None, *range(players)):
            encoded = GAME.encode_view(state.view(p))
            assert len(encoded) == size
            assert all(0.0 <= x <= 1.0 for x in encoded)
            phase = encoded[layout(players).slice("phase")]
            assert len(phase) == len(Phase)
            assert sum(phase) == 1.0


def test_own_hand_and_relative_seats() -> None:
    state = arrange(
        4,
        hands=(hand("red-1"), hand("green-6", "green-6", "wolf"), hand(), hand("super")),
        points=(0, 12, 0, 30),
        pens=(
            ((), ()),
            ((), ()),
            (pen("red-2", "red-3", "red-4"), ()),
            ((), (sheep("black"), sheep("dolly-red", "red-5"))),
        ),
        wolves=(0, 0, 1, 0),
    )
    encoded = GAME.encode_view(state.view(1))
    me = GLOBAL_SIZE  # block 0 is the viewer, seat 1
    assert encoded[me + k("green-6")] == 2 / KIND_COUNT[k("green-6")]
    assert encoded[me + k("wolf")] == 1 / KIND_COUNT[k("wolf")]
    assert encoded[me + k("red-1")] == 0.0  # seat 0's hand is hidden
    assert encoded[me + FLAGS_AT] == 3 / 30  # hand size
    assert encoded[me + FLAGS_AT + 18] == 12 / 60  # points
    left = GLOBAL_SIZE + SEAT_SIZE  # seat 2, the viewer's left
    pen1 = left + PENS_AT
    faces = list(FACES)
    for name in ("red-2", "red-3", "red-4"):
        assert encoded[pen1 + faces.index(face(name))] == 1.0
    assert encoded[pen1 + len(FACES) + 1] == 3 / 8  # cards in the pen
    assert encoded[pen1 + len(FACES) + 2] == 1.0  # wolf
    assert encoded[pen1 + len(FACES) + 3] == 2 / 40  # wolf eats the 4; 2 cards: the lower
    across = GLOBAL_SIZE + 2 * SEAT_SIZE  # seat 3
    assert encoded[across + FLAGS_AT + 18] == 30 / 60
    assert encoded[across + k("super")] == 0.0
    pen2 = across + PENS_AT + PEN_SIZE
    assert encoded[pen2 + faces.index(face("red-5"))] == 1.0
    assert encoded[pen2 + len(FACES)] == 1 / 4  # one black sheep
    seat0 = GLOBAL_SIZE + 3 * SEAT_SIZE
    assert encoded[seat0 + FLAGS_AT + 1] == 1.0  # seat 0 is the baca


def test_the_cards_waiting_in_a_chain_are_encoded() -> None:
    # Seat 0's Thief robs seat 1, who answers with a Black Sheep on seat 2's pen: the
    # Thief waits in the chain, the Black Sheep is the pending card.
    state = arrange(
        4,
        phase=REDYK,
        actor=0,
        hands=(hand("thief"), hand("red-1", "black"), hand(), hand()),
        pens=(((), ()), ((), ()), (pen("green-3", "green-4"), ()), ((), ())),
    )
    state = play(state, "thief p1", "black p2 pen1 green-4")
    lay = layout(4)
    for p in (None, 0, 2):
        encoded = GAME.encode_view(state.view(p))
        assert encoded[lay.slice("chain")] == (1 / KIND_COUNT[k("thief")], 0.0, 0.0, 0.0)
        assert encoded[lay.slice("pending")] == (0.0, 0.0, 1.0, 0.0)  # the Black Sheep
        base = 0 if p is None else p
        for seat in range(4):
            flags = lay.start(f"seat+{(seat - base) % 4}.flags")
            waiting = FLAGS.index("played a card waiting in the chain")
            target = FLAGS.index("the target of a card waiting in the chain")
            assert encoded[flags + waiting] == (1.0 if seat == 0 else 0.0)
            assert encoded[flags + target] == (1.0 if seat == 1 else 0.0)


def test_spectator_sees_no_hand() -> None:
    state = GAME.start(3, seed=5)
    encoded = GAME.encode_view(state.view(None))
    for r in range(3):
        block = GLOBAL_SIZE + r * SEAT_SIZE
        assert not any(encoded[block : block + KINDS])
    assert encoded[GLOBAL_SIZE - 15 + 9] == 1.0  # the spectator flag
    assert encoded[layout(3).start("scalars") + SCALARS.index("spectator")] == 1.0


def test_encoding_depends_on_the_view_only() -> None:
    for state in walk(5, 11, Options(bluff=True))[::13]:
        for p in range(5):
            view = state.view(p)
            for seed in (1, 2):
                redealt = GAME.determinize(view, seed).view(p)
                assert GAME.encode_view(redealt) == GAME.encode_view(view)


# -- the conformance kit (it runs check_encoding on every checked state) ---------------


@pytest.mark.parametrize("name", sorted(OPTION_SETS))
def test_conformance_kit_with_encoding(name: str) -> None:
    check_game(GAME, players=[3, 6], seeds=range(1), steps=8, options=OPTION_SETS[name])

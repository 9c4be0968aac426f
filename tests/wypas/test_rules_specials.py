"""Special cards: Thief, Sheepdog, Black Sheep and Wolf, played during a turn.

Each card here is played by the seat to act during its redyk (the other moments,
and seats whose turn it is not, are in `test_rules_any_moment.py` and
`test_rules_offers.py`)."""

from __future__ import annotations

import pytest

from meeple.core import IllegalActionError
from meeple.wypas import GAME
from meeple.wypas.state import REACT
from meeple.wypas.state import REDYK
from meeple.wypas.state import SHEAR
from meeple.wypas.state import TAKE
from meeple.wypas.state import State

from .helpers import EMPTY
from .helpers import arrange
from .helpers import hand
from .helpers import k
from .helpers import pen
from .helpers import play
from .helpers import sheep
from .helpers import texts


def redyk_start(
    hands: tuple[tuple[int, ...], ...],
    pens: tuple[tuple[tuple[int, ...], tuple[int, ...]], ...] | None = None,
    wolves: tuple[int, ...] | None = None,
) -> State:
    """The start of redyk, seat 0 (the baca) to act."""
    n = len(hands)
    return arrange(
        n,
        phase=REDYK,
        actor=0,
        hands=hands,
        pens=pens if pens is not None else ((EMPTY, EMPTY),) * n,
        wolves=wolves if wolves is not None else (0,) * n,
    )


@pytest.mark.rule("wypas:specials.thief", "wypas:specials.thief-take", "wypas:specials.targets")
def test_thief_looks_and_takes_one_card() -> None:
    state = redyk_start((hand("thief"), hand("red-1", "green-5", "wolf"), hand(), hand()))
    state = play(state, "thief p1")
    assert state.phase == REACT
    assert k("thief") not in state.hands[0]
    state = play(state, "pass", "pass", "pass")  # seats 1, 2, 3 let it stand
    assert state.phase == TAKE
    assert state.actor == 0
    assert state.view(0).known[1] == hand("red-1", "green-5", "wolf")
    assert texts(state.legal_actions()) == ["take red-1", "take green-5", "take wolf"]
    state = play(state, "take wolf")
    assert state.hands[0] == hand("wolf")
    assert state.hands[1] == hand("red-1", "green-5")
    # What the thief saw stays known to the thief, and the victim knows what went.
    assert state.view(0).known[1] == hand("red-1", "green-5")
    assert state.view(1).known[0] == hand("wolf")
    assert state.view(2).known[1] == ()
    assert k("thief") in state.discard
    # The redyk turn the Thief was played in goes on.
    assert (state.phase, state.actor, state.passes, state.resume) == (REDYK, 0, 0, ())
    state.validate()


@pytest.mark.rule("wypas:specials.dog", "wypas:specials.reactions")
def test_sheepdog_cancels_the_special_just_played() -> None:
    state = redyk_start((hand("thief"), hand("red-1"), hand("dog"), hand()))
    state = play(state, "thief p1", "pass")
    assert texts(state.legal_actions()) == ["pass", "dog"]
    state = play(state, "dog")
    # The reaction round starts again; the dog's player is not asked.
    assert state.dogs == (2,)
    state = play(state, "pass", "pass", "pass")
    assert (state.phase, state.actor) == (REDYK, 0)
    assert state.hands[1] == hand("red-1")
    assert sorted(state.discard) == sorted(hand("thief", "dog"))


@pytest.mark.rule("wypas:specials.reactions")
def test_a_sheepdog_can_cancel_a_sheepdog() -> None:
    state = redyk_start((hand("thief", "dog"), hand("red-1"), hand("dog"), hand()))
    state = play(state, "thief p1", "pass", "dog")
    assert state.actor == 3
    state = play(state, "pass")
    assert state.actor == 0
    state = play(state, "dog", "pass", "pass", "pass")
    # Two dogs: the second cancels the first, so the thief stands.
    assert state.phase == TAKE


@pytest.mark.rule("wypas:specials.wolf", "wypas:specials.targets")
def test_wolf_goes_over_a_pen_of_two_and_eats_the_highest_at_shearing() -> None:
    pens = (
        (EMPTY, EMPTY),
        (pen("green-3", "green-4", "green-5"), pen("red-1")),
        *((EMPTY, EMPTY),) * 2,
    )
    state = redyk_start((hand("wolf"), hand(), hand(), hand()), pens)
    assert texts(state.legal_actions()) == ["done", "wolf p1 pen1"]  # pen 2 holds one sheep
    state = play(state, "wolf p1 pen1", "pass", "pass", "pass")
    assert state.wolves[1] == 1
    state.validate()
    state = play(state, "done", "done", "done", "done")
    assert (state.phase, state.actor) == (SHEAR, 1)  # seat 0 has nothing to shear
    state = play(state, "shear 1 meee")
    # The wolf ate the 5; green 3 and 4 remain: the lower (3) is the fleece.
    assert state.points[1] == 3
    assert state.fleeces[1] == (hand("green-3"),)
    assert state.wolves[1] == 0
    assert sorted(state.discard) == sorted(hand("wolf", "green-5", "green-4"))


@pytest.mark.rule("wypas:specials.dog")
def test_sheepdog_drives_the_wolf_away() -> None:
    pens = ((pen("red-1", "red-2"), EMPTY), *((EMPTY, EMPTY),) * 3)
    state = redyk_start((hand("dog"), hand(), hand(), hand()), pens, wolves=(1, 0, 0, 0))
    assert texts(state.legal_actions()) == ["done", "dog p0 pen1"]
    state = play(state, "dog p0 pen1", "pass", "pass", "pass")
    assert state.wolves == (0, 0, 0, 0)
    assert sorted(state.discard) == sorted(hand("wolf", "dog"))


@pytest.mark.rule("wypas:specials.black", "wypas:specials.targets")
def test_black_sheep_swaps_for_a_sheep_in_a_pen() -> None:
    row = pen("yellow-2", "yellow-3", "yellow-4")
    pens = ((EMPTY, EMPTY), (row, EMPTY), *((EMPTY, EMPTY),) * 2)
    state = redyk_start((hand("black"), hand(), hand(), hand()), pens)
    assert texts(state.legal_actions()) == [
        "done",
        "black p1 pen1 yellow-2",
        "black p1 pen1 yellow-3",
        "black p1 pen1 yellow-4",
    ]
    state = play(state, "black p1 pen1 yellow-4", "pass", "pass", "pass")
    assert state.pens[1][0] == (sheep("yellow-2"), sheep("yellow-3"), sheep("black"))
    assert state.hands[0] == hand("yellow-4")
    assert state.view(1).known[0] == hand("yellow-4")  # the swap happened in the open
    # The black sheep cannot be taken by another black sheep.
    assert all("black" not in a.split()[-1] for a in texts(state.legal_actions()))


@pytest.mark.rule("wypas:specials.black")
def test_black_sheep_returns_a_dolly_as_a_dolly() -> None:
    row = (sheep("red-3"), sheep("dolly-red", "red-4"))
    pens = ((EMPTY, EMPTY), (row, EMPTY), *((EMPTY, EMPTY),) * 2)
    state = redyk_start((hand("black"), hand(), hand(), hand()), pens)
    state = play(state, "black p1 pen1 red-4", "pass", "pass", "pass")
    assert state.hands[0] == hand("dolly-red")


@pytest.mark.rule("wypas:specials.any-moment", "wypas:specials.reactions")
def test_a_special_card_answers_another_when_its_holder_is_asked() -> None:
    state = redyk_start((hand("thief"), hand("red-1"), hand("thief"), hand()))
    state = play(state, "thief p1")  # seat 1 is asked to react; seat 2 holds a Thief
    assert (state.phase, state.to_act) == (REACT, frozenset({1}))
    before = state
    with pytest.raises(IllegalActionError, match="p1 is asked now"):
        state.apply(GAME.parse_action("thief p1"), 2)
    assert state == before
    state = play(state, "pass")  # seat 2's turn to react: it may answer with its Thief
    assert texts(state.legal_actions()) == ["pass", "thief p1"]  # seat 0 holds nothing now


@pytest.mark.rule("wypas:specials.thief")
def test_a_thief_needs_a_victim_with_cards() -> None:
    state = redyk_start((hand("thief"), hand(), hand(), hand()))
    assert texts(state.legal_actions()) == ["done"]
    with pytest.raises(IllegalActionError, match="at least one card"):
        play(state, "thief p1")

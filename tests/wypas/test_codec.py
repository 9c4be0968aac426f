"""JSON: states and views round-trip; tampered states are refused with the reason."""

from __future__ import annotations

import json
from typing import Any

import pytest

from meeple.core import CorruptDataError, dumps, loads
from meeple.wypas import GAME

from .helpers import k, sheep


def _tampered(change: Any) -> str:
    state = GAME.start(4, seed=8)
    data = json.loads(dumps(state, game=GAME))
    change(data)
    return json.dumps(data)


def test_state_and_view_round_trip() -> None:
    state = GAME.start(5, seed=4)
    assert loads(dumps(state, game=GAME), game=GAME) == state
    view = state.view(3)
    assert loads(dumps(view, game=GAME), game=GAME) == view


@pytest.mark.parametrize(
    ("change", "reason"),
    [
        (lambda d: d["hands"][1].pop(), "not conserved"),
        (lambda d: d["hands"][1].append(k("wolf")), "sorted|not conserved"),
        (lambda d: d["deck"].append(k("red-1")), "not conserved"),
        (lambda d: d["pens"][0][0].append(sheep("red-2", "red-3")), "impossible card"),
        (lambda d: d.update(wolves=[1, 0, 0, 0]), "wolf over an empty pen"),
        (lambda d: d.update(to_act=[2]), "acting seat"),
        (lambda d: d.update(phase=42), "unknown phase"),
        (lambda d: d["known"][0][1].append(k("super")), "does not hold"),
        (lambda d: d.update(declared=[3, 0, 0, 0]), "declared value"),
    ],
)
def test_tampered_states_are_refused(change: Any, reason: str) -> None:
    with pytest.raises(CorruptDataError, match=reason):
        loads(_tampered(change), game=GAME)

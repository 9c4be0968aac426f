"""OpenSpiel's public observer (``private_info=NONE``) is the same for every player, and
observers meeple cannot give honestly are refused (`observer_kind`).

tests/adapters/test_secrecy.py reads the public observer in every walk too, and shows
that its check catches the observer this file's regression is about.
"""

from __future__ import annotations

import json
from typing import Any

import numpy as np
import pyspiel
import pytest
from open_spiel.python.observation import make_observation

import meeple
from meeple.adapters.openspiel import register
from meeple.core.codec import dumps


def spiel_game(name: str, players: int) -> Any:
    return pyspiel.load_game(register(name), {"players": players})


def test_the_public_observer_shows_every_seat_the_spectators_view_not_its_own_hand() -> None:
    # Regression: make_py_observer ignored private_info, so the public observer that
    # OpenSpiel's algorithms build with private_info=NONE (the same for every player)
    # read each seat's own view: seat 0's "public" string named seat 0's hand, which an
    # algorithm that shares public observations hands to every other seat.
    game = spiel_game("wojtek", 3)
    state = game.new_initial_state(1)
    public = make_observation(
        game,
        pyspiel.IIGObservationType(
            perfect_recall=False, public_info=True, private_info=pyspiel.PrivateInfoType.NONE
        ),
    )
    spectator = dumps(state.meeple_state.view(None), game=meeple.get_game("wojtek"))
    assert [public.string_from(state, p) for p in range(3)] == [spectator] * 3
    assert json.loads(spectator)["hand"] == []
    assert json.loads(state.observation_string(0))["hand"] != []
    tensors = []
    for p in range(3):
        public.set_from(state, p)
        tensors.append(public.tensor.tobytes())
    assert tensors == [tensors[0]] * 3
    assert tensors[0] != np.asarray(state.observation_tensor(0), np.float32).tobytes()


@pytest.mark.parametrize(
    ("kind", "message"),
    [
        ({"private_info": pyspiel.PrivateInfoType.ALL_PLAYERS}, "ALL_PLAYERS"),
        ({"public_info": False}, "public_info=False"),
        ({"private_info": pyspiel.PrivateInfoType.NONE, "perfect_recall": True}, "perfect recall"),
    ],
)
def test_observers_meeple_cannot_give_honestly_are_refused(
    kind: dict[str, Any], message: str
) -> None:
    game = spiel_game("wojtek", 3)
    options: dict[str, Any] = {"perfect_recall": False, **kind}
    with pytest.raises(ValueError, match=message):
        make_observation(game, pyspiel.IIGObservationType(**options))
    with pytest.raises(ValueError, match="no parameters"):
        game.make_py_observer(None, {"hand": True})

"""Who a view shows to act, answered without making the view (`StateBase.seen_to_act`).

A driver that asks one seat at a time (the simulator, the adapters, the web's bots)
asks the seats called in secret first (`meeple.core.asking_order`), which needs what
the whole table sees to act. That used to be read off a spectator's view, built at
every step where several seats act (a Wypas offer, the draft of Bear Went Over the
Mountain); the games that have such steps now answer it directly. The kit checks on
every state it visits that the answer is the view's own ``to_act``.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from meeple.bear_mountain import GAME as BEAR_MOUNTAIN
from meeple.bear_mountain import Options as BearMountainOptions
from meeple.core.turns import asking_order
from meeple.core.turns import public_to_act
from meeple.testing import ConformanceError
from meeple.testing import check_game
from meeple.wypas import GAME as WYPAS
from meeple.wypas import Options as WypasOptions

CASES = [
    pytest.param(WYPAS, 4, WypasOptions(max_rounds=3), id="wypas-offers"),
    pytest.param(BEAR_MOUNTAIN, 3, BearMountainOptions(mode="draft"), id="bear_mountain-draft"),
]


def _several_to_act(game: Any, players: int, options: Any, seeds: range) -> list[Any]:
    """Every state of seeded random playouts at which more than one seat may act."""
    found = []
    for seed in seeds:
        rng = random.Random(seed)
        state = game.start(players, seed=seed, options=options)
        while not state.is_over:
            if len(state.to_act) > 1:
                found.append(state)
            player = min(state.to_act)
            actions = state.legal_actions(player)
            state = state.apply(actions[rng.randrange(len(actions))], player)
    return found


@pytest.mark.parametrize(("game", "players", "options"), CASES)
def test_each_seat_is_told_what_its_view_shows(game: Any, players: int, options: Any) -> None:
    states = _several_to_act(game, players, options, range(3))
    assert states, "the playouts never reached a step where several seats act"
    for state in states:
        for seat in (None, *range(players)):
            assert state.seen_to_act(seat) == state.view(seat).to_act


@pytest.mark.parametrize(("game", "players", "options"), CASES)
def test_the_asking_order_is_found_without_making_a_view(
    game: Any, players: int, options: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    states = _several_to_act(game, players, options, range(3))
    expected = []
    for state in states:
        public = state.view(None).to_act
        expected.append((public, (*sorted(state.to_act - public), *sorted(public))))

    def no_view(*_: Any) -> Any:
        raise AssertionError("a view was made to find who acts")

    monkeypatch.setattr(type(game), "_view", staticmethod(no_view))
    for state, (public, order) in zip(states, expected, strict=True):
        assert public_to_act(state) == public
        assert asking_order(state) == order


def test_the_kit_catches_an_answer_that_differs_from_the_view(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A Wypas whose answer names every seat offered a card, as the truth does, while
    the views keep the offers secret."""
    monkeypatch.setattr(type(WYPAS), "_seen_to_act", staticmethod(lambda s, _: s.to_act))
    with pytest.raises(ConformanceError, match=r"seen_to_act\(None\) is"):
        check_game(WYPAS, players=4, seeds=range(3), options=WypasOptions(max_rounds=3))

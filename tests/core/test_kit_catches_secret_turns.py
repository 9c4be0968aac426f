"""The kit's checks of who a view says may act, each fed one planted bug.

`state.to_act` is the truth; a game may ask a seat in secret (Wypas offers a special
card to a seat that holds one), so a view shows the seats the table sees acting and,
besides, only its own seat when it is to act. Each test below breaks one part of that
and expects the kit's message (`meeple.testing.to_act`), or, for a move no other seat
sees being made, the public-notation check's.
"""

from __future__ import annotations

from typing import Any

import attrs
import pytest

from meeple.core.public import UNSEEN
from meeple.testing import ConformanceError
from meeple.testing import check_game

from ..toy_game import TOY
from ..toy_game import Play
from ..toy_game import State
from ..toy_game import ToyGame


def _caught(state_type: type[Any], match: str) -> None:
    game = attrs.evolve(TOY, state_type=state_type)
    with pytest.raises(ConformanceError, match=match):
        check_game(game, seeds=range(3))


def _with_to_act(state: State, player: int | None, to_act: frozenset[int]) -> Any:
    return attrs.evolve(State.view(state, player), to_act=to_act)


class HidesOwnTurn(State):
    def view(self, player: int | None) -> Any:
        return _with_to_act(self, player, self.to_act - {player})


def test_a_view_that_hides_the_seats_own_turn_is_caught() -> None:
    _caught(HidesOwnTurn, r"must show seat \d exactly when it is to act")


class NamesAnIdleSeat(State):
    def view(self, player: int | None) -> Any:
        return _with_to_act(self, player, self.to_act | {0})


def test_a_view_that_names_a_seat_not_to_act_is_caught() -> None:
    _caught(NamesAnIdleSeat, r"names a seat that is not to act")


class SeesOnlyItself(State):
    def view(self, player: int | None) -> Any:
        seen = self.to_act if player is None else self.to_act & {player}
        return _with_to_act(self, player, seen)


def test_a_view_that_hides_a_seat_the_table_sees_acting_is_caught() -> None:
    _caught(SeesOnlyItself, r"hides a seat the spectator sees acting")


class ShowsOthersSecretTurns(State):
    """The table sees only the lowest seat to act; every seat sees them all."""

    def view(self, player: int | None) -> Any:
        seen = frozenset({min(self.to_act)}) if player is None and self.to_act else self.to_act
        return _with_to_act(self, player, seen)


def test_a_view_that_shows_another_seats_secret_turn_is_caught() -> None:
    _caught(ShowsOthersSecretTurns, r"shows another seat's secret turn")


class NobodySeenToAct(State):
    def view(self, player: int | None) -> Any:
        return _with_to_act(self, player, frozenset() if player is None else self.to_act)


def test_a_table_that_sees_nobody_to_act_before_the_end_is_caught() -> None:
    _caught(NobodySeenToAct, r"the table must see someone to act until the game is over")


def test_a_move_hidden_altogether_though_it_changes_a_view_is_caught() -> None:
    def reading(self: Any, action: Any, player: int, viewer: int | None) -> str:
        if viewer == player:
            return str(action)
        return UNSEEN if isinstance(action, Play) else str(action)

    game = type("PlantedToy", (ToyGame,), {"public_notation": reading})()
    with pytest.raises(ConformanceError, match=r"hides player \d's move .* altogether"):
        check_game(game, seeds=range(3))

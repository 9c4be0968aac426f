"""A plugin's mistakes are reported with the game, the class and the field (issue 20, item 5).

The registry refuses a field declared as a mutable container when the game is
loaded; the conformance kit names the field that holds an unhashable value (a
list stored in a field declared as a tuple), where Python would only say
``TypeError: unhashable type: 'list'``.
"""

from __future__ import annotations

from typing import Any

import attrs
import pytest

from meeple.core import PluginError
from meeple.core import Registry
from meeple.core import StateBase
from meeple.core import codec
from meeple.core import replace
from meeple.testing import ConformanceError
from meeple.testing import check_game
from meeple.testing.where import differs
from meeple.testing.where import unhashable_part

from ..toy_game import Play
from ..toy_game import State
from ..toy_game import ToyGame


class ListDeckGame(ToyGame):
    """Stores the deck as a list although the field is declared as a tuple."""

    def start(self, players: int, *, seed: int, options: Any = None) -> Any:
        state = super().start(players, seed=seed, options=options)
        return attrs.evolve(state, deck=list(state.deck))


class ListHandGame(ToyGame):
    """Stores one hand as a list inside the tuple of hands."""

    def start(self, players: int, *, seed: int, options: Any = None) -> Any:
        state = super().start(players, seed=seed, options=options)
        return attrs.evolve(state, hands=(list(state.hands[0]), *state.hands[1:]))


def test_the_kit_names_the_field_holding_a_list() -> None:
    with pytest.raises(
        ConformanceError,
        match=r"\[game=toy .*State \(the state\) must be hashable, but State.deck holds a "
        r"list: use a tuple",
    ):
        check_game(ListDeckGame(), seeds=[1])


def test_the_kit_names_the_item_holding_a_list() -> None:
    with pytest.raises(ConformanceError, match=r"but State.hands\[0\] holds a list"):
        check_game(ListHandGame(), seeds=[1])


def test_unhashable_part_walks_attrs_fields_and_tuples() -> None:
    assert unhashable_part(Play(3)) is None
    assert unhashable_part(Play([3])) == "Play.card holds a list"  # type: ignore[arg-type]
    assert unhashable_part(({"a": 1},)) == "tuple[0] holds a dict"


@attrs.frozen
class DictState(State):
    """A state with a field declared as a dict."""

    tally: dict[str, int] = attrs.Factory(dict)


@attrs.frozen
class SetPlay(Play):
    """An action with a field declared as a set."""

    also: set[int] = attrs.Factory(set)


@pytest.mark.parametrize(
    ("game", "message"),
    [
        (ToyGame(state_type=DictState), r"DictState.tally is declared as a dict"),
        (ToyGame(action_types=(SetPlay,)), r"SetPlay.also is declared as a set"),
    ],
)
def test_the_registry_names_a_field_declared_mutable(game: ToyGame, message: str) -> None:
    with pytest.raises(PluginError, match=rf"^game 'toy' \(Registry.add\): {message}; "):
        Registry(list).add(game)
    with pytest.raises(PluginError, match=message):
        check_game(game, seeds=[1])


class Opaque:
    """A value the codec has no JSON form for."""

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Opaque)

    def __hash__(self) -> int:
        return 1


@attrs.frozen
class OpaqueState(State):
    """A state with a field whose value JSON cannot store."""

    extra: tuple[Opaque, ...] = (Opaque(),)


def test_dumps_names_the_game_class_and_field_json_cannot_store() -> None:
    game = ToyGame(state_type=OpaqueState)
    state = game.start(2, seed=1)
    with pytest.raises(
        TypeError,
        match=r"^game 'toy': OpaqueState.extra\[0\] holds a value of type Opaque, which JSON "
        r"cannot store",
    ):
        codec.dumps(state, game=game)
    with pytest.raises(ConformanceError, match=r"OpaqueState.extra\[0\] holds a value of type"):
        check_game(game, seeds=[1])


@attrs.frozen
class NoDefaultOptions:
    """Options with a field the author forgot to give a default."""

    rounds: int


def test_an_option_without_a_default_is_refused_naming_the_field() -> None:
    with pytest.raises(
        PluginError,
        match=r"^game 'toy' \(Registry.add\): NoDefaultOptions.rounds has no default; ",
    ):
        Registry(list).add(ToyGame(options_type=NoDefaultOptions))


def test_dumps_of_a_type_the_game_does_not_declare_names_the_game() -> None:
    game = ToyGame()
    with pytest.raises(
        TypeError,
        match=r"^game 'toy' cannot encode a NoDefaultOptions: it is none of the game's ",
    ):
        codec.dumps(NoDefaultOptions(2), game=game)


def test_a_leaking_view_is_reported_with_the_field_that_leaks() -> None:
    from .test_kit_catches_bugs import LeakyState
    from .test_kit_catches_bugs import LeakyView

    game = attrs.evolve(ToyGame(), state_type=LeakyState, view_type=LeakyView)
    with pytest.raises(
        ConformanceError,
        match=r"view leaks or determinize is inconsistent\) \(LeakyView.all_hands: \(\(",
    ):
        check_game(game, seeds=[1])


def test_differs_names_each_differing_field() -> None:
    assert differs(Play(1), Play(1)) == ""
    assert differs(Play(1), Play(2)) == " (Play.card: 1 != 2)"
    assert differs(Play(1), (1,)) == ""


@attrs.frozen  # attrs' default: __slots__, no __dict__
class SlottedState(StateBase):
    """A plugin's state declared without ``slots=False``."""

    players: int
    to_act: frozenset[int]


def test_replace_names_a_state_class_with_slots() -> None:
    # Issue 34: replace() read state.__dict__ and failed with a bare AttributeError.
    state = SlottedState(2, frozenset({0}))
    with pytest.raises(
        TypeError,
        match=r"^replace\(\) copies a state's fields from its __dict__, but "
        r"tests\.core\.test_plugin_mistakes\.SlottedState has __slots__ and no __dict__: "
        r"declare it @attrs\.frozen\(slots=False\)",
    ):
        replace(state, players=3)
    assert state.players == 2

"""Games come from entry points, lazily; clashes and impostors are refused by name, alone."""

from __future__ import annotations

import re
from importlib.metadata import EntryPoint

import attrs
import pytest

import meeple
from meeple.core import PluginError
from meeple.core import Registry
from meeple.core import UnknownGameError
from meeple.core import registry

from ..toy_game import TOY
from ..toy_game import State
from ..toy_game import ToyGame
from .conftest import TOY_POINT


def _point(name: str, value: str) -> EntryPoint:
    return EntryPoint(name=name, value=value, group=registry.ENTRY_POINT_GROUP)


MISSING = _point("broken", "no_such_module_xyz:GAME")
"""A plugin whose module does not exist."""


def _registry(*points: EntryPoint) -> Registry:
    """A registry of exactly these entry points."""
    return Registry(lambda: list(points))


def _refusal(reg: Registry, name: str) -> PluginError:
    """The error `reg` raises for loading `name` (the test fails if it loads)."""
    with pytest.raises(PluginError) as refused:
        reg.get(name)
    return refused.value


def test_names_are_sorted_and_games_load(toy_registry: Registry) -> None:
    assert meeple.game_names() == ("toy",)
    assert meeple.get_game("toy") is TOY


def test_unknown_game_lists_the_known_ones(toy_registry: Registry) -> None:
    with pytest.raises(UnknownGameError, match=r"unknown game 'chess'; known games: toy"):
        meeple.get_game("chess")
    with pytest.raises(ValueError):  # the contract: errors are ValueErrors
        meeple.get_game("chess")


def test_loading_is_lazy() -> None:
    broken = _registry(TOY_POINT, MISSING)
    assert broken.names() == ("broken", "toy")  # listing imports nothing
    assert broken.get("toy") is TOY
    assert re.fullmatch(
        r"game 'broken' \(entry point 'broken = no_such_module_xyz:GAME' of an unknown "
        r"package\) failed to load: ModuleNotFoundError: No module named 'no_such_module_xyz'",
        str(_refusal(broken, "broken")),
    )


def test_a_broken_plugin_fails_alone() -> None:
    broken = _registry(TOY_POINT, MISSING)
    assert broken.games() == (TOY,)
    assert list(broken.failures()) == ["broken"]
    assert "\n" not in broken.failures()["broken"]
    assert broken.get("toy") is TOY


def test_a_failure_is_remembered_not_retried() -> None:
    broken = _registry(MISSING)
    assert _refusal(broken, "broken") is _refusal(broken, "broken")


def test_a_name_clash_names_both_plugins_and_spares_the_others() -> None:
    clash = _registry(TOY_POINT, _point("toy", "other_pkg:GAME"), _point("x", "y:Z"))
    assert clash.names() == ("toy", "x")
    assert re.search(
        r"'toy' is registered by more than one package: entry point 'toy = "
        r"tests.toy_game:TOY' .* and entry point 'toy = other_pkg:GAME'",
        str(_refusal(clash, "toy")),
    )
    assert set(clash.failures()) == {"toy", "x"}


def test_the_same_entry_point_seen_twice_is_no_clash() -> None:
    twice = _registry(TOY_POINT, TOY_POINT)
    assert twice.get("toy") is TOY
    assert twice.failures() == {}


def test_an_object_that_is_not_a_game_is_refused() -> None:
    bad = _registry(_point("toy", "tests.toy_game:CARDS"))
    assert re.search(
        r"'toy' \(entry point 'toy = tests.toy_game:CARDS' .*\) is a tuple, "
        r"not a meeple Game: missing spec",
        str(_refusal(bad, "toy")),
    )


def test_a_game_registered_under_another_name_is_refused() -> None:
    bad = _registry(_point("other", "tests.toy_game:TOY"))
    assert re.search(
        r"registered as 'other' but ToyGame.spec.name is 'toy'", str(_refusal(bad, "other"))
    )


def test_a_plugin_raising_anything_at_import_fails_alone() -> None:
    bad = _registry(TOY_POINT, _point("exits", "tests.core.plugin_that_exits:GAME"))
    assert bad.games() == (TOY,)
    assert bad.failures()["exits"].endswith("failed to load: SystemExit: 3")


def test_the_real_registry_loads_every_installed_game() -> None:
    for name in meeple.game_names():
        assert meeple.get_game(name).spec.name == name


@attrs.frozen
class ListState(State):
    """The toy's state with one field declared as a list (a plugin author's slip)."""

    picked: list[int] = attrs.Factory(list)


def test_a_mutable_field_is_refused_naming_the_game_class_and_field() -> None:
    with pytest.raises(
        PluginError,
        match=r"game 'toy' \(Registry.add\): ListState.picked is declared as a list; .*tuple",
    ):
        Registry(list).add(ToyGame(state_type=ListState))

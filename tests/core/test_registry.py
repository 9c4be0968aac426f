"""Games come from entry points, lazily; clashes and impostors are refused by name."""

from __future__ import annotations

from importlib.metadata import EntryPoint

import pytest

import meeple
from meeple.core import PluginError, Registry, UnknownGameError, registry

from ..toy_game import TOY
from .conftest import TOY_POINT


def _point(name: str, value: str) -> EntryPoint:
    return EntryPoint(name=name, value=value, group=registry.ENTRY_POINT_GROUP)


def test_names_are_sorted_and_games_load(toy_registry: Registry) -> None:
    assert meeple.game_names() == ("toy",)
    assert meeple.get_game("toy") is TOY


def test_unknown_game_lists_the_known_ones(toy_registry: Registry) -> None:
    with pytest.raises(UnknownGameError, match=r"unknown game 'chess'; known games: toy"):
        meeple.get_game("chess")
    with pytest.raises(ValueError):  # the contract: errors are ValueErrors
        meeple.get_game("chess")


def test_loading_is_lazy() -> None:
    broken = Registry(lambda: [TOY_POINT, _point("broken", "no_such_module_xyz:GAME")])
    assert broken.names() == ("broken", "toy")  # listing imports nothing
    assert broken.get("toy") is TOY
    with pytest.raises(
        PluginError, match=r"'broken' from no_such_module_xyz:GAME .*failed to load"
    ):
        broken.get("broken")


def test_a_name_clash_names_both_plugins() -> None:
    clash = Registry(lambda: [TOY_POINT, _point("toy", "other_pkg:GAME")])
    with pytest.raises(PluginError, match=r"two packages register the game name 'toy'"):
        clash.names()


def test_an_object_that_is_not_a_game_is_refused() -> None:
    bad = Registry(lambda: [_point("toy", "tests.toy_game:CARDS")])
    with pytest.raises(PluginError, match=r"'toy' registered by tests.toy_game:CARDS .*missing"):
        bad.get("toy")


def test_a_game_registered_under_another_name_is_refused() -> None:
    bad = Registry(lambda: [_point("other", "tests.toy_game:TOY")])
    with pytest.raises(PluginError, match=r"calls itself 'toy'"):
        bad.get("other")


def test_the_real_registry_loads_every_installed_game() -> None:
    for name in meeple.game_names():
        assert meeple.get_game(name).spec.name == name

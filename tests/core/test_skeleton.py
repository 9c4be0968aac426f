"""A game hands the core its modules, and the core wires their conventional functions.

`meeple.core.skeleton`: every game names its modules and functions alike, so the
core sets each hook and capability method from a `Skeleton` of the game's modules
instead of two dozen hand-written lines a game. The wiring must be exactly what the
hand-written lines were (the same function objects, the same capabilities), what a
class body writes itself must win, a module lacking a function must be refused when
the class is made, naming it, and a game wired by hand must still work.
"""

from __future__ import annotations

import importlib
import inspect
import types
from typing import Any
from typing import Final

import attrs
import pytest
from meeple_goofspiel import game as goofspiel
from meeple_goofspiel import html as goofspiel_html
from meeple_goofspiel import legal as goofspiel_legal
from meeple_goofspiel import transitions as goofspiel_transitions

import meeple
from meeple.core import CAPABILITIES
from meeple.core import EncodingBase
from meeple.core import FullGameBase
from meeple.core import GameBase
from meeple.core import capabilities
from meeple.core.skeleton import WIRING
from meeple.core.skeleton import Skeleton
from meeple.testing import random_playout

from .. import nim_game

CONVENTIONAL: Final = {
    "_parse_action": "actions.parse_action",
    "_start": "setup.start",
    "_legal_actions": "legal.legal_actions",
    "_successor": "transitions.successor",
    "_outcome": "scoring.outcome",
    "_view": "view.view_of",
    "_determinize": "view.determinize",
    "_refusal": "explain.refusal",
    "_prompt": "explain.prompt",
    "_validate": "invariants.validate",
    "_validate_view": "invariants.validate_view",
    "_render": "render.render",
    "render_styled": "render.render_styled",
    "legend": "render.legend",
    "_vocabulary": "encoding.action_vocabulary",
    "_observation_size": "encoding.observation_size",
    "_encode_view": "encoding.encode_view",
    "encode_state": "state_encoding.encode_state",
    "render_html": "html.render_html",
    "elements": "elements.elements",
    "element_actions": "elements.element_actions",
    "statistics": "stats.statistics",
    "public_notation": "public.public_notation",
    "heuristic": "heuristic.heuristic",
}
"""Each hook and capability method, and the function every built-in game gave it by
hand before the skeleton (written out here, not read from `WIRING`)."""

RULE_HOOKS: Final = tuple(name for name in CONVENTIONAL if name.startswith("_"))[:12]

EVERY_CAPABILITY: Final = frozenset(CAPABILITIES)

PINNED: Final[dict[str, tuple[str, frozenset[str], dict[str, str]]]] = {
    "bear_mountain": (
        "meeple.bear_mountain",
        EVERY_CAPABILITY,
        CONVENTIONAL | {"_seen_to_act": "view.seen_to_act"},
    ),
    "way_of_bear": ("meeple.way_of_bear", EVERY_CAPABILITY, CONVENTIONAL),
    "wojtek": ("meeple.wojtek", EVERY_CAPABILITY, CONVENTIONAL),
    "wypas": (
        "meeple.wypas",
        EVERY_CAPABILITY,
        CONVENTIONAL
        | {
            "_parse_action": "tables.parse_action",
            "_seen_to_act": "view.seen_to_act",
            "_out_of_turn": "explain.out_of_turn",
        },
    ),
    "goofspiel": (
        "meeple_goofspiel",
        frozenset({"elements", "html", "statistics", "styled"}),
        {name: CONVENTIONAL[name] for name in RULE_HOOKS}
        | {
            "_seen_to_act": "view.seen_to_act",
            "render_styled": "render.render_styled",
            "statistics": "stats.statistics",
            "render_html": "html.render_html",
            "elements": "elements.elements",
            "element_actions": "elements.element_actions",
        },
    ),
}
"""Per registered game: its package, its capabilities and every hook and capability
method it fills, as they were before the skeleton wired them."""

BASES: Final = (GameBase, EncodingBase, FullGameBase, object)
NAMES: Final = sorted(
    {name for base in BASES for name in vars(base) if name.startswith("_") and name[1] != "_"}
    | set(CONVENTIONAL)
    | {"_seen_to_act", "_out_of_turn"}
)


def _filled(game_class: type[Any]) -> dict[str, Any]:
    """Every hook or capability method the game's own classes (not the core's) set."""
    found: dict[str, Any] = {}
    for name in NAMES:
        for klass in game_class.__mro__:
            if name in vars(klass):
                if klass not in BASES:
                    found[name] = vars(klass)[name]
                break
    return found


def _function(package: str, where: str) -> Any:
    module, function = where.split(".")
    return getattr(importlib.import_module(f"{package}.{module}"), function)


@pytest.mark.parametrize("name", sorted(PINNED))
def test_the_wiring_is_the_same_as_by_hand(name: str) -> None:
    package, offered, expected = PINNED[name]
    game = meeple.get_game(name)
    assert capabilities(game) == offered
    filled = _filled(type(game))
    assert sorted(filled) == sorted(expected)
    for hook, where in expected.items():
        member = filled[hook]
        assert isinstance(member, staticmethod), f"{name}.{hook} is not a staticmethod"
        assert member.__func__ is _function(package, where), f"{name}.{hook} is not {where}"
        assert getattr(game, hook) is _function(package, where)


@pytest.mark.parametrize("name", sorted(PINNED))
def test_the_state_class_binds_the_plain_functions(name: str) -> None:
    package, _, expected = PINNED[name]
    state = meeple.start(name, players=meeple.get_game(name).spec.min_players + 1, seed=3)
    bound: Any = type(state)
    assert bound._legal_hook is _function(package, expected["_legal_actions"])
    assert bound._successor_hook is _function(package, expected["_successor"])


def _empty_game(skeleton: Skeleton[Any, Any, Any], base: type[Any] = GameBase) -> type[Any]:
    """A game class made from `skeleton` with nothing in its body."""
    return types.new_class("Made", (base,), {"skeleton": skeleton})


def test_a_module_without_its_function_is_refused_when_the_class_is_made() -> None:
    legal: Any = types.ModuleType("meeple_broken.legal")
    legal.legal_moves = goofspiel_legal.legal_actions  # the wrong name
    skeleton = attrs.evolve(goofspiel.RULES, legal=legal)
    with pytest.raises(TypeError) as refused:

        class Broken(GameBase[Any, Any, Any], skeleton=skeleton):
            """Its legal module names its function otherwise."""

    message = str(refused.value)
    assert "Broken" in message
    assert "meeple_broken.legal" in message
    assert "legal_actions()" in message


def test_what_the_class_body_writes_wins_over_the_skeleton() -> None:
    def nothing_legal(state: Any, player: int, /) -> tuple[Any, ...]:
        return ()

    class Mine(GameBase[Any, Any, Any], skeleton=goofspiel.RULES):
        """Its own legal actions; the rest from Goofspiel's modules."""

        _legal_actions = staticmethod(nothing_legal)

    assert Mine._legal_actions is nothing_legal
    assert vars(Mine)["_successor"].__func__ is goofspiel_transitions.successor


def test_a_game_wired_by_hand_still_works() -> None:
    assert "_legal_actions" in vars(nim_game.Nim)  # written in its body, no skeleton
    assert nim_game.NIM._legal_actions is nim_game.legal_actions
    final, moves, _ = random_playout(nim_game.NIM, 2, seed=5)
    assert final.is_over
    assert moves


def test_a_capability_the_class_does_not_declare_is_refused() -> None:
    skeleton = goofspiel.RULES.offering(html=goofspiel_html)
    with pytest.raises(TypeError, match=r"Made: the html module .* fills render_html, which"):
        _empty_game(skeleton)
    with pytest.raises(TypeError, match=r"_vocabulary.*mix in EncodingBase"):
        _empty_game(
            attrs.evolve(
                goofspiel.RULES, encoding=importlib.import_module("meeple.wojtek.encoding")
            )
        )


def test_a_full_game_without_every_capability_is_refused_when_made() -> None:
    made = _empty_game(goofspiel.RULES.offering(html=goofspiel_html), FullGameBase)
    assert vars(made)["render_html"].__func__ is goofspiel_html.render_html
    made.spec = goofspiel.SPEC
    with pytest.raises(TypeError, match=r"goofspiel: Made declares .*heuristic \(a heuristic"):
        made()


def test_the_wiring_covers_every_capability() -> None:
    fields = {field.name for field in attrs.fields(Skeleton)}
    for capability, protocol in CAPABILITIES.items():
        assert capability in fields
        methods = {name for name, member in vars(protocol).items() if inspect.isfunction(member)}
        methods -= {name for name in methods if name.startswith("_")}
        assert {function for _, field, function in WIRING if field == capability} == methods
    declared = set(FullGameBase.__annotations__)
    assert declared == {name for name, _, _ in WIRING if not name.startswith("_")}

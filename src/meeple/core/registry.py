"""The one registry: games from entry points of group ``meeple.games``, loaded on first use.

Built-in games are listed in our own pyproject exactly as a plugin lists its
game, so nothing registers itself by being imported. The CLI, the simulator, the
adapters and the web front end all look games up here:

* `get_game(name)` for a registered name;
* `resolve_game(text)` also accepts ``package.module:ATTR``, a game object that
  is not installed as a plugin (a game under development, a test's toy game);
* `Registry.add(game)` puts a game object into a registry by hand (the web
  front end's tests, a notebook), refused if its name is taken.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Iterable
from importlib.metadata import EntryPoint, entry_points
from typing import Any

from .errors import PluginError, UnknownGameError
from .protocols import Game
from .spec import GameSpec

__all__ = [
    "ENTRY_POINT_GROUP",
    "Registry",
    "default_registry",
    "game_names",
    "get_game",
    "resolve_game",
]

ENTRY_POINT_GROUP = "meeple.games"

_REQUIRED = (
    "spec",
    "options_type",
    "state_type",
    "view_type",
    "action_types",
    "start",
    "parse_action",
    "determinize",
    "render",
)


def _origin(ep: EntryPoint) -> str:
    dist = getattr(ep, "dist", None)
    package = getattr(dist, "name", None) or "an unknown distribution"
    return f"{ep.value} (from {package})"


def validate_game(obj: Any, name: str, origin: str) -> Game:
    """`obj` if it satisfies the Game protocol under `name`, else PluginError."""
    missing = [attr for attr in _REQUIRED if not hasattr(obj, attr)]
    if missing:
        raise PluginError(
            f"game {name!r} registered by {origin} is not a meeple Game: "
            f"missing {', '.join(missing)}"
        )
    spec = obj.spec
    if not isinstance(spec, GameSpec):
        raise PluginError(f"game {name!r} registered by {origin}: spec is not a GameSpec")
    if spec.name != name:
        raise PluginError(
            f"game registered as {name!r} by {origin} calls itself {spec.name!r}; "
            "the entry point name and spec.name must agree"
        )
    if not 1 <= spec.min_players <= spec.max_players:
        raise PluginError(f"game {name!r} registered by {origin}: bad player range")
    for method in ("start", "parse_action", "determinize", "render"):
        if not callable(getattr(obj, method)):
            raise PluginError(f"game {name!r} registered by {origin}: {method} is not callable")
    if not isinstance(obj, Game):
        raise PluginError(f"game {name!r} registered by {origin} is not a meeple Game")
    return obj


class Registry:
    """Name -> game, from entry points; loads each game once, when first asked for."""

    def __init__(self, source: Callable[[], Iterable[EntryPoint]] | None = None) -> None:
        self._source = source or (lambda: entry_points(group=ENTRY_POINT_GROUP))
        self._points: dict[str, EntryPoint] | None = None
        self._loaded: dict[str, Game] = {}
        self._added: dict[str, Game] = {}

    def _entry_points(self) -> dict[str, EntryPoint]:
        if self._points is None:
            points: dict[str, EntryPoint] = {}
            for ep in self._source():
                other = points.get(ep.name)
                if other is not None and other.value != ep.value:
                    raise PluginError(
                        f"two packages register the game name {ep.name!r}: "
                        f"{_origin(other)} and {_origin(ep)}"
                    )
                points[ep.name] = ep
            self._points = points
        return self._points

    def names(self) -> tuple[str, ...]:
        """Every registered game name, sorted."""
        return tuple(sorted({*self._entry_points(), *self._added}))

    def add(self, game: Any) -> Game:
        """Register a game object by hand under its ``spec.name`` (checked like a plugin)."""
        name = getattr(getattr(game, "spec", None), "name", None)
        if not isinstance(name, str):
            raise PluginError(f"{game!r} has no spec.name; it is not a meeple Game")
        checked = validate_game(game, name, "Registry.add")
        known = self._added.get(name) or self._loaded.get(name)
        if known is None and name in self._entry_points():
            known = self.get(name)
        if known is not None and known is not checked:
            raise PluginError(f"the game name {name!r} is already registered")
        self._added[name] = checked
        return checked

    def get(self, name: str) -> Game:
        """The game registered as `name`; UnknownGameError lists the known names."""
        game = self._loaded.get(name) or self._added.get(name)
        if game is not None:
            return game
        points = self._entry_points()
        ep = points.get(name)
        if ep is None:
            raise UnknownGameError(name, self.names())
        try:
            obj = ep.load()
        except Exception as err:
            raise PluginError(f"game {name!r} from {_origin(ep)} failed to load: {err}") from err
        game = validate_game(obj, name, _origin(ep))
        self._loaded[name] = game
        return game

    def games(self) -> tuple[Game, ...]:
        """Every registered game, loaded, in name order."""
        return tuple(self.get(name) for name in self.names())

    def resolve(self, text: str) -> Game:
        """A registered name, or ``package.module:ATTR`` naming a game object to import.

        The imported object is checked like a plugin but not added to the registry.
        """
        if ":" not in text:
            return self.get(text)
        module, _, attr = text.partition(":")
        try:
            obj = getattr(importlib.import_module(module), attr)
        except (ImportError, AttributeError, ValueError) as err:
            raise UnknownGameError(text, self.names()) from err
        name = getattr(getattr(obj, "spec", None), "name", None)
        return validate_game(obj, name if isinstance(name, str) else text, text)


default_registry = Registry()


def game_names() -> tuple[str, ...]:
    """Every registered game name, sorted."""
    return default_registry.names()


def get_game(name: str) -> Game:
    """The registered game called `name`."""
    return default_registry.get(name)


def resolve_game(text: str) -> Game:
    """A registered game name, or ``package.module:ATTR`` for a game not installed."""
    return default_registry.resolve(text)

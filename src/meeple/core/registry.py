"""The one registry: games from entry points of group ``meeple.games``, loaded on first use.

Built-in games are listed in our own pyproject exactly as a plugin lists its
game, so nothing registers itself by being imported. The CLI, the simulator, the
adapters and the web front end all look games up here:

* `get_game(name)` for a registered name;
* `resolve_game(text)` also accepts ``package.module:ATTR``, a game object that
  is not installed as a plugin (a game under development, a test's toy game);
* `Registry.add(game)` puts a game object into a registry by hand (the web
  front end's tests, a notebook), refused if its name is taken.

One broken plugin never takes the others down. A plugin that fails to import, an
object that is not a game, a name two packages claim: each makes only that name
fail, with a one-line `PluginError` naming the game, the entry point, the package
and the reason. `Registry.games` skips it (and logs that line once),
`Registry.failures` lists it, and every other game is served as usual.
"""

from __future__ import annotations

import importlib
import logging
import types
import typing
from collections.abc import Callable
from collections.abc import Iterable
from importlib.metadata import EntryPoint
from importlib.metadata import entry_points
from typing import Any

import attrs

from .errors import PluginError
from .errors import UnknownGameError
from .protocols import AnyGame
from .protocols import Game
from .spec import GameSpec

__all__ = [
    "ENTRY_POINT_GROUP",
    "Registry",
    "default_registry",
    "game_names",
    "get_game",
    "resolve_game",
    "validate_game",
]

ENTRY_POINT_GROUP = "meeple.games"

LOG = logging.getLogger(__name__)

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
_MUTABLE = {list: "list", dict: "dict", set: "set", bytearray: "bytearray"}


def _origin(ep: EntryPoint) -> str:
    dist = getattr(ep, "dist", None)
    package = getattr(dist, "name", None)
    where = f"package {package} {dist.version}" if package and dist else "an unknown package"
    return f"entry point '{ep.name} = {ep.value}' of {where}"


def _one_line(err: BaseException) -> str:
    """``Type: first line of the message``, so a failure is always one line."""
    lines = str(err).strip().splitlines()
    return f"{type(err).__name__}: {lines[0]}" if lines else type(err).__name__


def _mutable_in(annotation: Any) -> str | None:
    """The name of a mutable container in a field's type (``list[int]`` -> "list")."""
    if annotation in _MUTABLE:
        return _MUTABLE[annotation]
    origin = typing.get_origin(annotation)
    if origin in _MUTABLE:
        return _MUTABLE[origin]
    if origin is not None or isinstance(annotation, types.UnionType):
        for arg in typing.get_args(annotation):
            found = _mutable_in(arg)
            if found is not None:
                return found
    return None


def _check_options(options_type: Any, name: str, origin: str) -> None:
    """Refuse an options class that is not attrs or has a field without a default."""
    what = f"game {name!r} ({origin})"
    if not (isinstance(options_type, type) and attrs.has(options_type)):
        raise PluginError(f"{what}: options_type {options_type!r} is not an attrs class")
    for field in attrs.fields(options_type):
        if field.default is attrs.NOTHING:
            raise PluginError(
                f"{what}: {options_type.__name__}.{field.name} has no default; every option "
                "defaults to the rulebook game, so that start(players, seed=...) needs none"
            )


def _check_fields(obj: Any, name: str, origin: str) -> None:
    """Refuse a mutable container declared in a state, view, action or options field."""
    classes = [obj.state_type, obj.view_type, obj.options_type, *tuple(obj.action_types)]
    for cls in classes:
        if not (isinstance(cls, type) and attrs.has(cls)):
            continue
        try:
            fields = attrs.fields(attrs.resolve_types(cls))
        except Exception:  # names only a type checker sees (TYPE_CHECKING): nothing to check
            continue
        for field in fields:
            kind = _mutable_in(field.type)
            if kind is not None:
                raise PluginError(
                    f"game {name!r} ({origin}): {cls.__name__}.{field.name} is declared "
                    f"as a {kind}; states, views, actions and options must be immutable "
                    "and hashable, so use a tuple or a frozenset (a mapping as a tuple of pairs)"
                )


def validate_game(obj: Any, name: str, origin: str) -> Game:
    """`obj` if it satisfies the Game protocol under `name`, else a one-line PluginError.

    The error names the game, where it came from (`origin`: the entry point and
    its package), the object's class and what is wrong with it.
    """
    try:
        return _validate(obj, name, origin)
    except PluginError:
        raise
    except Exception as err:  # a property of the plugin's object raised while checked
        raise PluginError(
            f"game {name!r} ({origin}): checking {type(obj).__name__} raised {_one_line(err)}"
        ) from err


def _validate(obj: Any, name: str, origin: str) -> Game:
    what = f"game {name!r} ({origin})"
    missing = [attr for attr in _REQUIRED if not hasattr(obj, attr)]
    if missing:
        raise PluginError(
            f"{what} is a {type(obj).__name__}, not a meeple Game: missing {', '.join(missing)}"
        )
    spec = obj.spec
    if not isinstance(spec, GameSpec):
        raise PluginError(
            f"{what}: {type(obj).__name__}.spec is a {type(spec).__name__}, not a GameSpec"
        )
    if spec.name != name:
        raise PluginError(
            f"{what}: registered as {name!r} but {type(obj).__name__}.spec.name is "
            f"{spec.name!r}; the entry point name and spec.name must agree"
        )
    if not 1 <= spec.min_players <= spec.max_players:
        raise PluginError(
            f"{what}: bad player range in GameSpec.min_players={spec.min_players}, "
            f"GameSpec.max_players={spec.max_players}"
        )
    if not callable(spec.max_steps):
        raise PluginError(f"{what}: GameSpec.max_steps is not callable")
    for method in ("start", "parse_action", "determinize", "render"):
        if not callable(getattr(obj, method)):
            raise PluginError(f"{what}: {type(obj).__name__}.{method} is not callable")
    if not isinstance(obj, Game):
        raise PluginError(f"{what}: {type(obj).__name__} is not a meeple Game")
    _check_options(obj.options_type, name, origin)
    _check_fields(obj, name, origin)
    return obj


class Registry:
    """Name -> game, from entry points; loads each game once, when first asked for.

    A game that cannot be served (its import fails, its object is not a game, two
    packages claim its name) fails alone: `get` raises its one-line `PluginError`,
    `games` skips it, `failures` lists it.
    """

    def __init__(self, source: Callable[[], Iterable[EntryPoint]] | None = None) -> None:
        self._source = source or (lambda: entry_points(group=ENTRY_POINT_GROUP))
        self._points: dict[str, EntryPoint] | None = None
        self._loaded: dict[str, Game] = {}
        self._added: dict[str, Game] = {}
        self._failed: dict[str, PluginError] = {}
        self._logged: set[str] = set()

    def _entry_points(self) -> dict[str, EntryPoint]:
        if self._points is None:
            points: dict[str, EntryPoint] = {}
            claims: dict[str, list[EntryPoint]] = {}
            for ep in self._source():
                known = claims.setdefault(ep.name, [])
                if all(other.value != ep.value for other in known):
                    known.append(ep)
                points.setdefault(ep.name, ep)
            for name, eps in claims.items():
                if len(eps) > 1:
                    self._failed[name] = PluginError(
                        f"game {name!r} is registered by more than one package: "
                        f"{' and '.join(_origin(ep) for ep in eps)}; uninstall all but one"
                    )
            self._points = points
        return self._points

    def names(self) -> tuple[str, ...]:
        """Every registered game name, sorted (a broken plugin's too; `get` says why)."""
        return tuple(sorted({*self._entry_points(), *self._added}))

    def add(self, game: Any) -> Game:
        """Register a game object by hand under its ``spec.name`` (checked like a plugin)."""
        name = getattr(getattr(game, "spec", None), "name", None)
        if not isinstance(name, str):
            raise PluginError(
                f"{type(game).__name__} object has no spec.name; it is not a meeple Game"
            )
        checked = validate_game(game, name, "Registry.add")
        known = self._added.get(name) or self._loaded.get(name)
        if known is None and name in self._entry_points():
            try:
                known = self.get(name)
            except PluginError:
                known = None  # the broken plugin stays listed under failures; ours serves
        if known is not None and known is not checked:
            raise PluginError(f"the game name {name!r} is already registered")
        self._added[name] = checked
        return checked

    def get(self, name: str) -> Game:
        """The game registered as `name`; UnknownGameError lists the known names.

        A plugin that cannot be served raises its one-line `PluginError` (the same
        one every time: the import is not retried).
        """
        game = self._loaded.get(name) or self._added.get(name)
        if game is not None:
            return game
        points = self._entry_points()
        if name in self._failed:
            raise self._failed[name]
        ep = points.get(name)
        if ep is None:
            raise UnknownGameError(name, self.names())
        try:
            obj = ep.load()
            game = validate_game(obj, name, _origin(ep))
        except PluginError as err:
            self._failed[name] = err
            raise
        except (Exception, SystemExit) as err:  # whatever a plugin's import raises
            self._failed[name] = PluginError(
                f"game {name!r} ({_origin(ep)}) failed to load: {_one_line(err)}"
            )
            raise self._failed[name] from err
        self._loaded[name] = game
        return game

    def games(self) -> tuple[Game, ...]:
        """Every game that can be served, loaded, in name order; broken plugins skipped.

        Each skipped plugin's one line is logged (once) as a warning.
        """
        found = []
        for name in self.names():
            try:
                found.append(self.get(name))
            except PluginError as err:
                if name not in self._logged:
                    self._logged.add(name)
                    LOG.warning("skipped a broken plugin: %s", err)
        return tuple(found)

    def failures(self) -> dict[str, str]:
        """Registered names that cannot be served -> the one-line reason, in name order."""
        self.games()
        broken = sorted(set(self._failed) - set(self._added))
        return {name: str(self._failed[name]) for name in broken}

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


def get_game(name: str) -> AnyGame:
    """The registered game called `name` (typed `AnyGame`: its states take `Action`
    objects)."""
    game: AnyGame = default_registry.get(name)
    return game


def resolve_game(text: str) -> Game:
    """A registered game name, or ``package.module:ATTR`` for a game not installed."""
    return default_registry.resolve(text)

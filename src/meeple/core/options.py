"""Typed settings from keyword arguments or ``key=value`` strings: the one parser.

A game's options and a bot's parameters are each described once, as a frozen attrs
class with typed fields (and validators for their ranges); `parse_settings` reads
``key=value`` items into such a class, `build_options` a mapping. Unknown names, a
name given twice, values of the wrong type and values a validator refuses all
become `InvalidOptionsError`, worded by a `Wording`: a game's options name the game
and the option (the default), a bot spec the bot and the parameter's range
(`meeple.bots.spec`). Numbers written as text are read strictly (ASCII digits, at
most 18 of them for a whole number, no ``nan`` or ``inf``), since bot specs come
from the network.
"""

from __future__ import annotations

import re
import types
import typing
from collections.abc import Iterable
from collections.abc import Mapping
from functools import lru_cache
from typing import Any
from typing import TypeVar

import attrs

from .errors import InvalidOptionsError
from .spec import GameSpec
from .thaw import thaw

__all__ = [
    "Wording",
    "build_options",
    "check_players",
    "option_fields",
    "options_to_json",
    "parse_option_strings",
    "parse_settings",
    "setting_key",
]

OptionsT = TypeVar("OptionsT")

_TRUE = {"true", "yes", "on", "1"}
_FALSE = {"false", "no", "off", "0"}
_NUMBERS: dict[Any, tuple[re.Pattern[str], Any, str]] = {
    int: (re.compile(r"[+-]?[0-9]{1,18}"), int, "a whole number"),
    float: (
        re.compile(r"[+-]?(?:[0-9]{1,30}(?:\.[0-9]{0,30})?|\.[0-9]{1,30})(?:[eE][+-]?[0-9]{1,4})?"),
        int | float,
        "a number",
    ),
}
"""Per number type: how its text is spelled, what a JSON value of it may be, its name."""


class Wording:
    """How a family of settings words its refusals: a game's options by default.

    `owner` names whose settings they are (``"wojtek"``); a family with words of
    its own (bot parameters) overrides the methods, and may bound a value of the
    right type further in `check` (a server's caps).
    """

    noun = "option"
    """What one setting is called."""

    def __init__(self, owner: str) -> None:
        self.owner = owner

    def malformed(self, item: str, known: str) -> str:
        """An item that is not ``key=value``."""
        return f"{self.owner}: {self.noun} {item!r} is not of the form key=value"

    def unknown(self, name: str, item: str, known: str) -> str:
        """A name the settings do not have (`known` lists those they have)."""
        return f"{self.owner}: unknown {self.noun} {name!r} (known: {known})"

    def twice(self, name: str) -> str:
        """A name given more than once."""
        return f"{self.owner}: {self.noun} {name!r} is given twice"

    def wrong_type(self, name: str, tp: Any, shown: Any, err: Exception) -> str:
        """A value that is not of the field's type."""
        return f"{self.owner}: {self.noun} {name!r} must be {_describe(tp)}: {err}"

    def check(self, name: str, value: Any, shown: Any) -> None:
        """Refuse (InvalidOptionsError) a value of the right type that is still out of
        bounds; options leave that to their class's validators."""

    def invalid(self, err: Exception) -> str:
        """What the class's own validators refused."""
        return f"{self.owner}: invalid {self.noun}s: {err}"


def option_fields(options_type: type[Any]) -> dict[str, Any]:
    """Option name -> resolved type annotation (a new dict: the caller's to change)."""
    cls: type = options_type  # a class: hashable (mypy does not see that of type[Any])
    return dict(_resolved_fields(cls))


@lru_cache(maxsize=256)  # an options class's annotations never change once it exists
def _resolved_fields(options_type: type) -> tuple[tuple[str, Any], ...]:
    # get_type_hints evaluates every annotation written as a string (compiling each),
    # which cost more than dealing a short game: every new match builds its options
    hints = typing.get_type_hints(options_type)
    return tuple((f.name, hints[f.name]) for f in attrs.fields(options_type))


def _describe(tp: Any) -> str:
    if typing.get_origin(tp) in (typing.Union, types.UnionType):
        return " or ".join("none" if a is type(None) else _describe(a) for a in typing.get_args(tp))
    return getattr(tp, "__name__", None) or str(tp).replace("typing.", "")


def _coerce(tp: Any, value: Any, *, from_string: bool) -> Any:
    """Return `value` as type `tp`, or raise TypeError/ValueError saying why."""
    origin = typing.get_origin(tp)
    args = typing.get_args(tp)
    if origin in (typing.Union, types.UnionType):
        is_none = value is None or (from_string and value in ("", "none", "None"))
        if is_none and type(None) in args:
            return None
        errors = []
        looks_like_data = isinstance(value, dict) or (
            from_string and str(value).lstrip().startswith("{")
        )
        # Data (a JSON object) goes to the union's data class first, so that a custom
        # board's JSON text is not taken for a board name.
        ordered = sorted(args, key=lambda a: not (looks_like_data and attrs.has(a)))
        for arg in ordered:
            if arg is type(None):
                continue
            try:
                return _coerce(arg, value, from_string=from_string)
            except (TypeError, ValueError) as err:
                errors.append(str(err))
        raise TypeError("; ".join(errors) or f"expected {_describe(tp)}")
    if origin is typing.Literal:
        if from_string:
            for arg in args:
                if str(arg) == value:
                    return arg
        if value in args:
            return value
        raise ValueError(f"expected one of {', '.join(repr(a) for a in args)}, got {value!r}")
    if origin is tuple:
        if from_string:
            value = [] if value == "" else [v.strip() for v in str(value).split(",")]
        if not isinstance(value, list | tuple):
            raise TypeError(f"expected a sequence, got {value!r}")
        item_t = args[0] if args else Any
        return tuple(_coerce(item_t, v, from_string=from_string) for v in value)
    if tp is Any:
        return value
    if isinstance(tp, type) and attrs.has(tp):
        return _coerce_data(tp, value, from_string=from_string)
    if tp is bool:
        if from_string:
            low = str(value).lower()
            if low in _TRUE:
                return True
            if low in _FALSE:
                return False
            raise ValueError(f"expected true or false, got {value!r}")
        if not isinstance(value, bool):
            raise TypeError(f"expected true or false, got {value!r}")
        return value
    if tp in _NUMBERS:
        spelling, taken, words = _NUMBERS[tp]
        if from_string:
            if not spelling.fullmatch(str(value)):
                raise ValueError(f"expected {words}, got {value!r}")
        elif isinstance(value, bool) or not isinstance(value, taken):
            raise TypeError(f"expected {words}, got {value!r}")
        return tp(value)
    if tp is str:
        if not isinstance(value, str):
            raise TypeError(f"expected text, got {value!r}")
        return value
    raise TypeError(f"options of type {_describe(tp)} are not supported")


def _coerce_data(tp: type[Any], value: Any, *, from_string: bool) -> Any:
    """An option whose value is data (a frozen attrs class, e.g. a custom board): the
    object itself, or its JSON object (strictly checked by the codec's converter)."""
    if isinstance(value, tp):
        return value
    if from_string:
        import json

        try:
            value = json.loads(value)
        except (TypeError, ValueError):
            raise ValueError(f"expected a JSON object for {_describe(tp)}") from None
    if not isinstance(value, dict):
        raise TypeError(f"expected {_describe(tp)} data (a JSON object), got {value!r}")
    # Data files carry notes such as "_source" (where each fact came from): not data.
    value = {k: v for k, v in value.items() if not (isinstance(k, str) and k.startswith("_"))}
    from cattrs.errors import BaseValidationError

    from .converter import CONVERTER

    try:
        return CONVERTER.structure(value, tp)
    except BaseValidationError as err:
        from .converter import explain_structure_error

        raise ValueError(f"not {_describe(tp)} data: {explain_structure_error(err)}") from None
    except (KeyError, AttributeError) as err:
        raise ValueError(f"not {_describe(tp)} data: {err}") from None


def build_options(
    game_name: str,
    options_type: type[OptionsT],
    values: Mapping[str, Any],
    *,
    from_strings: bool = False,
    words: Wording | None = None,
) -> OptionsT:
    """An `options_type` instance from a mapping, every value checked against its type.

    `words` words the refusals (default: the options of game `game_name`).
    """
    words = words or Wording(game_name)
    fields = option_fields(options_type)
    known = ", ".join(fields) or "none"
    kwargs: dict[str, Any] = {}
    for name, value in values.items():
        key = setting_key(name)
        if key not in fields:
            raise InvalidOptionsError(words.unknown(name, name, known))
        if key in kwargs:  # two spellings of one name, e.g. max-rounds and max_rounds
            raise InvalidOptionsError(words.twice(key))
        try:
            kwargs[key] = _coerce(fields[key], value, from_string=from_strings)
        except (TypeError, ValueError) as err:
            raise InvalidOptionsError(words.wrong_type(key, fields[key], value, err)) from None
        words.check(key, kwargs[key], value)
    try:
        return options_type(**kwargs)
    except InvalidOptionsError:
        raise  # a validator that words its own refusal
    except (TypeError, ValueError) as err:
        raise InvalidOptionsError(words.invalid(err)) from None


def setting_key(name: str) -> str:
    """The field a setting's name means: case and dashes do not matter."""
    return name.strip().lower().replace("-", "_")


def parse_settings(settings_type: type[OptionsT], items: Iterable[str], words: Wording) -> OptionsT:
    """A `settings_type` instance from ``key=value`` items: the one parser of game options
    (`parse_option_strings`) and bot parameters (`meeple.bots.parse_bot_spec`).

    Each name may be given once; values are read from text by the field's type.
    """
    fields = option_fields(settings_type)
    known = ", ".join(fields) or "none"
    values: dict[str, str] = {}
    for item in items:
        key, sep, value = item.partition("=")
        name = setting_key(key)
        if not sep or not name:
            raise InvalidOptionsError(words.malformed(item, known))
        if name not in fields:
            raise InvalidOptionsError(words.unknown(key.strip(), item, known))
        if name in values:
            raise InvalidOptionsError(words.twice(name))
        values[name] = value.strip()
    return build_options(words.owner, settings_type, values, from_strings=True, words=words)


def parse_option_strings(
    game_name: str, options_type: type[OptionsT], items: Iterable[str]
) -> OptionsT:
    """Options from ``key=value`` strings, as typed on a command line."""
    return parse_settings(options_type, items, Wording(game_name))


def options_to_json(options: Any) -> dict[str, Any]:
    """The options that differ from the defaults, as plain JSON values."""
    out: dict[str, Any] = {}
    default = type(options)()
    for field in attrs.fields(type(options)):
        value = getattr(options, field.name)
        if value != getattr(default, field.name):
            out[field.name] = thaw(value)
    return out


def check_players(spec: GameSpec, players: Any) -> int:
    """The player count, or InvalidOptionsError saying which counts the game allows."""
    if isinstance(players, bool) or not isinstance(players, int):
        raise InvalidOptionsError(f"{spec.name}: players must be a whole number, not {players!r}")
    if not spec.min_players <= players <= spec.max_players:
        allowed = (
            str(spec.min_players)
            if spec.min_players == spec.max_players
            else f"{spec.min_players}-{spec.max_players}"
        )
        raise InvalidOptionsError(f"{spec.name} is played by {allowed} players, not {players}")
    return players

"""Building a game's options from keyword arguments or ``key=value`` strings.

Unknown names, values of the wrong type and values a game's validators refuse
all become `InvalidOptionsError`, naming the game and the option.
"""

from __future__ import annotations

import types
import typing
from collections.abc import Iterable, Mapping
from typing import Any, TypeVar

import attrs

from .errors import InvalidOptionsError
from .frozen import thaw
from .spec import GameSpec

__all__ = [
    "build_options",
    "check_players",
    "option_fields",
    "options_to_json",
    "parse_option_strings",
]

OptionsT = TypeVar("OptionsT")

_TRUE = {"true", "yes", "on", "1"}
_FALSE = {"false", "no", "off", "0"}


def option_fields(options_type: type[Any]) -> dict[str, Any]:
    """Option name -> resolved type annotation."""
    hints = typing.get_type_hints(options_type)
    return {f.name: hints[f.name] for f in attrs.fields(options_type)}


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
    if tp is int:
        if from_string:
            try:
                return int(value)
            except ValueError:
                raise ValueError(f"expected a whole number, got {value!r}") from None
        if isinstance(value, bool) or not isinstance(value, int):
            raise TypeError(f"expected a whole number, got {value!r}")
        return value
    if tp is float:
        if from_string:
            try:
                return float(value)
            except ValueError:
                raise ValueError(f"expected a number, got {value!r}") from None
        if isinstance(value, bool) or not isinstance(value, int | float):
            raise TypeError(f"expected a number, got {value!r}")
        return float(value)
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

    from .codec import CONVERTER

    try:
        return CONVERTER.structure(value, tp)
    except BaseValidationError as err:
        from .codec import explain_structure_error

        raise ValueError(f"not {_describe(tp)} data: {explain_structure_error(err)}") from None
    except (KeyError, AttributeError) as err:
        raise ValueError(f"not {_describe(tp)} data: {err}") from None


def build_options(
    game_name: str,
    options_type: type[OptionsT],
    values: Mapping[str, Any],
    *,
    from_strings: bool = False,
) -> OptionsT:
    """An `options_type` instance from a mapping, every value checked against its type."""
    fields = option_fields(options_type)
    kwargs: dict[str, Any] = {}
    for name, value in values.items():
        key = name.replace("-", "_")
        if key not in fields:
            known = ", ".join(sorted(fields)) or "none"
            raise InvalidOptionsError(f"{game_name}: unknown option {name!r} (known: {known})")
        try:
            kwargs[key] = _coerce(fields[key], value, from_string=from_strings)
        except (TypeError, ValueError) as err:
            raise InvalidOptionsError(
                f"{game_name}: option {name!r} must be {_describe(fields[key])}: {err}"
            ) from None
    try:
        return options_type(**kwargs)
    except (TypeError, ValueError) as err:
        raise InvalidOptionsError(f"{game_name}: invalid options: {err}") from None


def parse_option_strings(
    game_name: str, options_type: type[OptionsT], items: Iterable[str]
) -> OptionsT:
    """Options from ``key=value`` strings, as typed on a command line."""
    values: dict[str, str] = {}
    for item in items:
        key, sep, value = item.partition("=")
        if not sep or not key.strip():
            raise InvalidOptionsError(f"{game_name}: option {item!r} is not of the form key=value")
        values[key.strip()] = value.strip()
    return build_options(game_name, options_type, values, from_strings=True)


def options_to_json(options: Any) -> dict[str, Any]:
    """The options that differ from the defaults, as plain JSON values."""
    out: dict[str, Any] = {}
    default = type(options)()
    for field in attrs.fields(type(options)):
        value = getattr(options, field.name)
        if value != getattr(default, field.name):
            out[field.name] = thaw(value)
    return out


_to_json = thaw  # the name meeple.sim.report imported before there was one thaw


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

"""The strict converter: what every JSON document may hold, and how it is read.

`CONVERTER` is the codec's cattrs converter (`meeple.core.codec`), and through it
the one description of every document meeple reads or writes: states, views,
options, outcomes, records, the web's request and response bodies. It is strict:
``"3"`` is not an int, ``true`` is not 1, an enum is one of its values, a tuple
is a list of such items, a set has no repeats, and a document names no field its
class does not have. `meeple.core.fastpath` reads and writes the common shapes
without its dispatch; whatever the fast path declines, this converter judges, and
`explain_structure_error` says why it refused.
"""

from __future__ import annotations

import enum
import types
import typing
from collections.abc import Callable
from typing import Any

import attrs
import cattrs
from cattrs.errors import BaseValidationError

from .frozen import freeze
from .frozen import sort_key

__all__ = ["CONVERTER", "explain_structure_error", "make_converter"]


def _strict_int(value: Any, _: Any) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise TypeError(f"expected an integer, got {value!r}")
    return value


def _strict_bool(value: Any, _: Any) -> bool:
    if not isinstance(value, bool):
        raise TypeError(f"expected true or false, got {value!r}")
    return value


def _strict_str(value: Any, _: Any) -> str:
    if not isinstance(value, str):
        raise TypeError(f"expected a string, got {value!r}")
    return value


def _strict_float(value: Any, _: Any) -> float:
    if isinstance(value, bool) or not isinstance(value, int | float):
        raise TypeError(f"expected a number, got {value!r}")
    return float(value)


def _strict_enum(value: Any, cls: type[enum.Enum]) -> enum.Enum:
    # A phase stored as its value: the exact base type (no bool for an int, no int
    # for a str) and one of the members.
    base = str if issubclass(cls, str) else int
    if type(value) is not base:
        raise TypeError(f"expected a {cls.__name__} value ({base.__name__}), got {value!r}")
    try:
        return cls(value)
    except ValueError:
        known = ", ".join(repr(m.value) for m in cls)
        raise ValueError(f"{value!r} is not a {cls.__name__} (one of {known})") from None


_SCALARS: dict[Any, type] = {int: int, str: str, bool: bool, float: float}
"""Item types whose JSON values need no conversion (a float item also takes a whole
number, so floats go through their hook unless every item is already a float)."""


def make_converter() -> cattrs.Converter:
    """A strict converter as the codec's (`CONVERTER`): its own hooks, for a caller that
    adds one of its own (the web's writer leaves some empty fields out) without
    changing the codec's."""
    conv = cattrs.Converter(forbid_extra_keys=True, detailed_validation=True)
    _register_scalars(conv)
    _register_containers(conv)
    return conv


def _register_scalars(conv: cattrs.Converter) -> None:
    """Strict ints, bools, strings, numbers and enum values; a field typed `Any` frozen."""
    conv.register_structure_hook(int, _strict_int)
    conv.register_structure_hook(bool, _strict_bool)
    conv.register_structure_hook(str, _strict_str)
    conv.register_structure_hook(float, _strict_float)
    conv.register_structure_hook(Any, lambda v, _: freeze(v, objects=False))
    # Before int and str in every enum's MRO, so a phase loads as its member.
    conv.register_structure_hook(enum.IntEnum, _strict_enum)
    conv.register_structure_hook(enum.StrEnum, _strict_enum)


def _register_containers(conv: cattrs.Converter) -> None:
    """JSON lists and objects only, each item by its hook looked up once per type.

    The order is cattrs': a factory registered later is asked first.
    """
    conv.register_structure_hook_factory(_is_dict, _dict_hook)
    conv.register_structure_hook_factory(_is_list, _list_hook)
    # a record's option value: any JSON (a custom board is an object), taken as it is
    conv.register_structure_hook_func(_is_json_value, lambda value, _: value)
    conv.register_unstructure_hook_func(_is_json_value, lambda value: value)
    conv.register_structure_hook_factory(_is_data_union, _data_union_hook)
    conv.register_structure_hook_factory(_is_tuple, _tuple_hook)
    conv.register_structure_hook_factory(_is_frozenset, _frozenset_hook)
    conv.register_unstructure_hook_factory(_is_frozenset, _frozenset_unstructurer)
    conv.register_unstructure_hook_factory(_is_tuple, _items_unstructurer)


def _is_tuple(tp: Any) -> bool:
    return typing.get_origin(tp) is tuple


def _is_frozenset(tp: Any) -> bool:
    return typing.get_origin(tp) is frozenset or tp is frozenset


def _is_list(tp: Any) -> bool:
    return typing.get_origin(tp) is list or tp is list


def _is_dict(tp: Any) -> bool:
    return typing.get_origin(tp) is dict


def _is_json_value(tp: Any) -> bool:
    return getattr(tp, "__name__", None) == "JsonValue" and hasattr(tp, "__supertype__")


def _is_data_union(tp: Any) -> bool:
    if typing.get_origin(tp) not in (typing.Union, types.UnionType):
        return False
    return any(attrs.has(arg) for arg in typing.get_args(tp) if isinstance(arg, type))


def _tuple_hook(tp: Any, conv: cattrs.Converter) -> Callable[[Any, Any], Any]:
    # Each item's hook is looked up once, here, not once per item: the converter's
    # dispatch was most of a state's load time.
    args = typing.get_args(tp)
    if len(args) == 2 and args[1] is Ellipsis:
        item = args[0]
        exact = _SCALARS.get(item)
        hook = conv.get_structure_hook(item)

        def structure_var(value: Any, _: Any) -> tuple[Any, ...]:
            if not isinstance(value, list | tuple):
                raise TypeError(f"expected a list, got {value!r}")
            if exact is not None and all(type(v) is exact for v in value):
                return tuple(value)  # the common case, checked in one pass
            return tuple([hook(v, item) for v in value])

        return structure_var
    hooks = [conv.get_structure_hook(a) for a in args]

    def structure_fixed(value: Any, _: Any) -> tuple[Any, ...]:
        if not isinstance(value, list | tuple) or len(value) != len(args):
            raise TypeError(f"expected a list of {len(args)} items, got {value!r}")
        return tuple([h(v, a) for h, v, a in zip(hooks, value, args, strict=True)])

    return structure_fixed


def _items_unstructurer(tp: Any, conv: cattrs.Converter) -> Callable[[Any], list[Any]]:
    # Scalars are written as they are; anything else by its class's own hook,
    # looked up once per class rather than through the dispatch for every item.
    args = [a for a in typing.get_args(tp) if a is not Ellipsis]
    if args and all(a in _SCALARS for a in args):
        return list
    by_class: dict[type, Callable[[Any], Any]] = {}

    def unstructure_items(value: Any) -> list[Any]:
        out = []
        for v in value:
            cls = v.__class__
            hook = by_class.get(cls)
            if hook is None:
                hook = by_class[cls] = conv.get_unstructure_hook(cls)
            out.append(hook(v))
        return out

    return unstructure_items


def _frozenset_unstructurer(tp: Any, conv: cattrs.Converter) -> Callable[[Any], list[Any]]:
    items = _items_unstructurer(tp, conv)
    return lambda value: items(sorted(value, key=sort_key))


def _items_hook(
    tp: Any, conv: cattrs.Converter, build: Callable[[list[Any]], Any], *, distinct: bool = False
) -> Callable[[Any, Any], Any]:
    # A JSON list only (cattrs' own hooks take any iterable: an object's keys, a
    # string's letters), each item by its hook, looked up once, here.
    args = typing.get_args(tp)
    item = args[0] if args else Any
    exact = _SCALARS.get(item)
    hook = conv.get_structure_hook(item)

    def structure_items(value: Any, _: Any) -> Any:
        if not isinstance(value, list):
            raise TypeError(f"expected a list, got {value!r}")
        if exact is not None and all(type(v) is exact for v in value):
            out = build(value)  # the common case, checked in one pass
        else:
            out = build([hook(v, item) for v in value])
        if distinct and len(out) != len(value):
            raise ValueError(f"repeated items in a set: {value!r}")
        return out

    return structure_items


def _frozenset_hook(tp: Any, conv: cattrs.Converter) -> Callable[[Any, Any], Any]:
    return _items_hook(tp, conv, frozenset, distinct=True)


def _list_hook(tp: Any, conv: cattrs.Converter) -> Callable[[Any, Any], Any]:
    return _items_hook(tp, conv, list)


def _data_union_hook(tp: Any, conv: cattrs.Converter) -> Callable[[Any, Any], Any]:
    # A value that is a name or data (``str | BoardSpec``): a JSON object is the
    # data class, anything else must be one of the plain members.
    args = typing.get_args(tp)
    data = [a for a in args if isinstance(a, type) and attrs.has(a)]
    plain = [a for a in args if a not in data]
    if len(data) != 1:
        raise TypeError(f"a union may hold one data class, not {data}")

    def structure_data_union(value: Any, _: Any) -> Any:
        if isinstance(value, dict):
            return conv.structure(value, data[0])
        if value is None and type(None) in plain:
            return None
        errors = []
        for arg in plain:
            if arg is type(None):
                continue
            try:
                return conv.structure(value, arg)
            except (TypeError, ValueError) as err:
                errors.append(str(err))
        raise TypeError("; ".join(errors) or f"expected {tp}, got {value!r}")

    return structure_data_union


def _dict_hook(tp: Any, conv: cattrs.Converter) -> Callable[[Any, Any], Any]:
    key_t, value_t = typing.get_args(tp)
    key_hook, value_hook = conv.get_structure_hook(key_t), conv.get_structure_hook(value_t)

    def structure_dict(value: Any, _: Any) -> dict[Any, Any]:
        if not isinstance(value, dict):
            raise TypeError(f"expected an object, got {value!r}")
        return {key_hook(k, key_t): value_hook(v, value_t) for k, v in value.items()}

    return structure_dict


CONVERTER = make_converter()
"""The strict cattrs converter shared by every game's codec."""


def _describe_error(exc: BaseException, _type: Any) -> str:
    if isinstance(exc, KeyError):
        return f"required field {exc} is missing"
    return str(exc) or type(exc).__name__


def explain_structure_error(err: BaseValidationError) -> str:
    """What the converter refused, one clause per problem, each with its JSON path."""
    return "; ".join(cattrs.transform_error(err, format_exception=_describe_error))

"""Tagged JSON for states, views, actions, options, outcomes and records.

Every document is a JSON object with a ``"$type"`` tag: ``"meeple.Outcome"``,
``"meeple.GameRecord"``, or ``"<game>.state"``, ``"<game>.view"``,
``"<game>.options"``, ``"<game>.action"``. Actions are stored as their notation.
Loading checks the tag, every field's type (strictly: ``"3"`` is not an int and
``"abc"`` is not a tuple), the rules version, and then the object's own
``validate()`` (card conservation and the like). Nothing is ever unpickled or
evaluated.
"""

from __future__ import annotations

import enum
import json
import types
import typing
from collections.abc import Callable, Iterable
from typing import Any

import attrs
import cattrs
from cattrs.errors import BaseValidationError

from . import registry
from .errors import CorruptDataError, MeepleError
from .fastpath import structurer, unstructurer
from .frozen import freeze, sort_key
from .outcome import Outcome
from .protocols import Game
from .record import GameRecord
from .trust import vouch_for

__all__ = [
    "CONVERTER",
    "dumps",
    "explain_structure_error",
    "from_data",
    "loads",
    "make_converter",
    "to_data",
]

_OBJECT_KINDS = ("state", "view", "options")


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
    conv.register_structure_hook(int, _strict_int)
    conv.register_structure_hook(bool, _strict_bool)
    conv.register_structure_hook(str, _strict_str)
    conv.register_structure_hook(float, _strict_float)
    conv.register_structure_hook(Any, lambda v, _: freeze(v, objects=False))
    # Before int and str in every enum's MRO, so a phase loads as its member.
    conv.register_structure_hook(enum.IntEnum, _strict_enum)
    conv.register_structure_hook(enum.StrEnum, _strict_enum)

    def is_tuple(tp: Any) -> bool:
        return typing.get_origin(tp) is tuple

    def tuple_hook(tp: Any) -> Callable[[Any, Any], Any]:
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

    def items_unstructurer(tp: Any) -> Callable[[Any], list[Any]]:
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

    def is_frozenset(tp: Any) -> bool:
        return typing.get_origin(tp) is frozenset or tp is frozenset

    def frozenset_hook(tp: Any) -> Callable[[Any, Any], Any]:
        args = typing.get_args(tp)
        item = args[0] if args else Any
        exact = _SCALARS.get(item)
        hook = conv.get_structure_hook(item)

        def structure_set(value: Any, _: Any) -> frozenset[Any]:
            if not isinstance(value, list):
                raise TypeError(f"expected a list, got {value!r}")
            if exact is not None and all(type(v) is exact for v in value):
                out = frozenset(value)
            else:
                out = frozenset([hook(v, item) for v in value])
            if len(out) != len(value):
                raise ValueError(f"repeated items in a set: {value!r}")
            return out

        return structure_set

    def is_data_union(tp: Any) -> bool:
        if typing.get_origin(tp) not in (typing.Union, types.UnionType):
            return False
        return any(attrs.has(arg) for arg in typing.get_args(tp) if isinstance(arg, type))

    def data_union_hook(tp: Any) -> Callable[[Any, Any], Any]:
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

    def is_dict(tp: Any) -> bool:
        return typing.get_origin(tp) is dict

    def dict_hook(tp: Any) -> Callable[[Any, Any], Any]:
        key_t, value_t = typing.get_args(tp)
        key_hook, value_hook = conv.get_structure_hook(key_t), conv.get_structure_hook(value_t)

        def structure_dict(value: Any, _: Any) -> dict[Any, Any]:
            if not isinstance(value, dict):
                raise TypeError(f"expected an object, got {value!r}")
            return {key_hook(k, key_t): value_hook(v, value_t) for k, v in value.items()}

        return structure_dict

    conv.register_structure_hook_factory(is_dict, dict_hook)

    def is_json_value(tp: Any) -> bool:
        return getattr(tp, "__name__", None) == "JsonValue" and hasattr(tp, "__supertype__")

    # a record's option value: any JSON (a custom board is an object), taken as it is
    conv.register_structure_hook_func(is_json_value, lambda value, _: value)
    conv.register_unstructure_hook_func(is_json_value, lambda value: value)
    conv.register_structure_hook_factory(is_data_union, data_union_hook)
    conv.register_structure_hook_factory(is_tuple, tuple_hook)
    conv.register_structure_hook_factory(is_frozenset, frozenset_hook)

    def frozenset_unstructurer(tp: Any) -> Callable[[Any], list[Any]]:
        items = items_unstructurer(tp)
        return lambda value: items(sorted(value, key=sort_key))

    conv.register_unstructure_hook_factory(is_frozenset, frozenset_unstructurer)
    conv.register_unstructure_hook_factory(is_tuple, items_unstructurer)
    return conv


_ENCODER = json.JSONEncoder(ensure_ascii=False, check_circular=False)
"""`json.dumps` with these settings, made once rather than on every call. Without the
check for circular references: what it writes is made fresh from frozen values by
`fastpath.unstructurer` (no container can hold itself), and the check cost a
dictionary entry per list."""

CONVERTER = make_converter()
"""The strict cattrs converter shared by every game's codec."""


_TYPE = ("$type",)
_TYPE_RULES = ("$type", "$rules")
"""The tags a document opens with (states and views carry the rules version)."""


def _claimants(obj: Any) -> tuple[Game, ...]:
    """The games that may claim `obj`: a state's own game, if it is the one registered
    under its name (a state class belongs to one game: `StateBase.bind`), else every
    registered game, in name order."""
    bound = type(obj).__dict__.get("_game")
    if bound is not None:
        try:
            if registry.default_registry.get(bound.spec.name) is bound:
                return (bound,)
        except MeepleError:
            pass
    return registry.default_registry.games()


def _kind_of(game: Game, obj: Any) -> str | None:
    cls = type(obj)
    if cls is game.state_type:
        return "state"
    if cls is game.view_type:
        return "view"
    if cls is game.options_type:
        return "options"
    if cls in game.action_types:
        return "action"
    return None


def to_data(obj: Any, *, game: Game | None = None) -> dict[str, Any]:
    """The tagged JSON-able dict of `obj` (see the module docstring for tags)."""
    return _tagged(obj, game, text=False)


def _tagged(obj: Any, game: Game | None, *, text: bool) -> dict[str, Any]:
    """`to_data`; with `text`, a dict that `json` writes to the same text (tuples of
    scalars left as tuples), for `dumps`."""
    if isinstance(obj, Outcome):
        return {"$type": "meeple.Outcome", **unstructurer(Outcome, text=text)(obj)}
    if isinstance(obj, GameRecord):
        return {"$type": "meeple.GameRecord", **obj.to_data(text=text)}
    candidates = (game,) if game is not None else _claimants(obj)
    for candidate in candidates:
        kind = _kind_of(candidate, obj)
        if kind is None:
            continue
        if kind == "action":
            return {"$type": f"{candidate.spec.name}.action", "text": str(obj)}
        tag = f"{candidate.spec.name}.{kind}"
        if kind == "options":
            return unstructurer(type(obj), text=text, head=_TYPE)(obj, tag)
        write = unstructurer(type(obj), text=text, head=_TYPE_RULES)
        return write(obj, tag, candidate.spec.rules_version)
    if game is not None:  # a plugin's mistake: say which types its game declares
        raise TypeError(
            f"game {game.spec.name!r} cannot encode a {type(obj).__name__}: it is none of "
            "the game's state_type, view_type, options_type or action_types"
        )
    raise TypeError(f"meeple cannot encode a {type(obj).__name__}: no game claims that type")


def dumps(obj: Any, *, game: Game | None = None, indent: int | None = None) -> str:
    """JSON text for a state, view, action, options, outcome or record.

    A field holding a value JSON cannot store (a plugin's mistake) raises TypeError
    naming the game, the class and the field.
    """
    data = _tagged(obj, game, text=True)
    try:
        if indent is None:
            return _ENCODER.encode(data)
        return json.dumps(data, indent=indent, ensure_ascii=False)
    except (TypeError, ValueError) as err:
        where = _not_json(data, type(obj).__name__) or type(obj).__name__
        tag = data.get("$type", "?") if isinstance(data, dict) else "?"
        game_name = str(tag).rpartition(".")[0] or "?"
        raise TypeError(
            f"game {game_name!r}: {where}, which JSON cannot store ({err}); fields hold "
            "ints, strings, bools, floats, enums, tuples, frozensets or attrs classes"
        ) from None


def _not_json(value: Any, path: str) -> str | None:
    """Where in unstructured data a value sits that JSON cannot store, e.g. ``State.x[2]``."""
    if isinstance(value, dict):
        items: Iterable[tuple[str, Any]] = (
            (f"{path}.{k}", v) for k, v in value.items() if not str(k).startswith("$")
        )
    elif isinstance(value, list | tuple):
        items = ((f"{path}[{i}]", v) for i, v in enumerate(value))
    elif value is None or isinstance(value, str | int | float | bool):
        return None
    else:
        return f"{path} holds a value of type {type(value).__name__}"
    return next((found for where, item in items if (found := _not_json(item, where))), None)


def _validated(obj: Any, tag: str) -> Any:
    validate = getattr(obj, "validate", None)
    if validate is not None:
        try:
            validate()
        except CorruptDataError:
            raise
        except (ValueError, AssertionError, TypeError, KeyError, IndexError) as err:
            raise CorruptDataError(f"{tag} breaks an invariant: {err}") from None
    return obj


def from_data(data: Any, *, game: Game | None = None) -> Any:
    """The object a tagged dict describes, fully validated; CorruptDataError otherwise."""
    if not isinstance(data, dict):
        raise CorruptDataError(
            f"expected a JSON object with a $type tag, got {type(data).__name__}"
        )
    tag = data.get("$type")
    if not isinstance(tag, str):
        raise CorruptDataError('the JSON object has no "$type" tag')
    if tag == "meeple.Outcome":
        outcome = _structure(data, Outcome, tag)
        return _validated(outcome, tag)
    if tag == "meeple.GameRecord":
        return GameRecord.from_data(_fields(data))
    name, dot, kind = tag.rpartition(".")
    if not dot or kind not in (*_OBJECT_KINDS, "action"):
        raise CorruptDataError(f"unknown $type tag {tag!r}")
    if game is None:
        try:
            game = registry.get_game(name)
        except MeepleError as err:
            raise CorruptDataError(
                f"$type {tag!r} names a game that is not available: {err}"
            ) from None
    elif game.spec.name != name:
        raise CorruptDataError(f"$type {tag!r} is not a {game.spec.name} object")
    if kind == "action":
        body = _fields(data)
        text = body.get("text")
        if not isinstance(text, str) or set(body) != {"text"}:
            raise CorruptDataError(f"{tag} must have exactly one string field, text")
        try:
            return game.parse_action(text)
        except MeepleError as err:
            raise CorruptDataError(f"{tag}: {err}") from None
    if kind in ("state", "view"):
        rules = data.get("$rules")
        if rules != game.spec.rules_version:
            raise CorruptDataError(
                f"{tag} was saved under rules version {rules!r}; "
                f"this {name} is rules version {game.spec.rules_version!r}"
            )
    cls = {"state": game.state_type, "view": game.view_type, "options": game.options_type}[kind]
    return vouch_for(game, _structure(data, cls, tag), kind, tag)


def _describe_error(exc: BaseException, _type: Any) -> str:
    if isinstance(exc, KeyError):
        return f"required field {exc} is missing"
    return str(exc) or type(exc).__name__


def explain_structure_error(err: BaseValidationError) -> str:
    """What the converter refused, one clause per problem, each with its JSON path."""
    return "; ".join(cattrs.transform_error(err, format_exception=_describe_error))


def _fields(data: dict[str, Any]) -> dict[str, Any]:
    """A document without its ``$`` tags."""
    return {k: v for k, v in data.items() if not k.startswith("$")}


def _structure(data: dict[str, Any], cls: type[Any], tag: str) -> Any:
    """A `cls` made of a tagged document: by the fast path, else by the converter."""
    try:
        return structurer(cls, tagged=True)(data)
    except Exception:  # declined, or refused: the converter decides, and says why
        pass
    body = _fields(data)
    try:
        return CONVERTER.structure(body, cls)
    except BaseValidationError as err:
        raise CorruptDataError(f"{tag} is malformed: {explain_structure_error(err)}") from None
    except (TypeError, ValueError, KeyError, AttributeError) as err:
        raise CorruptDataError(f"{tag} is malformed: {err}") from None


def loads(text: str | bytes, *, game: Game | None = None) -> Any:
    """The object encoded by `dumps`, validated; CorruptDataError for anything else."""
    try:
        data = json.loads(text)
    except (json.JSONDecodeError, UnicodeDecodeError) as err:
        raise CorruptDataError(f"not valid JSON: {err}") from None
    except RecursionError:
        raise CorruptDataError("not valid JSON: nested too deeply") from None
    return from_data(data, game=game)

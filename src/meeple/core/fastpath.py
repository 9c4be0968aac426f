"""The codec's fast path: one structure and one unstructure function per class, made once.

The strict converter (`meeple.core.codec.CONVERTER`) is the one description of every
document: what loads, what it becomes, and the precise message for what does not.
Asked field by field it spends most of a load in its dispatch and its error
bookkeeping, although nearly every document it sees is well formed. So for each
attrs class the codec asks here, once, for two functions written from the class's
field types (cattrs' own approach, `make_dict_structure_fn`, without the detailed
validation):

* `structurer(cls)(body)`: the object, when every value has exactly the JSON type
  the converter takes for its field (an int is an ``int`` and never a ``bool``, a
  tuple is a list of such items, a set a list without repeats, an enum one of its
  values); for anything else it raises `DeclinedError`, and the codec asks the converter
  itself, which refuses with its detailed message (or accepts what the fast path
  would not bother with, such as an int where a float goes). The fast path never
  accepts what the converter refuses and builds the very same object;
* `unstructurer(cls)(obj)`: the dict the converter writes, key for key.

`tests/core/test_codec_fastpath.py` holds both to that on reachable and mutated
documents of every game. Types the fast path does not know (data unions, dicts,
JSON values) are handed to the converter's own hook for that type.
"""

from __future__ import annotations

import enum
import functools
import itertools
import types
import typing
from collections.abc import Callable
from typing import Any

import attrs
from cattrs.fns import identity

from .frozen import freeze, sort_key

__all__ = ["DeclinedError", "structurer", "unstructurer"]

Hook = Callable[[Any], Any]


class DeclinedError(Exception):
    """The fast path will not judge this value; the strict converter will."""


def _decline(*_: Any) -> Any:
    raise DeclinedError


_EXACT = {int: frozenset({int}), str: frozenset({str}), bool: frozenset({bool})}
"""Item types whose JSON values are taken as they are, when of exactly that class."""


def _converter() -> Any:
    from .codec import CONVERTER

    return CONVERTER


def _is_optional(tp: Any) -> bool:
    if typing.get_origin(tp) not in (typing.Union, types.UnionType):
        return False
    args = typing.get_args(tp)
    return len(args) == 2 and type(None) in args


# -- structure ---------------------------------------------------------------------------


def _scalar_hook(tp: type) -> Hook:
    def exact(v: Any) -> Any:
        if v.__class__ is tp:
            return v
        raise DeclinedError

    return exact


def _enum_hook(cls: type[enum.Enum]) -> Hook:
    base = str if issubclass(cls, str) else int
    members = cls._value2member_map_

    def member(v: Any) -> Any:
        if v.__class__ is base:
            found = members.get(v)
            if found is not None:
                return found
        raise DeclinedError

    return member


def _tuple_hook(tp: Any) -> Hook:
    args = typing.get_args(tp)
    if len(args) == 2 and args[1] is Ellipsis:
        exact = _EXACT.get(args[0])
        if exact is not None:

            def scalars(v: Any) -> tuple[Any, ...]:
                if v.__class__ is list and set(map(type, v)) <= exact:
                    return tuple(v)
                raise DeclinedError

            return scalars
        item = _value_hook(args[0])

        def items(v: Any) -> tuple[Any, ...]:
            if v.__class__ is list:
                return tuple([item(x) for x in v])
            raise DeclinedError

        return items
    hooks = tuple(_value_hook(a) for a in args)
    size = len(hooks)

    def fixed(v: Any) -> tuple[Any, ...]:
        if v.__class__ is list and len(v) == size:
            return tuple([h(x) for h, x in zip(hooks, v, strict=True)])
        raise DeclinedError

    return fixed


def _frozenset_hook(tp: Any) -> Hook:
    args = typing.get_args(tp)
    exact = _EXACT.get(args[0]) if args else None
    item = None if exact is not None or not args else _value_hook(args[0])

    def members(v: Any) -> frozenset[Any]:
        if v.__class__ is not list:
            raise DeclinedError
        if item is None:
            if exact is None or not set(map(type, v)) <= exact:
                raise DeclinedError
            out = frozenset(v)
        else:
            out = frozenset([item(x) for x in v])
        if len(out) != len(v):
            raise DeclinedError
        return out

    return members


def _optional_hook(tp: Any) -> Hook:
    (inner,) = [a for a in typing.get_args(tp) if a is not type(None)]
    hook = _value_hook(inner)

    def optional(v: Any) -> Any:
        return None if v is None else hook(v)

    return optional


def _literal_hook(tp: Any) -> Hook:
    allowed = typing.get_args(tp)
    kinds = frozenset(type(a) for a in allowed)
    if any(isinstance(a, enum.Enum) for a in allowed):
        return _converter_hook(tp)

    def literal(v: Any) -> Any:
        if v.__class__ in kinds and v in allowed:
            return v
        raise DeclinedError

    return literal


def _converter_hook(tp: Any) -> Hook:
    hook = _converter().get_structure_hook(tp)

    def delegated(v: Any) -> Any:
        return hook(v, tp)

    return delegated


def _freeze_any(v: Any) -> Any:
    return freeze(v, objects=False)


def _value_hook(tp: Any) -> Hook:
    """A function that turns one JSON value into a `tp`, or raises (then: DeclinedError)."""
    if tp in _EXACT:
        return _scalar_hook(tp)
    if tp is float:
        return _scalar_hook(float)  # an int where a float goes: the converter decides
    if tp is Any:
        return _freeze_any
    if isinstance(tp, type) and issubclass(tp, enum.IntEnum | enum.StrEnum):
        return _enum_hook(tp)
    if isinstance(tp, type) and attrs.has(tp):
        return structurer(tp)
    origin = typing.get_origin(tp)
    if origin is tuple:
        return _tuple_hook(tp)
    if origin is frozenset:
        return _frozenset_hook(tp)
    if origin is typing.Literal:
        return _literal_hook(tp)
    if _is_optional(tp) and not _has_data(tp):
        return _optional_hook(tp)
    return _converter_hook(tp)


def _has_data(tp: Any) -> bool:
    return any(isinstance(a, type) and attrs.has(a) for a in typing.get_args(tp))


def _nesting(tp: Any) -> tuple[int, frozenset[type]] | None:
    """(depth, item class) of ``tuple[tuple[int, ...], ...]`` and the like, else None."""
    depth = 0
    while typing.get_origin(tp) is tuple:
        args = typing.get_args(tp)
        if len(args) != 2 or args[1] is not Ellipsis:
            return None
        depth, tp = depth + 1, args[0]
    exact = _EXACT.get(tp)
    return (depth, exact) if depth and exact is not None else None


def _inline(tp: Any, i: int, names: dict[str, Any]) -> list[str] | None:
    """Source lines that check the JSON value ``v`` as a `tp` and leave the value made
    of it in ``v`` (raising DeclinedError otherwise), for the common field types; None
    for the others, which go through `_value_hook`."""
    fail = "raise DeclinedError"
    if tp in _EXACT or tp is float:
        names[f"t{i}"] = tp
        return [f"if v.__class__ is not t{i}: {fail}"]
    if _is_optional(tp) and not _has_data(tp):
        (inner,) = [a for a in typing.get_args(tp) if a is not type(None)]
        if inner in _EXACT:
            names[f"t{i}"] = inner
            return [f"if v is not None and v.__class__ is not t{i}: {fail}"]
        return None
    if isinstance(tp, type) and issubclass(tp, enum.IntEnum | enum.StrEnum):
        names[f"m{i}"] = tp._value2member_map_
        names[f"t{i}"] = str if issubclass(tp, str) else int
        return [f"v = m{i}.get(v) if v.__class__ is t{i} else None", f"if v is None: {fail}"]
    if typing.get_origin(tp) is frozenset and typing.get_args(tp)[0] in _EXACT:
        names[f"e{i}"] = _EXACT[typing.get_args(tp)[0]]
        return [
            f"if v.__class__ is not list or not set(map(type, v)) <= e{i}: {fail}",
            "w = frozenset(v)",
            f"if len(w) != len(v): {fail}",
            "v = w",
        ]
    nested = _nesting(tp)
    if nested is None or nested[0] > 3:
        return None
    depth, exact = nested
    names[f"e{i}"] = exact
    top = "if v.__class__ is not list or not set(map(type, v)) <= "
    if depth == 1:
        return [top + f"e{i}: {fail}", "v = tuple(v)"]
    if depth == 2:
        return [
            top + f"LISTS or not set(map(type, chain(v))) <= e{i}: {fail}",
            "v = tuple(map(tuple, v))",
        ]
    return [
        top + f"LISTS: {fail}",
        "w = list(chain(v))",
        f"if not set(map(type, w)) <= LISTS or not set(map(type, chain(w))) <= e{i}: {fail}",
        "v = tuple([tuple(map(tuple, x)) for x in v])",
    ]


def structurer(cls: type[Any]) -> Callable[[dict[str, Any]], Any]:
    """The fast structure function of attrs class `cls` (see the module docstring).

    It takes the document's fields (no ``$`` tags) and raises `DeclinedError` (or
    another exception) for anything it does not take as it is.
    """
    key: Any = cls  # a class hashes; typeshed's type[Any] does not say so
    return _structurer(key)


@functools.cache
def _structurer(cls: Any) -> Callable[[dict[str, Any]], Any]:
    fields = [f for f in attrs.fields(attrs.resolve_types(cls)) if f.init]
    names: dict[str, Any] = {
        "DeclinedError": DeclinedError,
        "cls": cls,
        "KEYS": frozenset(f.name for f in fields),
        "LISTS": frozenset({list}),
        "chain": itertools.chain.from_iterable,
    }
    body = ["def structure(o):", "  if not o.keys() <= KEYS: raise DeclinedError"]
    args, factories = [], []
    for i, f in enumerate(fields):
        lines = _inline(f.type, i, names)
        if lines is None:
            names[f"h{i}"] = _value_hook(f.type)
            lines = [f"v = h{i}(v)"]
        if f.default is attrs.NOTHING:
            body += [f"  v = o[{f.name!r}]", *(f"  {line}" for line in lines), f"  a{i} = v"]
            args.append(f"{f.alias}=a{i}")
        elif isinstance(f.default, attrs.Factory):  # type: ignore[arg-type]  # attrs.Factory is a class
            body += [f"  if {f.name!r} in o:", f"    v = o[{f.name!r}]"]
            body += [*(f"    {line}" for line in lines), f"    extra[{f.alias!r}] = v"]
            factories.append(i)
        else:  # passing the default is omitting it
            names[f"d{i}"] = f.default
            body += [f"  if {f.name!r} in o:", f"    v = o[{f.name!r}]"]
            body += [*(f"    {line}" for line in lines), f"    a{i} = v"]
            body += ["  else:", f"    a{i} = d{i}"]
            args.append(f"{f.alias}=a{i}")
    if factories:
        body.insert(2, "  extra = {}")
        args.append("**extra")
    body.append(f"  return cls({', '.join(args)})")
    made: Callable[[dict[str, Any]], Any] = _compiled("\n".join(body), cls, names)
    return made


def _compiled(source: str, cls: type[Any], names: dict[str, Any]) -> Any:
    """The one function `source` defines, compiled with `names` as its globals.

    The source is ours, written from the class's field names and types (no text
    from a document ever reaches it).
    """
    name = source[4 : source.index("(")]
    exec(compile(source, f"<meeple fast {name} {cls.__qualname__}>", "exec"), names)
    return names[name]


# -- unstructure ----------------------------------------------------------------------------


def unstructurer(cls: type[Any]) -> Callable[[Any], dict[str, Any]]:
    """The dict the converter writes for an instance of `cls`, made by one generated function."""
    key: Any = cls  # as in `structurer`
    return _unstructurer(key)


@functools.cache
def _unstructurer(cls: Any) -> Callable[[Any], dict[str, Any]]:
    conv = _converter()
    fields = [f for f in attrs.fields(attrs.resolve_types(cls)) if f.init]
    names: dict[str, Any] = {}
    items = []
    for i, f in enumerate(fields):
        expr = _unstructure_expr(f.type, f"i.{f.name}", i, names, conv)
        items.append(f"{f.name!r}: {expr}")
    source = "def unstructure(i):\n  return {" + ", ".join(items) + "}"
    exec(
        compile(source, f"<meeple fast unstructure {cls.__qualname__}>", "exec"), names
    )  # our own source
    made: Callable[[Any], dict[str, Any]] = names["unstructure"]
    return made


def _as_is(tp: Any, conv: Any) -> bool:
    """Whether the converter writes a `tp` as the value itself."""
    if _is_optional(tp):
        (tp,) = [a for a in typing.get_args(tp) if a is not type(None)]
    return tp in (int, str, bool, float) or conv.get_unstructure_hook(tp) is identity


def _unstructure_expr(tp: Any, value: str, i: int, names: dict[str, Any], conv: Any) -> str:
    """Python source for the converter's unstructured form of `value`, a `tp`: the
    converter's own hook, written inline where it is a plain expression."""
    if _as_is(tp, conv):
        return value
    hook = conv.get_unstructure_hook(tp)
    if hook is list:
        return f"list({value})"
    if isinstance(tp, type) and attrs.has(tp):
        names[f"u{i}"] = unstructurer(tp)
        return f"u{i}({value})"
    origin, args = typing.get_origin(tp), typing.get_args(tp)
    if origin is tuple and len(args) == 2 and args[1] is Ellipsis:
        inner = args[0]
        if typing.get_origin(inner) is tuple and conv.get_unstructure_hook(inner) is list:
            return f"[list(x) for x in {value}]"
    if origin is frozenset and args and args[0] in _EXACT:
        names["sort_key"] = sort_key
        return f"sorted({value}, key=sort_key)"
    names[f"u{i}"] = hook
    return f"u{i}({value})"

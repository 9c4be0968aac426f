"""The codec's fast path: one structure and one unstructure function per class, made once.

The strict converter (`meeple.core.converter.CONVERTER`) is the one description of every
document: what loads, what it becomes, and the precise message for what does not.
Asked field by field it spends most of a load in its dispatch and its error
bookkeeping, although nearly every document it sees is well formed. So for each
attrs class the codec asks here, once, for functions written as Python source from
the class's field types (cattrs' own approach, `make_dict_structure_fn`, without the
detailed validation):

* `structurer(cls)(body)`: the object, when every value has exactly the JSON type
  the converter takes for its field (an int is an ``int`` and never a ``bool``, a
  tuple is a list of such items, of the right length if it has one, a set a list
  without repeats, an enum one of its values); for anything else it raises
  `DeclinedError`, and the codec asks the converter itself, which refuses with its
  detailed message (or accepts what the fast path leaves to it, such as an int
  where a float goes). The fast path never accepts what the converter refuses and
  builds the very same object;
* `unstructurer(cls)(obj)`: the dict the converter writes; `unstructurer(cls,
  text=True)` the same for `json` to write at once, with tuples of scalars left as
  tuples (the encoder writes a tuple as it writes a list).

`tests/core/test_codec_fastpath.py` holds all three to the converter on reachable
and mutated documents of every game. Types the fast path does not know (data
unions, dicts, JSON values) go to the converter's own hook for that type.
"""

from __future__ import annotations

import enum
import functools
import types
import typing
from collections.abc import Callable
from typing import Any
from typing import cast

import attrs
from cattrs.fns import identity

from .base import StateBase
from .fast_source import CHAIN as _CHAIN
from .fast_source import FAIL as _FAIL
from .fast_source import LISTS as _LISTS
from .fast_source import DeclinedError
from .fast_source import FastSource
from .frozen import freeze
from .frozen import sort_key

__all__ = ["DeclinedError", "structurer", "unstructurer"]

_EXACT = {int: frozenset({int}), str: frozenset({str}), bool: frozenset({bool})}
"""Scalar types whose JSON values are taken as they are, when of exactly that class."""

_PLAIN = (int, str, bool, float, type(None))
"""Scalar types the converter writes as they are."""


def _converter() -> Any:
    from .converter import CONVERTER

    return CONVERTER


def _optional_of(tp: Any) -> Any:
    """X for ``X | None``, else None."""
    if typing.get_origin(tp) not in (typing.Union, types.UnionType):
        return None
    args = typing.get_args(tp)
    if len(args) != 2 or type(None) not in args:
        return None
    (inner,) = [a for a in args if a is not type(None)]
    return None if isinstance(inner, type) and attrs.has(inner) else inner


def _variadic(tp: Any) -> Any:
    """X for ``tuple[X, ...]``, else None."""
    args = typing.get_args(tp)
    if typing.get_origin(tp) is tuple and len(args) == 2 and args[1] is Ellipsis:
        return args[0]
    return None


def _fixed(tp: Any) -> tuple[Any, ...] | None:
    """The item types of ``tuple[A, B, ...]`` (no ellipsis), else None."""
    args = typing.get_args(tp)
    if typing.get_origin(tp) is tuple and args and Ellipsis not in args:
        return args
    return None


# -- structure ---------------------------------------------------------------------------


def _read(out: FastSource, tp: Any, src: str, indent: int) -> str:
    """Emit the checks that JSON value `src` is a `tp` as the converter takes it, and
    return the expression of the value made of it (`src` is a plain local name)."""
    if tp in _EXACT or tp is float:
        out.emit(indent, f"if {src}.__class__ is not {out.constant(tp)}: {_FAIL}")
        return src
    inner = _optional_of(tp)
    if inner in _EXACT:
        out.emit(indent, f"if {src} is not None and {src}.__class__ is not {out.constant(inner)}:")
        out.emit(indent + 1, _FAIL)
        return src
    if inner is not None:
        made = out.local()
        out.emit(indent, f"if {src} is None:")
        out.emit(indent + 1, f"{made} = None")
        out.emit(indent, "else:")
        out.emit(indent + 1, f"{made} = {_read(out, inner, src, indent + 1)}")
        return made
    if isinstance(tp, type) and issubclass(tp, enum.IntEnum | enum.StrEnum):
        made = out.local()
        members = out.constant(tp._value2member_map_)
        base = out.constant(str if issubclass(tp, str) else int)
        out.emit(indent, f"{made} = {members}.get({src}) if {src}.__class__ is {base} else None")
        out.emit(indent, f"if {made} is None: {_FAIL}")
        return made
    if typing.get_origin(tp) is typing.Literal and not any(
        isinstance(a, enum.Enum) for a in typing.get_args(tp)
    ):
        allowed = typing.get_args(tp)
        kinds = out.constant(frozenset(type(a) for a in allowed))
        out.emit(indent, f"if {src}.__class__ not in {kinds} or {src} not in {allowed!r}:")
        out.emit(indent + 1, _FAIL)
        return src
    if tp is Any:
        return f"{out.constant(_freeze_any)}({src})"
    if isinstance(tp, type) and attrs.has(tp):
        return f"{out.constant(structurer(tp))}({src})"
    if typing.get_origin(tp) is frozenset and typing.get_args(tp)[0] in _EXACT:
        made = out.local()
        exact = out.constant(_EXACT[typing.get_args(tp)[0]])
        out.emit(
            indent, f"if {src}.__class__ is not list or not {exact}.issuperset(map(type, {src})):"
        )
        out.emit(indent + 1, _FAIL)
        out.emit(indent, f"{made} = frozenset({src})")
        out.emit(indent, f"if len({made}) != len({src}): {_FAIL}")
        return made
    item = _variadic(tp)
    if item is not None:
        return _read_variadic(out, item, src, indent)
    items = _fixed(tp)
    if items is not None:
        parts = [out.local() for _ in items]
        out.emit(indent, f"if {src}.__class__ is not list or len({src}) != {len(items)}: {_FAIL}")
        out.emit(indent, f"{', '.join(parts)}, = {src}")
        each = [_read(out, a, p, indent) for a, p in zip(items, parts, strict=True)]
        return f"({', '.join(each)},)"
    hook = out.constant(_converter().get_structure_hook(tp))
    return f"{hook}({src}, {out.constant(tp)})"


def _nesting(tp: Any) -> tuple[int, frozenset[type], tuple[tuple[int, int], ...]] | None:
    """(depth, exact item class, fixed lengths) of ``tuple[int, ...]``,
    ``tuple[tuple[int, ...], ...]`` and deeper, else None. A level may be a fixed
    tuple of one type, ``tuple[tuple[int, ...], tuple[int, ...]]`` (Wypas's pair of
    pens): `fixed` holds ``(level, length)`` for those."""
    depth, fixed = 0, []
    while True:
        args = typing.get_args(tp)
        if _variadic(tp) is not None:
            tp = args[0]
        elif depth and _fixed(tp) is not None and len(set(args)) == 1:
            fixed.append((depth, len(args)))
            tp = args[0]
        else:
            break
        depth += 1
    exact = _EXACT.get(tp)
    return (depth, exact, tuple(fixed)) if depth and exact is not None else None


def _made(src: str, depth: int) -> str:
    """The expression of nested tuples made of the lists `src`, `depth` deep."""
    if depth == 1:
        return f"tuple({src})"
    if depth == 2:
        return f"tuple(map(tuple, {src}))"
    return f"tuple([{_made('y', depth - 1)} for y in {src}])"


def _read_variadic(out: FastSource, item: Any, src: str, indent: int) -> str:
    """`_read` of a ``tuple[item, ...]``: lists of scalars, however deep, are checked a
    whole level at a time (the classes of the elements in one C-level pass); those of
    a field the document must have, with the others at the end (`FastSource.later`)."""
    nested = _nesting(tuple[item, ...])
    if nested is not None and indent == 1:  # a required field's value
        depth, exact, fixed = nested
        out.later(src, exact, depth, fixed)
        return _made(src, nested[0])
    out.emit(indent, f"if {src}.__class__ is not list: {_FAIL}")
    if nested is not None and nested[0] <= 2 and not nested[2]:
        depth, exact, _ = nested
        elements = src
        if depth == 2:
            lists, chain = out.constant(_LISTS), out.constant(_CHAIN)
            out.emit(indent, f"if not {lists}.issuperset(map(type, {src})): {_FAIL}")
            elements = f"{chain}({src})"
        out.emit(indent, f"if not {out.constant(exact)}.issuperset(map(type, {elements})):")
        out.emit(indent + 1, _FAIL)
        return _made(src, depth)
    made, each = out.local(), out.local()
    out.emit(indent, f"{made} = []")
    out.emit(indent, f"for {each} in {src}:")
    out.emit(indent + 1, f"{made}.append({_read(out, item, each, indent + 1)})")
    return f"tuple({made})"


def _freeze_any(value: Any) -> Any:
    return freeze(value, objects=False)


_TAGS = frozenset({"$type", "$rules"})
"""The codec's tags, which a tagged document may carry beside its fields."""


def structurer(cls: type[Any], *, tagged: bool = False) -> Callable[[dict[str, Any]], Any]:
    """The fast structure function of attrs class `cls` (see the module docstring).

    It takes the document's fields (`tagged`: and the codec's ``$type`` and
    ``$rules`` tags, which it leaves alone) and raises `DeclinedError` (or another
    exception) for anything it does not take as it is.
    """
    key: Any = cls  # a class hashes; typeshed's type[Any] does not say so
    return _structurer(key, tagged)


@functools.cache
def _structurer(cls: Any, tagged: bool) -> Callable[[dict[str, Any]], Any]:
    fields = [f for f in attrs.fields(attrs.resolve_types(cls)) if f.init]
    maker = _fields_maker(cls)
    out = FastSource(cls)
    keys = out.constant(frozenset(f.name for f in fields) | (_TAGS if tagged else frozenset()))
    out.emit(0, "def structure(o):")
    out.emit(1, f"if not o.keys() <= {keys}: {_FAIL}")
    args, extra, items = [], False, []
    for f in fields:
        value = out.local()
        if f.default is attrs.NOTHING:
            out.emit(1, f"{value} = o[{f.name!r}]")
            read = _read(out, f.type, value, 1)
            args.append(f"{f.alias}={read}")
            items.append(f"{f.name!r}: {read}")
            continue
        out.emit(1, f"if {f.name!r} in o:")
        out.emit(2, f"{value} = o[{f.name!r}]")
        read = _read(out, f.type, value, 2)
        factory = isinstance(f.default, attrs.Factory)  # type: ignore[arg-type]  # attrs.Factory is a class
        if factory and maker is None:
            out.emit(2, f"extra[{f.alias!r}] = {read}")  # the factory runs when it is left out
            extra = True
            continue
        if read != value:
            out.emit(2, f"{value} = {read}")
        out.emit(1, "else:")
        if factory:  # the maker takes every init field: the factory runs here
            out.emit(2, f"{value} = {out.constant(f.default.factory)}()")
        else:  # passing the default is leaving it out
            out.emit(2, f"{value} = {out.constant(f.default)}")
        args.append(f"{f.alias}={value}")
        items.append(f"{f.name!r}: {value}")
    out.checked_later(1)
    if maker is not None:
        out.emit(1, f"return {out.constant(maker)}({{{', '.join(items)}}})")
    else:
        if extra:
            out.lines.insert(2, "  extra = {}")
            args.append("**extra")
        out.emit(1, f"return {out.constant(cls)}({', '.join(args)})")
    made: Callable[[dict[str, Any]], Any] = out.compiled("structure")
    return made


def _fields_maker(cls: Any) -> Callable[[dict[str, Any]], Any] | None:
    """For a `StateBase` class whose constructor only sets its fields, a function that
    makes the very state the constructor makes from a dict of its init fields, without
    the constructor's call of ``object.__setattr__`` per field (most of a state's
    structure time: 4.4 of a Wypas state's 4.7 µs); else None.

    "Only sets its fields": no field has a validator or a converter, no
    ``__attrs_pre_init__``, the fields its constructor leaves out (``init=False``,
    such as The Way of the Bear's derived spots) come after the others and have a
    default (made here, as the constructor makes them, in field order, from the
    state so far), and any ``__attrs_post_init__`` but `StateBase`'s own (which only
    gives the state a plain dict, as this one is) is called. A field kept in a slot
    (a plain subclass of a slotted State has a dict beside its slots) is left to the
    constructor.
    """
    if not (isinstance(cls, type) and issubclass(cls, StateBase)):
        return None
    dicts = [k.__dict__["__dict__"] for k in cls.__mro__ if "__dict__" in k.__dict__]
    if not dicts or hasattr(cls, "__attrs_pre_init__"):
        return None  # a slotted State has no dict to give
    setter = dicts[0].__set__
    every = attrs.fields(cast(Any, cls))
    if any(isinstance(getattr(cls, f.name, None), types.MemberDescriptorType) for f in every):
        return None  # a plain subclass of a slotted State: its fields live in slots
    if any(f.validator is not None or f.converter is not None for f in every):
        return None
    init = [f for f in every if f.init]
    derived = every[len(init) :]
    if any(f.init or f.default is attrs.NOTHING for f in derived):
        return None
    if any(
        isinstance(f.default, attrs.Factory) and f.default.takes_self  # type: ignore[arg-type]  # attrs.Factory is a class
        for f in init
    ):
        return None
    own_post: Any = cls.__attrs_post_init__
    post = None if own_post is StateBase.__attrs_post_init__ else own_post
    new = object.__new__

    def make(fields: dict[str, Any]) -> Any:
        state = new(cls)
        setter(state, fields)
        for f in derived:
            default = f.default
            if isinstance(default, attrs.Factory):  # type: ignore[arg-type]  # attrs.Factory is a class
                fields[f.name] = default.factory(state) if default.takes_self else default.factory()
            else:
                fields[f.name] = default
        if post is not None:
            post(state)
        return state

    return make


# -- unstructure -------------------------------------------------------------------------


def unstructurer(
    cls: type[Any], *, text: bool = False, head: tuple[str, ...] = ()
) -> Callable[..., dict[str, Any]]:
    """The dict the converter writes for an instance of `cls` (see the module docstring;
    with `text`, one that `json` writes to the same text). With `head` (the codec's
    tags), the function takes their values after the instance and puts them first."""
    key: Any = cls  # as in `structurer`
    return _unstructurer(key, text, head)


@functools.cache
def _unstructurer(cls: Any, text: bool, head: tuple[str, ...]) -> Callable[..., dict[str, Any]]:
    conv = _converter()
    out = FastSource(cls)
    values = [f"h{k}" for k in range(len(head))]
    items = [f"{name!r}: {value}" for name, value in zip(head, values, strict=True)]
    items += [
        f"{f.name!r}: {_write(out, f.type, f'i.{f.name}', text, conv)}"
        for f in attrs.fields(attrs.resolve_types(cls))
        if f.init
    ]
    out.emit(0, f"def unstructure({', '.join(['i', *values])}):")
    out.emit(1, "return {" + ", ".join(items) + "}")
    made: Callable[..., dict[str, Any]] = out.compiled("unstructure")
    return made


def _as_is(tp: Any, conv: Any) -> bool:
    """Whether the converter writes a `tp` as the value itself."""
    inner = _optional_of(tp)
    if inner is not None:
        tp = inner
    return tp in _PLAIN or conv.get_unstructure_hook(tp) is identity


def _scalar_tree(tp: Any, conv: Any) -> bool:
    """Whether a `tp` is a scalar or tuples of them (what `json` writes as the
    converter's lists of scalars; an int or str enum member as its value)."""
    if _as_is(tp, conv) or (isinstance(tp, type) and issubclass(tp, enum.IntEnum | enum.StrEnum)):
        return True
    if typing.get_origin(tp) is not tuple:
        return False
    return all(_scalar_tree(a, conv) for a in typing.get_args(tp) if a is not Ellipsis)


def _write(out: FastSource, tp: Any, value: str, text: bool, conv: Any) -> str:
    """Python source for the converter's unstructured form of `value`, a `tp`: the
    converter's own hook, written inline where it is a plain expression."""
    if _as_is(tp, conv) or (text and _scalar_tree(tp, conv)):
        return value
    hook = conv.get_unstructure_hook(tp)
    if hook is list:
        return f"list({value})"
    if isinstance(tp, type) and attrs.has(tp):
        return f"{out.constant(unstructurer(tp, text=text))}({value})"
    item = _variadic(tp)
    if item is not None and _variadic(item) is not None and conv.get_unstructure_hook(item) is list:
        return f"[list(x) for x in {value}]"
    args = typing.get_args(tp)
    if typing.get_origin(tp) is frozenset and args and args[0] in _EXACT:
        return f"sorted({value}, key={out.constant(sort_key)})"
    return f"{out.constant(hook)}({value})"

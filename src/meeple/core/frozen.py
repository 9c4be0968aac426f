"""JSON values inside frozen data: the one freeze (and `sort_key`, the one set order).

Frozen states, records and outcomes hold JSON values (an option's value, a score
breakdown, a field typed `Any`) that must hash and compare like the data around
them. `freeze` makes lists tuples and objects `FrozenObject`s; `meeple.core.thaw`
gives plain JSON values back. Every part of meeple that crosses that line uses
these two (the codec, records, options, outcomes, the web), so a value frozen by
one is thawed the same by all. This module imports nothing of meeple: the
converter builds on it, and `thaw` builds on the converter.

`freeze` tests a value's exact class before anything else: it runs on every load
of a state (its outcome's breakdown is rebuilt by the load's trial), so the common
scalars cost one dictionary look-up.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

__all__ = ["SCALARS", "FrozenObject", "freeze", "sort_key"]

SCALARS = frozenset({int, float, str, bool, type(None)})
"""The classes of JSON scalars: frozen as they are, thawed as they are."""


class FrozenObject(tuple[tuple[str, Any], ...]):
    """A JSON object inside frozen data: its ``(key, value)`` pairs, sorted by key.

    A tuple subclass, so it hashes and compares like the frozen data around it while
    `thaw` can still tell it from a list.
    """

    __slots__ = ()


def freeze(value: Any, *, objects: bool = True) -> Any:
    """`value` with lists as tuples and objects as `FrozenObject`s, recursively.

    With ``objects=False`` a JSON object anywhere raises TypeError (a field typed
    `Any` takes scalars and lists only).
    """
    cls = value.__class__
    if cls in SCALARS:
        return value
    if cls is tuple:
        for v in value:
            if v.__class__ not in SCALARS:
                return tuple([freeze(v, objects=objects) for v in value])
        return value  # already frozen, as most are (a score breakdown's pairs)
    if cls is list:
        return tuple([freeze(v, objects=objects) for v in value])
    if isinstance(value, Mapping):
        if not objects:
            raise TypeError("objects are not allowed here")
        return FrozenObject(sorted((str(k), freeze(v)) for k, v in value.items()))
    if isinstance(value, list | tuple) and not isinstance(value, FrozenObject):
        return tuple([freeze(v, objects=objects) for v in value])
    return value


def sort_key(value: Any) -> tuple[str, str]:
    """The one order of a set's items in JSON: by type name, then by repr (any mix of
    types sorts, and the order is the same on every machine)."""
    return (type(value).__name__, repr(value))

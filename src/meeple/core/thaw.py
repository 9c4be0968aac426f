"""Frozen data back to plain JSON values: the inverse of `meeple.core.frozen.freeze`.

It sits above the converter, because attrs data (a custom board given as an option)
thaws to the converter's form of it, and the converter sits above `freeze`.
"""

from __future__ import annotations

from typing import Any

import attrs

from .converter import CONVERTER
from .frozen import SCALARS
from .frozen import FrozenObject
from .frozen import sort_key

__all__ = ["thaw"]


def thaw(value: Any) -> Any:
    """Plain JSON values again: the inverse of `freeze`, and more.

    `FrozenObject`s become dicts, tuples and lists become lists, sets become lists in
    the converter's order, attrs data (a custom board) becomes its converter form.
    Like `freeze`, it tests the exact class first: the common scalars cost one look-up.
    """
    cls = value.__class__
    if cls in SCALARS:
        return value
    if cls is FrozenObject:
        return {k: thaw(v) for k, v in value}
    if isinstance(value, tuple | list):
        return [thaw(v) for v in value]
    if isinstance(value, frozenset | set):
        return [thaw(v) for v in sorted(value, key=sort_key)]
    if attrs.has(cls):
        return CONVERTER.unstructure(value)
    return value

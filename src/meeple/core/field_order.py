"""One written field order for an attrs class whose fields partly come from a base.

attrs puts a base class's fields before the class's own, and that order is the
order of ``__init__``'s parameters, of ``repr``, of equality and hashing, and of
the keys `meeple.dumps` writes. A game whose `State` and `View` share their open
fields through one base (a ``Table``) names each class's whole order with
`in_order`, so moving fields into the base moves no saved document, repr or digest.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import attrs

__all__ = ["in_order"]


def in_order(
    names: str,
) -> Callable[[type, list[attrs.Attribute[Any]]], list[attrs.Attribute[Any]]]:
    """An attrs ``field_transformer`` that puts a class's fields, its bases' included,
    in the order `names` (field names separated by white space) lists them.

    The class is refused (TypeError, when it is made) unless `names` lists every
    field exactly once: a field added later cannot fall out of the order unseen.
    """
    order = names.split()

    def transform(cls: type, fields: list[attrs.Attribute[Any]]) -> list[attrs.Attribute[Any]]:
        by_name = {f.name: f for f in fields}
        if len(set(order)) != len(order) or set(order) != set(by_name):
            missing = sorted(set(by_name) - set(order))
            unknown = sorted(set(order) - set(by_name))
            twice = sorted({n for n in order if order.count(n) > 1})
            raise TypeError(
                f"{cls.__qualname__}: the field order must list each field once "
                f"(missing {missing}, not fields {unknown}, twice {twice})"
            )
        return [by_name[n] for n in order]

    return transform

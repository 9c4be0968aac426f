"""The open part of a game: the fields a state and a seat's view hold alike.

A game declares what lies open on the table once, as its ``Table``: the attrs base
(``slots=False``) of both its `State` and its `View`. A view shows those fields as
the state holds them, and `determinize` takes them back as they are. The view's
own fields (the seat, its hand, counts of what it cannot see) are slots, so the
view's ``__dict__`` holds the table's fields and nothing else; `table_reader`
checks that layout once, when the game is imported, and `determinize` passes the
table on in one step::

    _table = table_reader(View, Table)
    State(rng=rng, hands=..., **_table(view))

The state is still made by its own ``__init__``, so its fields, their order, the
repr, documents and pickles are those of a keyword-by-keyword call; reading the
dict costs next to nothing (reading the fields one by one, ``attrgetter`` into a
new dict, made ``determinize`` 4% slower). `view_of` goes the other way, from a
state whose hidden fields share its ``__dict__``, and names its fields itself: it
runs on every step of a simulation, where any copy of the dict shows.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import attrs

__all__ = ["table_reader"]


def table_reader(view: type, table: type) -> Callable[[object], dict[str, Any]]:
    """The function that gives a `view`'s `table` fields (its ``__dict__``), to be
    unpacked into a call and never changed.

    TypeError, when the game is imported, unless `view` is an attrs subclass of the
    attrs class `table`, keeps every field of its own in slots and every field of
    `table` in its ``__dict__``: then the dict holds exactly the table.
    """
    if not (attrs.has(view) and attrs.has(table) and issubclass(view, table)):
        raise TypeError(f"{view.__qualname__} must be an attrs subclass of {table.__qualname__}")
    slots: set[str] = set()
    for cls in view.__mro__:
        names = vars(cls).get("__slots__", ())
        slots.update((names,) if isinstance(names, str) else names)
    shared = {f.name for f in attrs.fields(table)}
    own = {f.name for f in attrs.fields(view)} - shared
    if not own <= slots or shared & slots:
        raise TypeError(
            f"{view.__qualname__} must keep its own fields in slots and those of "
            f"{table.__qualname__} in its __dict__ (attrs slots=True over a slots=False base)"
        )
    return vars

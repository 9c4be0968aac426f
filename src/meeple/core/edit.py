"""One way to build a successor state, and the small tuple edits rules make all day.

Every game builds every successor with `replace(state, field=value, ...)`: it says
only what changes, like ``attrs.evolve`` (attrs) or ``state.replace`` (pgx), and it
is the fastest way we measured (a keyword copy of the field dict, about 1.1 us,
against 2.1 us for a 19-argument constructor call).

The tuple helpers return new tuples; nothing here mutates its input.
"""

from __future__ import annotations

from bisect import insort_right
from collections.abc import Iterable
from collections.abc import Sequence
from typing import Any
from typing import TypeVar

__all__ = ["bump", "insert_sorted", "merge_sorted", "put", "remove_one", "replace"]

T = TypeVar("T")
S = TypeVar("S")

_new = object.__new__
_set = object.__setattr__


def replace(state: S, /, **changes: Any) -> S:
    """A copy of `state` with `changes` applied: the one way to build a successor.

    `state` is a frozen attrs class with ``slots=False`` (the core's `StateBase`
    remembers legal actions outside the copied dict, so the copy carries none). A
    misspelt field name is refused: the copied dict would grow, and that is checked
    with one length comparison. `state` is positional-only: CPython then matches no
    keyword against it (each keyword of a call cost a string comparison with
    ``state`` before). A state class with ``__slots__`` (attrs' default) has no dict
    to copy: TypeError says so.
    """
    try:
        old: dict[str, Any] = state.__dict__
    except AttributeError:  # a try costs nothing in CPython 3.11 until it catches
        raise TypeError(_no_dict(state)) from None
    fields = old | changes
    if len(fields) != len(old):
        unknown = sorted(set(changes) - set(old))
        raise TypeError(f"{type(state).__name__} has no field(s) {', '.join(unknown)}")
    new: S = _new(state.__class__)
    _set(new, "__dict__", fields)
    return new


def _no_dict(state: Any) -> str:
    cls = type(state)
    return (
        f"replace() copies a state's fields from its __dict__, but {cls.__module__}."
        f"{cls.__qualname__} has __slots__ and no __dict__: declare it "
        "@attrs.frozen(slots=False), or build its successors with attrs.evolve"
    )


def put(seq: tuple[T, ...], i: int, value: T) -> tuple[T, ...]:
    """`seq` with item `i` replaced by `value` (per-seat tuples, board cells).

    Through a list: a list copy, one store and a tuple of it cost about 40% fewer
    instructions than joining two slices around the item; the copy as ``[*seq]``
    about 15% fewer again than ``list(seq)``, a call of the type."""
    out = [*seq]
    out[i] = value
    return tuple(out)


def bump(seq: tuple[int, ...], i: int, delta: int) -> tuple[int, ...]:
    """`seq` with `delta` added to item `i` (counts per colour, per kind, per seat)."""
    out = [*seq]
    out[i] += delta
    return tuple(out)


def remove_one(seq: tuple[T, ...], item: T) -> tuple[T, ...]:
    """`seq` without its first `item` (ValueError if absent); a sorted hand stays sorted."""
    out = [*seq]
    out.remove(item)  # in C: about a quarter fewer instructions than two slices joined
    return tuple(out)


def insert_sorted(seq: tuple[Any, ...], item: Any) -> tuple[Any, ...]:
    """Sorted `seq` with `item` added in order (after equal items)."""
    out = [*seq]
    insort_right(out, item)  # in C: about 45% fewer instructions than a Python scan
    return tuple(out)


def merge_sorted(seq: tuple[Any, ...], items: Sequence[Any] | Iterable[Any]) -> tuple[Any, ...]:
    """Sorted `seq` with every one of `items` added (after equal items, in their order);
    `seq` itself if there are none.

    A few items go in one by one (`insert_sorted`'s binary search): a discard pile of
    a hundred cards taking the three cards of a bid costs about 20 comparisons so,
    against the hundred of sorting the whole again."""
    extra = tuple(items)
    if not extra:
        return seq
    if len(extra) > _FEW_ITEMS:
        return tuple(sorted((*seq, *extra)))
    out = [*seq]
    for item in extra:
        insort_right(out, item)
    return tuple(out)


_FEW_ITEMS = 8
"""Up to this many items, `merge_sorted` inserts them one by one."""

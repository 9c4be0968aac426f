"""What each seat knows of the others' hands: the bookkeeping card moves do.

`State.known[o][t]` lists the kinds seat o knows to be in seat t's hand (a
face-down lot it dealt, what its Thief saw, a card everyone watched go in). A
card shown from hand, or taken in the open, updates every seat's knowledge the
same way; these pure helpers do it for the transitions.
"""

from __future__ import annotations

from meeple.core.edit import insert_sorted
from meeple.core.edit import put
from meeple.core.edit import remove_one

__all__ = ["Known", "forget", "seen_by_all"]

Known = tuple[tuple[tuple[int, ...], ...], ...]
"""``known[o][t]``: the sorted kinds seat o knows to be in seat t's hand."""


def forget(known: Known, t: int, kind: int) -> Known:
    """Seat t showed a `kind` from hand to everyone: one known copy of it is gone."""
    for row in known:  # a plain loop: this runs at every bid, and usually finds nothing
        if kind in row[t]:
            break
    else:
        return known
    out = [*known]
    for o, row in enumerate(known):
        if kind in row[t]:
            out[o] = put(row, t, remove_one(row[t], kind))
    return tuple(out)


def seen_by_all(known: Known, t: int, kind: int) -> Known:
    """Everyone saw seat t take a `kind` into hand (a face-up lot, a sheep from a pen)."""
    out = [*known]
    for o, row in enumerate(known):
        if o != t:  # a plain loop: this runs at every lot won
            out[o] = put(row, t, insert_sorted(row[t], kind))
    return tuple(out)

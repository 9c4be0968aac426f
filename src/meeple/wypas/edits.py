"""Building successor states cheaply: tuple edits, card moves and reshuffles.

Everything here is pure: new tuples and new states, never mutation.
"""

from __future__ import annotations

from typing import Any

from ..core import rng as _rng
from .state import State

__all__ = [
    "draw",
    "evolve",
    "forget",
    "merge",
    "put",
    "seen_by_all",
    "with_card",
    "without",
]

_new = object.__new__
_set_attr = object.__setattr__


def evolve(s: State, **changes: Any) -> State:
    """`attrs.evolve` for the hot path: copy the field dict, no per-field setattr.

    State is a frozen attrs class without slots, so its fields live in `__dict__`;
    the copy is a new, independent object (the legal-action cache is not copied).
    """
    fields = s.__dict__.copy()
    fields.update(changes)
    new: State = _new(State)
    _set_attr(new, "__dict__", fields)
    return new


def without(hand: tuple[int, ...], kind: int) -> tuple[int, ...]:
    """The sorted hand with one `kind` fewer."""
    i = hand.index(kind)
    return hand[:i] + hand[i + 1 :]


def with_card(hand: tuple[int, ...], kind: int) -> tuple[int, ...]:
    """The sorted hand with one more `kind`."""
    i = 0
    n = len(hand)
    while i < n and hand[i] < kind:
        i += 1
    return (*hand[:i], kind, *hand[i:])


def merge(a: tuple[int, ...], b: tuple[int, ...] | list[int]) -> tuple[int, ...]:
    """Sorted `a` plus the cards of `b`."""
    return tuple(sorted((*a, *b))) if b else a


def put(seq: tuple[Any, ...], i: int, value: Any) -> tuple[Any, ...]:
    """`seq` with item i replaced."""
    return (*seq[:i], value, *seq[i + 1 :])


def forget(known: tuple[tuple[tuple[int, ...], ...], ...], t: int, kind: int) -> Any:
    """Seat t showed a `kind` from hand to everyone: one known copy of it is gone."""
    if not any(kind in row[t] for row in known):
        return known
    return tuple(put(row, t, without(row[t], kind)) if kind in row[t] else row for row in known)


def seen_by_all(known: tuple[tuple[tuple[int, ...], ...], ...], t: int, kind: int) -> Any:
    """Everyone saw seat t take a `kind` into hand (a face-up lot, a sheep from a pen)."""
    return tuple(
        row if o == t else put(row, t, with_card(row[t], kind)) for o, row in enumerate(known)
    )


def draw(
    deck: tuple[int, ...], discard: tuple[int, ...], rng: int, k: int
) -> tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...], int]:
    """Take up to k cards from the top, reshuffling the discards when the deck runs out."""
    got: tuple[int, ...] = ()
    while len(got) < k:
        if not deck:
            if not discard:
                break
            deck, rng = _rng.shuffled(rng, discard)
            discard = ()
        take = min(k - len(got), len(deck))
        got += deck[len(deck) - take :]
        deck = deck[: len(deck) - take]
    return got, deck, discard, rng

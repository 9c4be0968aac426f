"""The checks every Wypas invariant is made of: a card kind, a placed card, a seat.

`check` refuses with a message, `check_kinds` a pile of card kinds (`kinds_fine`
every pile of a group at once), `check_seat` a seat number; `PLACEABLE` is every
placed card a pen may hold. Split from `invariants_table` (how the table fits
together) and `invariants` (what a whole document must be), which both use them.
"""

from __future__ import annotations

from itertools import chain

from .components import BLACK
from .components import DOLLY
from .components import FACE_NAME
from .components import KIND_COLOUR
from .components import KIND_VALUE
from .components import KINDS
from .components import SUPER
from .components import THIEF
from .components import face_of
from .components import kind_of

__all__ = ["PLACEABLE", "check", "check_kinds", "check_seat", "kinds_fine", "placeable"]


def check(ok: bool, message: str) -> None:
    """Refuse the document with `message` unless `ok` (a message that formats values is
    written ``if not ok: raise``, so that it is formatted only when the check fails)."""
    if not ok:
        raise ValueError(message)


def check_kinds(cards: tuple[int, ...], what: str, *, ordered: bool = True) -> None:
    """`cards` are card kinds that exist (sorted, unless `ordered` is false)."""
    if cards and (min(cards) < 0 or max(cards) >= KINDS):
        k = next(k for k in cards if not 0 <= k < KINDS)
        raise ValueError(f"card kind {k} in {what} does not exist")
    if ordered and list(cards) != sorted(cards):
        raise ValueError(f"{what} must be sorted card kinds")


def kinds_fine(groups: tuple[tuple[int, ...], ...]) -> bool:
    """Whether `check_kinds` would pass every one of `groups` (in a few C-level passes
    over them all, so that they need not be checked one by one)."""
    cards = list(chain.from_iterable(groups))
    if cards and (min(cards) < 0 or max(cards) >= KINDS):
        return False
    return all(list(g) == sorted(g) for g in groups if len(g) > 1)


def check_seat(q: int, n: int, what: str, *, none: int | None = None) -> None:
    """`q` is a seat (or the `none` marker, when one is allowed)."""
    if not (q == none or 0 <= q < n):
        raise ValueError(f"{what} must be a seat, not {q}")


def placeable(card: int) -> bool:
    """Whether a placed-card int is a sheep showing a face it can show, or a black sheep."""
    if not 0 <= card < KINDS << 6:
        return False
    kind, face = kind_of(card), face_of(card)
    if kind == BLACK:
        return face == 0
    if kind >= THIEF or face not in FACE_NAME:
        return False
    if kind < DOLLY:
        return face == KIND_COLOUR[kind] * 8 + KIND_VALUE[kind]
    if kind < SUPER:
        return face >> 3 == KIND_COLOUR[kind]
    return True


PLACEABLE = frozenset(c for c in range(KINDS << 6) if placeable(c))
"""Every placed-card int `placeable` allows (a few hundred): pens are checked against it."""

"""Whether an offering can still be paid in full, Rituals during the payment included.

The offering is paid one stele at a time. A stele that fills a temple's last space
triggers a Ritual at once: the temple empties into the bag and the player, still on
their turn, may take a stele from another temple into their reserve, where it can pay
the rest of the same offering. So a placement is legal when *some* order of paying
(and of Ritual takes, and of waivers from a discount card) pays the whole offering,
and while paying, only the steps that keep that possible are offered. See
docs/rules/way_of_bear.md, rule ``pay-ritual-stele``.

Everything here is a pure function of small tuples, memoized with `functools.lru_cache`.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Final

from .components import NC
from .components import TEMPLE_SPACES

__all__ = [
    "after_pay",
    "after_pay_payable",
    "covered",
    "payable",
    "remove_one_of",
    "ritual_possible",
    "ritual_take_payable",
]

Counts = tuple[int, ...]
"""A count per colour."""

_LAST: Final = TEMPLE_SPACES - 1
"""A temple holding this many steles runs a Ritual when the next one is paid to it."""


def ritual_possible(reserve: Counts, temples: Counts) -> bool:
    """Whether paying from `reserve` could fill some temple's last space (a cheap
    necessary condition for a Ritual: without one, the reserve alone must pay)."""
    return any(t and r + t >= TEMPLE_SPACES for r, t in zip(reserve, temples, strict=True))


def remove_one_of(counts: Counts, c: int) -> Counts:
    """`counts` with one fewer of colour `c`."""
    return (*counts[:c], counts[c] - 1, *counts[c + 1 :])


def _plus(counts: Counts, c: int) -> Counts:
    return (*counts[:c], counts[c] + 1, *counts[c + 1 :])


def after_pay(
    owed: Counts, reserve: Counts, temples: Counts, c: int
) -> tuple[Counts, Counts, Counts, bool]:
    """Owed, reserve and temples after paying one stele of colour `c`, and whether that
    ran a Ritual (the temple then is empty: its steles went back to the bag)."""
    ritual = temples[c] == _LAST
    after = (*temples[:c], 0 if ritual else temples[c] + 1, *temples[c + 1 :])
    return remove_one_of(owed, c), remove_one_of(reserve, c), after, ritual


def covered(owed: Counts, reserve: Counts, waivers: int) -> bool:
    """Whether the reserve (and the discount) pay the rest of the offering as it is:
    then every order of payment works, and no choice can strand it."""
    o0, o1, o2, o3 = owed  # four colours (checked when the data is loaded)
    r0, r1, r2, r3 = reserve
    short = (o0 > r0) * (o0 - r0) + (o1 > r1) * (o1 - r1) + (o2 > r2) * (o2 - r2)
    return short + (o3 > r3) * (o3 - r3) <= waivers


def payable(owed: Counts, reserve: Counts, temples: Counts, waivers: int) -> bool:
    """Whether some order of paying, waiving and Ritual takes pays all of `owed`.

    Only the steles that can pay matter: a reserve's steles of a colour beyond what is
    owed of it, and the temples of colours not owed (a stele taken from one could pay
    nothing), change no answer. So the memo (`_payable`) is asked with those left out,
    and answers far more often from what it already knows: in random playouts, a
    third as many different questions.
    """
    o0, o1, o2, o3 = owed  # four colours (checked when the data is loaded)
    r0, r1, r2, r3 = reserve
    t0, t1, t2, t3 = temples
    return _payable(
        owed,
        (
            r0 if r0 < o0 else o0,
            r1 if r1 < o1 else o1,
            r2 if r2 < o2 else o2,
            r3 if r3 < o3 else o3,
        ),
        (t0 if o0 else 0, t1 if o1 else 0, t2 if o2 else 0, t3 if o3 else 0),
        waivers,
    )


@lru_cache(maxsize=8192)
def _payable(owed: Counts, reserve: Counts, temples: Counts, waivers: int) -> bool:
    """`payable`, searched (and memoized)."""
    if covered(owed, reserve, waivers):
        return True  # any order works
    for c in range(NC):
        if not owed[c]:
            continue
        if waivers and _payable(remove_one_of(owed, c), reserve, temples, waivers - 1):
            return True
        if reserve[c] and after_pay_payable(owed, reserve, temples, waivers, c):
            return True
    return False


def after_pay_payable(owed: Counts, reserve: Counts, temples: Counts, waivers: int, c: int) -> bool:
    """Whether the offering can still be paid after paying a stele of colour `c` (with
    the best choice at the Ritual it may run)."""
    owed, reserve, temples, ritual = after_pay(owed, reserve, temples, c)
    if _payable(owed, reserve, temples, waivers):
        return True  # (taking nothing at a Ritual is always allowed)
    if ritual:
        return any(ritual_take_payable(owed, reserve, temples, waivers, d) for d in range(NC))
    return False


def ritual_take_payable(
    owed: Counts, reserve: Counts, temples: Counts, waivers: int, d: int
) -> bool:
    """Whether taking a stele from temple `d` at a Ritual keeps the offering payable."""
    if not temples[d]:
        return False
    return _payable(owed, _plus(reserve, d), remove_one_of(temples, d), waivers)

"""Deterministic randomness kept inside game states as one plain int.

Every function is pure: it takes the generator state (an int in ``[0, 2**64)``)
and returns its result together with the next generator state. The generator
is SplitMix64, which needs nothing but 64-bit integer arithmetic, so the same
seed gives the same games on every machine and Python version. Never use the
``random`` module, the clock or ``hash()`` of strings inside rules.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable
from collections.abc import Sequence
from typing import TypeVar

__all__ = [
    "below",
    "choice",
    "derive_seed",
    "draw",
    "draw_counts",
    "next_u64",
    "sample",
    "seed_rng",
    "shuffled",
    "shuffled32",
]

T = TypeVar("T")

_TWO64 = 1 << 64
_MASK = _TWO64 - 1
_LOW32 = (1 << 32) - 1
_GAMMA = 0x9E3779B97F4A7C15
_MIX1 = 0xBF58476D1CE4E5B9
_MIX2 = 0x94D049BB133111EB
_FEW = 256
_LIMITS = tuple(_TWO64 - _TWO64 % n if n else 0 for n in range(_FEW))
"""Below each `n` < `_FEW`, the rejection bound of `below(rng, n)` (a shuffle's)."""

# `below`, `shuffled` and `shuffled32` repeat next_u64's three lines inline: in a game's set-up
# and bag draws the call cost more than the arithmetic (tests/core/test_rng.py
# holds them to the plain composition of next_u64).


def next_u64(rng: int) -> tuple[int, int]:
    """Return ``(a uniform 64-bit value, the next rng state)``."""
    rng = (rng + _GAMMA) & _MASK
    z = ((rng ^ (rng >> 30)) * _MIX1) & _MASK
    z = ((z ^ (z >> 27)) * _MIX2) & _MASK
    return z ^ (z >> 31), rng


def seed_rng(seed: int) -> int:
    """Turn any integer seed (negative or huge too) into an rng state."""
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise TypeError(f"seed must be an int, not {type(seed).__name__}")
    value, _ = next_u64(seed & _MASK)
    return value


def below(rng: int, n: int) -> tuple[int, int]:
    """Return ``(a uniform int in [0, n), next state)``, without modulo bias.

    Any `n` >= 1: above 2**64 the value is read from as many 64-bit draws as `n`
    needs (the first one highest), so that a wide draw (`draw_counts` of many items)
    is as fair as a narrow one and ends (each try succeeds with chance above 1/2).
    """
    if n <= 0:
        raise ValueError(f"below() needs n >= 1, got {n}")
    if n > _TWO64:
        return _below_wide(rng, n)
    limit = _TWO64 - _TWO64 % n
    while True:
        rng = (rng + _GAMMA) & _MASK  # next_u64, inline
        z = ((rng ^ (rng >> 30)) * _MIX1) & _MASK
        z = ((z ^ (z >> 27)) * _MIX2) & _MASK
        z ^= z >> 31
        if z < limit:
            return z % n, rng


def _below_wide(rng: int, n: int) -> tuple[int, int]:
    """`below` for `n` above 2**64: a value of ``words`` 64-bit draws, rejected and
    drawn again (all its words) when it falls in the last, partial stretch of `n`."""
    words = ((n - 1).bit_length() + 63) // 64
    span = 1 << (64 * words)
    limit = span - span % n
    while True:
        value = 0
        for _ in range(words):
            z, rng = next_u64(rng)
            value = value << 64 | z
        if value < limit:
            return value % n, rng


def choice(rng: int, items: Sequence[T]) -> tuple[T, int]:
    """Return ``(one item chosen uniformly, next state)``."""
    index, rng = below(rng, len(items))
    return items[index], rng


def shuffled(rng: int, items: Sequence[T]) -> tuple[tuple[T, ...], int]:
    """Return ``(the items in a uniformly random order, next state)`` (Fisher-Yates)."""
    out = list(items)
    for i in range(len(out) - 1, 0, -1):
        n = i + 1  # j = below(rng, n), inline
        limit = _LIMITS[n] if n < _FEW else _TWO64 - _TWO64 % n
        while True:
            rng = (rng + _GAMMA) & _MASK
            z = ((rng ^ (rng >> 30)) * _MIX1) & _MASK
            z = ((z ^ (z >> 27)) * _MIX2) & _MASK
            z ^= z >> 31
            if z < limit:
                break
        j = z % n
        out[i], out[j] = out[j], out[i]
    return tuple(out), rng


def shuffled32(rng: int, items: Sequence[T]) -> tuple[tuple[T, ...], int]:
    """Like `shuffled`, exactly uniform too, at about a third of the cost.

    Fisher-Yates with two 32-bit indices per 64-bit draw, each by Lemire's
    multiply-shift with its rejection step. It spends the generator differently
    from `shuffled`, so a game keeps whichever one its seeds were recorded with
    (Miś Wojtek uses this one: its reshuffles are a large share of a playout).
    """
    out = list(items)
    bits = 0
    have = 0
    for i in range(len(out) - 1, 0, -1):
        n = i + 1
        while True:
            if not have:
                rng = (rng + _GAMMA) & _MASK  # bits = next_u64(rng), inline
                bits = ((rng ^ (rng >> 30)) * _MIX1) & _MASK
                bits = ((bits ^ (bits >> 27)) * _MIX2) & _MASK
                bits ^= bits >> 31
                have = 2
            chunk = bits & _LOW32
            bits >>= 32
            have -= 1
            product = chunk * n
            low = product & _LOW32
            if low >= n or low >= ((1 << 32) - n) % n:
                break
        j = product >> 32
        out[i], out[j] = out[j], out[i]
    return tuple(out), rng


def draw(
    deck: tuple[T, ...],
    discard: tuple[T, ...],
    rng: int,
    k: int,
    shuffle: Callable[[int, Sequence[T]], tuple[tuple[T, ...], int]] = shuffled,
) -> tuple[tuple[T, ...], tuple[T, ...], tuple[T, ...], int]:
    """Draw up to `k` cards from the top of `deck` (its last item).

    When the deck runs out, the discard pile is shuffled (with `shuffle`) into a
    new deck and drawing goes on; fewer than `k` cards come back only when both
    are empty. Returns ``(drawn, deck, discard, rng)``: each stretch of drawn
    cards keeps its deck order.
    """
    got: tuple[T, ...] = ()
    while len(got) < k:
        if not deck:
            if not discard:
                break
            deck, rng = shuffle(rng, discard)
            discard = ()
        take = min(k - len(got), len(deck))
        got += deck[len(deck) - take :]
        deck = deck[: len(deck) - take]
    return got, deck, discard, rng


def draw_counts(
    rng: int, counts: Sequence[int], k: int
) -> tuple[tuple[int, ...], tuple[int, ...], int]:
    """Draw up to `k` items at random from a bag given as counts per kind.

    Returns ``(drawn per kind, left per kind, rng)``. One uniform number below
    ``total * (total - 1) * ...`` picks the whole ordered draw (read digit by digit
    in mixed radix): exactly as fair as drawing one at a time, one generator call.
    """
    total = sum(counts)
    n = k if k < total else total
    if n <= 0:
        return (0,) * len(counts), tuple(counts), rng
    span = total
    for i in range(1, n):
        span *= total - i
    code, rng = below(rng, span)
    bag = list(counts)
    drawn = [0] * len(bag)
    for _ in range(n):
        pick = code % total
        code //= total
        total -= 1
        kind = 0  # the kind whose stretch of the bag holds `pick`
        have = bag[0]
        while pick >= have:
            pick -= have
            kind += 1
            have = bag[kind]
        bag[kind] = have - 1
        drawn[kind] += 1
    return tuple(drawn), tuple(bag), rng


def sample(rng: int, items: Sequence[T], k: int) -> tuple[tuple[T, ...], int]:
    """Return ``(k distinct items in random order, next state)``."""
    if not 0 <= k <= len(items):
        raise ValueError(f"cannot sample {k} of {len(items)} items")
    out = list(items)
    for i in range(k):
        j, rng = below(rng, len(out) - i)
        out[i], out[i + j] = out[i + j], out[i]
    return tuple(out[:k]), rng


def derive_seed(seed: int, *labels: int | str) -> int:
    """A new 63-bit seed from a master seed and labels (e.g. a game index).

    Uses BLAKE2b, so it is stable across processes and machines, unlike ``hash()``.
    """
    text = "/".join([str(seed), *(str(label) for label in labels)])
    digest = hashlib.blake2b(text.encode(), digest_size=8).digest()
    return int.from_bytes(digest, "big") >> 1

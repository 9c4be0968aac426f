"""Deterministic randomness kept inside game states as one plain int.

Every function is pure: it takes the generator state (an int in ``[0, 2**64)``)
and returns its result together with the next generator state. The generator
is SplitMix64, which needs nothing but 64-bit integer arithmetic, so the same
seed gives the same games on every machine and Python version. Never use the
``random`` module, the clock or ``hash()`` of strings inside rules.
"""

from __future__ import annotations

import hashlib
from collections.abc import Sequence
from typing import TypeVar

__all__ = [
    "below",
    "choice",
    "derive_seed",
    "next_u64",
    "sample",
    "seed_rng",
    "shuffled",
]

T = TypeVar("T")

_MASK = (1 << 64) - 1
_GAMMA = 0x9E3779B97F4A7C15


def next_u64(rng: int) -> tuple[int, int]:
    """Return ``(a uniform 64-bit value, the next rng state)``."""
    rng = (rng + _GAMMA) & _MASK
    z = rng
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
    return z ^ (z >> 31), rng


def seed_rng(seed: int) -> int:
    """Turn any integer seed (negative or huge too) into an rng state."""
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise TypeError(f"seed must be an int, not {type(seed).__name__}")
    value, _ = next_u64(seed & _MASK)
    return value


def below(rng: int, n: int) -> tuple[int, int]:
    """Return ``(a uniform int in [0, n), next state)``, without modulo bias."""
    if n <= 0:
        raise ValueError(f"below() needs n >= 1, got {n}")
    limit = (1 << 64) - ((1 << 64) % n)
    while True:
        value, rng = next_u64(rng)
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
        j, rng = below(rng, i + 1)
        out[i], out[j] = out[j], out[i]
    return tuple(out), rng


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

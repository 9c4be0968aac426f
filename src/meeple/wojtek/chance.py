"""Shuffling for Miś Wojtek: exactly uniform, cheaper than `meeple.core.rng.shuffled`.

All chance still comes from the state's `meeple.core.rng` generator; this only
spends its 64-bit outputs more thriftily (two indices per call instead of one).
"""

from __future__ import annotations

from meeple.core import rng as rngmod

__all__ = ["shuffled"]

_LOW32 = (1 << 32) - 1


def shuffled(rng: int, items: list[int]) -> tuple[tuple[int, ...], int]:
    """Fisher-Yates over `meeple.core.rng.next_u64`, two 32-bit draws per call.

    Indices use Lemire's multiply-shift with its rejection step, so the shuffle is
    exactly uniform (like `rng.shuffled`) at about a third of the cost; reshuffles of
    the discard piles are a large share of a random playout's time.
    """
    out = items
    bits = 0
    have = 0
    for i in range(len(out) - 1, 0, -1):
        n = i + 1
        while True:
            if not have:
                bits, rng = rngmod.next_u64(rng)
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

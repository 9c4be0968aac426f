"""Drawing steles from the bag: the game's chance after set-up, through meeple.core.rng."""

from __future__ import annotations

from ..core import rng as _rng
from .tables import NC

__all__ = ["draw_steles"]


def draw_steles(rng: int, bag: list[int], count: int) -> tuple[list[int], int]:
    """Draw up to `count` steles from the bag at random; returns (drawn per colour, rng).

    One uniform number below total * (total - 1) * ... picks the whole ordered draw at
    once (read digit by digit in mixed radix), which is exactly as fair as drawing one
    stele at a time and costs a single call to the generator.
    """
    total = sum(bag)
    n = min(count, total)
    if n <= 0:
        return [0] * NC, rng
    span = 1
    for i in range(n):
        span *= total - i
    code, rng = _rng.below(rng, span)
    b0, b1, b2, b3 = bag  # four colours: checked when the data is loaded
    d0 = d1 = d2 = d3 = 0
    for _ in range(n):
        pick = code % total
        code //= total
        total -= 1
        if pick < b0:
            b0 -= 1
            d0 += 1
        elif pick < b0 + b1:
            b1 -= 1
            d1 += 1
        elif pick < b0 + b1 + b2:
            b2 -= 1
            d2 += 1
        else:
            b3 -= 1
            d3 += 1
    bag[:] = (b0, b1, b2, b3)
    return [d0, d1, d2, d3], rng

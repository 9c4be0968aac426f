"""The terminal colours of The Way of the Bear: the steles' colours (rich styles).

Each stele colour is a swatch, a background with a foreground chosen to contrast
with it, so it reads the same on dark and light terminals; the stele's letter or
colour name always stays in the text, so plain output and colour-blind players lose
nothing.
"""

from __future__ import annotations

from typing import Final

from .components import COLOURS

__all__ = ["MARK", "SEAL", "STELE"]

STELE: Final[dict[str, str]] = {
    "orange": "black on dark_orange",
    "black": "bold white on grey19",
    "blue": "bold white on dodger_blue3",
    "white": "black on grey93",
}
"""Style of each stele colour (its letter on the map, its name elsewhere)."""

SEAL: Final = "bold red3"
"""A Dragon Seal's star."""

MARK: Final = "bold"
"""Temple spaces filled, and who is to play."""

if set(STELE) != set(COLOURS):
    raise ValueError("the Way of the Bear palette must give a style to every stele colour")

"""The terminal colours of Miś Wojtek's pieces: travel colours and pawns (rich styles).

Each colour is a swatch, a background with a foreground chosen to contrast with it,
so it reads the same on dark and light terminals; the colour's name always stays in
the text beside it, so plain output and colour-blind players lose nothing.
"""

from __future__ import annotations

from typing import Final

from .components import COLOURS
from .components import PAWNS

__all__ = ["ANY", "PAWN", "TRAVEL"]

TRAVEL: Final[dict[str, str]] = {
    "red": "bold white on red3",
    "orange": "black on dark_orange",
    "yellow": "black on gold1",
    "green": "black on green3",
    "blue": "bold white on blue3",
    "violet": "bold white on dark_violet",
    "pink": "black on pink1",
}
"""Style of each travel colour (spaces, display boxes, travel cards), by notation name."""

ANY: Final = "bold"
"""Edinburgh's space, which any colour reaches."""

PAWN: Final[dict[str, str]] = {
    "silver": "black on grey70",
    "white": "black on grey93",
    "dark brown": "bold white on orange4",
    "light brown": "black on tan",
    "black": "bold white on grey19",
}
"""Style of each seat's pawn, by its colour name."""

if set(TRAVEL) != set(COLOURS) or set(PAWN) != set(PAWNS):
    raise ValueError("the Miś Wojtek palette must give a style to every colour and pawn")

"""The terminal colours of Wypas: the sheep's colours and the special cards (rich styles).

Each sheep colour is a swatch, a background with a foreground chosen to contrast
with it, so it reads the same on dark and light terminals; the card's name (``red-3``)
always stays in the text, so plain output and colour-blind players lose nothing.
"""

from __future__ import annotations

from typing import Final

from .components import COLOURS

__all__ = ["BLACK", "MARK", "SHEEP", "SPECIAL", "SUPER", "WOLF"]

SHEEP: Final[dict[str, str]] = {
    "red": "bold white on red3",
    "orange": "black on dark_orange",
    "yellow": "black on gold1",
    "green": "black on green3",
    "magenta": "bold white on magenta3",
}
"""Style of each sheep colour (plain sheep and Dollies), by colour name."""

SUPER: Final = "bold reverse"
"""Super Dolly, a sheep of any colour."""

BLACK: Final = "bold white on grey19"
"""A black sheep."""

WOLF: Final = "bold white on grey42"
"""A wolf."""

SPECIAL: Final = "bold"
"""The other special cards (thief, dog)."""

MARK: Final = "bold"
"""Points, and who is to act."""

if set(SHEEP) != set(COLOURS):
    raise ValueError("the Wypas palette must give a style to every sheep colour")

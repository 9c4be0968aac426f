"""The terminal colours of Wypas: the sheep's colours and the special cards (rich styles).

Each sheep colour, and the black sheep and the wolf, is the core's swatch of that
colour (`meeple.core.swatches`); the card's name (``red-3``) always stays in the text.
"""

from __future__ import annotations

from typing import Final

from meeple.core.swatches import SWATCHES
from meeple.core.swatches import swatches

from .components import COLOURS

__all__ = ["BLACK", "MARK", "SHEEP", "SPECIAL", "SUPER", "WOLF"]

SHEEP: Final = swatches(COLOURS)
"""Style of each sheep colour (plain sheep and Dollies), by colour name."""

SUPER: Final = "bold reverse"
"""Super Dolly, a sheep of any colour."""

BLACK: Final = SWATCHES["black"]
"""A black sheep."""

WOLF: Final = SWATCHES["grey"]
"""A wolf."""

SPECIAL: Final = "bold"
"""The other special cards (thief, dog)."""

MARK: Final = "bold"
"""Points, and who is to act."""

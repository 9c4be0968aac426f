"""The terminal colours of Miś Wojtek's pieces: travel colours and pawns (rich styles).

Each colour is the core's swatch of that colour (`meeple.core.swatches`); the colour's
name always stays in the text beside it.
"""

from __future__ import annotations

from typing import Final

from meeple.core.swatches import swatches

from .components import COLOURS
from .components import PAWNS

__all__ = ["ANY", "PAWN", "TRAVEL"]

TRAVEL: Final = swatches(COLOURS)
"""Style of each travel colour (spaces, display boxes, travel cards), by notation name."""

ANY: Final = "bold"
"""Edinburgh's space, which any colour reaches."""

PAWN: Final = swatches(PAWNS)
"""Style of each seat's pawn, by its colour name."""

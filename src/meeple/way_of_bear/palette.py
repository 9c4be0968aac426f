"""The terminal colours of The Way of the Bear: the steles' colours (rich styles).

Each stele colour is the core's swatch of that colour (`meeple.core.swatches`), blue
a lighter one; the stele's letter or colour name always stays in the text.
"""

from __future__ import annotations

from typing import Final

from meeple.core.swatches import swatches

from .components import COLOURS

__all__ = ["MARK", "SEAL", "STELE"]

STELE: Final = swatches(COLOURS, instead={"blue": "sky blue"})
"""Style of each stele colour (its letter on the map, its name elsewhere)."""

SEAL: Final = "bold red3"
"""A Dragon Seal's star."""

MARK: Final = "bold"
"""Temple spaces filled, and who is to play."""

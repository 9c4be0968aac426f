"""The terminal colours of Bear Went Over the Mountain: habitats and animals (rich styles).

Habitats are swatches (a background with a contrasting letter), animals coloured
letters in mid tones, so both read on dark and light terminals; the letter or
abbreviation always stays in the text, so plain output and colour-blind players
lose nothing.
"""

from __future__ import annotations

from typing import Final

from .components import ANIMALS
from .components import HABITATS

__all__ = ["ANIMAL", "HABITAT", "PROFILE"]

HABITAT: Final[dict[str, str]] = {
    "conifer": "bold white on dark_green",
    "hardwood": "bold white on orange4",
    "meadow": "black on dark_olive_green2",
}
"""Style of each habitat's letter (C, H, M), by habitat name."""

ANIMAL: Final[dict[str, str]] = {
    "bluebird": "bold dodger_blue2",
    "cardinal": "bold red3",
    "goldfinch": "bold dark_goldenrod",
    "squirrel": "grey50",
    "rabbit": "grey50",
    "skunk": "bold grey50",
    "fox": "bold dark_orange3",
    "deer": "orange4",
    "bear": "bold white on #5f2f00",
}
"""Style of each animal's abbreviation, by animal name."""

PROFILE: Final = "bold"
"""The elevation profile's marks."""

if set(HABITAT) != set(HABITATS) or set(ANIMAL) != set(ANIMALS):
    raise ValueError("the Bear Went Over the Mountain palette must style every habitat and animal")

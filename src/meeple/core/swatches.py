"""The terminal colour swatches the games' palettes share (rich styles).

A swatch is a background with a foreground chosen to contrast with it, so that it
reads the same on dark and light terminals. The same colour looks the same in every
game (an orange stele, an orange truck and an orange sheep share one swatch), and
each game keeps a piece's letter or name in the text beside its colour, so plain
output and colour-blind players lose nothing.
"""

from __future__ import annotations

from collections.abc import Iterable
from collections.abc import Mapping
from types import MappingProxyType
from typing import Final

__all__ = ["SWATCHES", "swatches"]

SWATCHES: Final[Mapping[str, str]] = MappingProxyType(
    {
        "red": "bold white on red3",
        "orange": "black on dark_orange",
        "yellow": "black on gold1",
        "green": "black on green3",
        "blue": "bold white on blue3",
        "sky blue": "bold white on dodger_blue3",
        "violet": "bold white on dark_violet",
        "pink": "black on pink1",
        "magenta": "bold white on magenta3",
        "silver": "black on grey70",
        "white": "black on grey93",
        "grey": "bold white on grey42",
        "black": "bold white on grey19",
        "light brown": "black on tan",
        "dark brown": "bold white on orange4",
    }
)
"""Each swatch by its colour's name."""


def swatches(colours: Iterable[str], *, instead: Mapping[str, str] | None = None) -> dict[str, str]:
    """The swatch of each of a game's `colours`, in their order: the one of that name,
    or of the name `instead` gives for it (The Way of the Bear's blue is a lighter one).

    A colour without a swatch is refused (ValueError) when the palette is made, so a
    colour added to a game's data cannot go unstyled.
    """
    instead = instead or {}
    colours = tuple(colours)
    missing = [c for c in colours if instead.get(c, c) not in SWATCHES]
    if missing:
        raise ValueError(f"no terminal swatch for the colour(s) {', '.join(missing)}")
    return {c: SWATCHES[instead.get(c, c)] for c in colours}

"""The Wypas deck as data: loaded from ``data/deck.json`` and validated at import.

Cards are small ints ("kinds"): identical cards share a kind, so a hand is a
sorted tuple of kinds and two copies of a card are never two different moves.
A sheep standing in a pen is a *placed* int ``kind << 6 | face`` where the face
``colour * 8 + value`` is what the sheep shows (a Dolly shows the value its
owner fixed when placing it; a black sheep shows face 0).
"""

from __future__ import annotations

import json
from importlib import resources
from typing import Any
from typing import Final

__all__ = [
    "BACA_CARDS",
    "BLACK",
    "BLACK_FACE",
    "COLOURS",
    "DECK",
    "DOG",
    "DOLLY",
    "DRAW_SIZE",
    "FACES",
    "FACE_NAME",
    "FINAL_FLEECE",
    "FIRST_FIFTH_BONUS",
    "HAND_SIZE",
    "HERDER_CARDS",
    "KINDS",
    "KIND_COLOUR",
    "KIND_COUNT",
    "KIND_NAME",
    "KIND_VALUE",
    "LATER_FIFTH_BONUS",
    "MAX_VALUE",
    "NAME_FACE",
    "NAME_KIND",
    "SHEEP_DECK",
    "SHEEP_KINDS",
    "SPECIAL_KINDS",
    "SUPER",
    "THIEF",
    "TOTAL_CARDS",
    "WOLF",
    "face_of",
    "kind_of",
    "load_deck",
    "lots_per_round",
    "placed",
]

MAX_VALUE: Final = 6
"""Highest value a sheep may show (Dolly and Super Dolly choose 1..6)."""

TOTAL_CARDS: Final = 110
"""The published card count of the box."""

# -- rulebook constants --------------------------------------------------------

HAND_SIZE: Final = 5
"""Cards dealt to each player at setup ("Setup")."""
DRAW_SIZE: Final = 3
"""Cards each player draws in the drawing phase ("4. Drawing Cards")."""
FINAL_FLEECE: Final = 5
"""The fleece count that ends the game ("End of the Game")."""
FIRST_FIFTH_BONUS: Final = 4
"""Points for the first player to shear a fifth fleece."""
LATER_FIFTH_BONUS: Final = 2
"""Points for each other player who shears a fifth fleece in the final turns."""


def lots_per_round(players: int) -> int:
    """Cards the baca draws as lots: 2 with 3 players, else 3 ("1. Auction")."""
    return 2 if players == 3 else 3


_PUBLISHED_SHEEP = 84
_PUBLISHED_SPECIALS = 19
_SPECIAL_NAMES = ("thief", "dog", "black", "wolf")


def _check(cond: bool, message: str) -> None:
    if not cond:
        raise ValueError(f"wypas deck data: {message}")


def load_deck(raw: dict[str, Any]) -> dict[str, Any]:
    """Validate the JSON deck description and return it; ValueError says what is wrong."""
    colours = raw["colours"]
    _check(isinstance(colours, list) and len(colours) >= 1, "colours must be a non-empty list")
    names = [c["name"] for c in colours]
    _check(len(set(names)) == len(names), "colour names must be distinct")
    _check(len(colours) <= 7, "at most 7 colours fit the face encoding")
    plain = 0
    for colour in colours:
        values = colour["values"]
        _check(
            values == sorted(set(values)) and all(1 <= v <= MAX_VALUE for v in values),
            f"{colour['name']} values must be distinct, rising, within 1..{MAX_VALUE}",
        )
        _check(
            values == list(range(values[0], values[-1] + 1)),
            f"{colour['name']} values must be a consecutive range",
        )
        _check(colour["copies"] >= 1, f"{colour['name']} needs at least one copy")
        plain += len(values) * colour["copies"]
    sheep = plain + raw["dolly_per_colour"] * len(colours) + raw["super_dolly"]
    _check(sheep == _PUBLISHED_SHEEP, f"{sheep} sheep cards, the box has {_PUBLISHED_SHEEP}")
    specials = raw["specials"]
    _check(
        [s["name"] for s in specials] == list(_SPECIAL_NAMES),
        f"special cards must be listed as {_SPECIAL_NAMES}",
    )
    n_special = sum(s["count"] for s in specials)
    _check(all(s["count"] >= 1 for s in specials), "every special kind needs a card")
    _check(n_special == _PUBLISHED_SPECIALS, f"{n_special} special cards, the box has 19")
    total = sheep + n_special + raw["baca_cards"] + raw["herder_cards"]
    _check(total == TOTAL_CARDS, f"{total} cards in all, the box has {TOTAL_CARDS}")
    _check(raw["baca_cards"] == 1, "there is one baca card")
    _check(raw["herder_cards"] == 6, "there are six herder cards (one per seat)")
    return raw


_RAW = load_deck(
    json.loads(resources.files(__package__).joinpath("data/deck.json").read_text("utf-8"))
)

COLOURS: Final[tuple[str, ...]] = tuple(c["name"] for c in _RAW["colours"])
"""Colour names; a colour's index is its number in faces."""

BACA_CARDS: Final[int] = _RAW["baca_cards"]
"""The baca card (kept by the current baca, never shuffled)."""
HERDER_CARDS: Final[int] = _RAW["herder_cards"]
"""Herder cards: one in front of each player, the rest stay in the box."""

_names: list[str] = []
_colour: list[int] = []
_value: list[int] = []
_count: list[int] = []
for _c, _spec in enumerate(_RAW["colours"]):
    for _v in _spec["values"]:
        _names.append(f"{_spec['name']}-{_v}")
        _colour.append(_c)
        _value.append(_v)
        _count.append(_spec["copies"])
SHEEP_KINDS: Final = len(_names)
"""Kinds below this are plain sheep."""
DOLLY: Final = len(_names)
"""First Dolly kind; Dolly of colour c is ``DOLLY + c``."""
for _c, _name in enumerate(COLOURS):
    _names.append(f"dolly-{_name}")
    _colour.append(_c)
    _value.append(0)
    _count.append(_RAW["dolly_per_colour"])
SUPER: Final = len(_names)
"""The Super Dolly kind."""
_names.append("super")
_colour.append(-1)
_value.append(0)
_count.append(_RAW["super_dolly"])
THIEF: Final = len(_names)
"""The first special kind (Thief); Sheepdog, Black Sheep and Wolf follow."""
DOG: Final = THIEF + 1
BLACK: Final = THIEF + 2
WOLF: Final = THIEF + 3
for _s in _RAW["specials"]:
    _names.append(_s["name"])
    _colour.append(-1)
    _value.append(0)
    _count.append(_s["count"])

KINDS: Final = len(_names)
"""Number of card kinds."""
KIND_NAME: Final[tuple[str, ...]] = tuple(_names)
"""Notation name of each kind (``red-3``, ``dolly-red``, ``super``, ``thief``...)."""
NAME_KIND: Final[dict[str, int]] = {n: k for k, n in enumerate(_names)}
"""Kind of each notation name."""
KIND_COLOUR: Final[tuple[int, ...]] = tuple(_colour)
"""Colour of a plain sheep or Dolly, -1 otherwise."""
KIND_VALUE: Final[tuple[int, ...]] = tuple(_value)
"""Printed value of a plain sheep, 0 otherwise."""
KIND_COUNT: Final[tuple[int, ...]] = tuple(_count)
"""Copies of each kind in the box."""
SPECIAL_KINDS: Final = frozenset(range(THIEF, KINDS))
"""Kinds that are special cards."""

DECK: Final[tuple[int, ...]] = tuple(k for k in range(KINDS) for _ in range(KIND_COUNT[k]))
"""The 103 shuffled cards (sheep and specials), in kind order."""
SHEEP_DECK: Final[tuple[int, ...]] = tuple(k for k in DECK if k < THIEF)
"""The 84 sheep cards alone (the game without special cards)."""

BLACK_FACE: Final = 0
"""The face a black sheep shows (no colour, no value)."""

FACES: Final[tuple[int, ...]] = tuple(
    c * 8 + v for c in range(len(COLOURS)) for v in range(1, MAX_VALUE + 1)
)
"""Every face a sheep can show (a Dolly may exceed its colour's printed range)."""
FACE_NAME: Final[dict[int, str]] = {f: f"{COLOURS[f >> 3]}-{f & 7}" for f in FACES}
"""Notation of each face, ``red-3``."""
NAME_FACE: Final[dict[str, int]] = {n: f for f, n in FACE_NAME.items()}
"""Face of each notation."""


def placed(kind: int, face: int) -> int:
    """The int for a card of `kind` standing in a pen showing `face`."""
    return kind << 6 | face


def kind_of(card: int) -> int:
    """The kind of a placed card."""
    return card >> 6


def face_of(card: int) -> int:
    """The face of a placed card (0 for a black sheep)."""
    return card & 63


_check(len(DECK) == _PUBLISHED_SHEEP + _PUBLISHED_SPECIALS, "deck size")
_check(len(SHEEP_DECK) == _PUBLISHED_SHEEP, "sheep deck size")
_check(
    len(DECK) + BACA_CARDS + HERDER_CARDS == TOTAL_CARDS,
    "deck + baca + herders must be the 110 cards of the box",
)

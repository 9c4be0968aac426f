"""Cards and boards of Miś Wojtek as validated data, plus the lookup tables rules use.

Everything here is read from ``data/*.json`` once and checked; a file that breaks
a fact of the rulebook (card counts, one deportation site per colour, a route that
reaches Edinburgh through the cities in order) is refused with `BoardError` or
`CardDataError` naming the problem. Rules only ever see ints:

* travel card kinds ``0..6`` are truck cards of colour ``k``, kind ``7`` is rainbow;
* bear card kinds ``0..23`` are ``type * 6 + card``, kind ``24`` is a person card;
* city ids ``0..5`` follow the route order, Edinburgh last;
* board spaces are indices into `Board.ids`.
"""

from __future__ import annotations

import json
from importlib import resources
from typing import Any

__all__ = [
    "BEAR_COUNTS",
    "BEAR_KINDS",
    "BEAR_NAMES",
    "BEAR_TYPES",
    "BEAR_TYPE_NAMES",
    "CARDS_PER_TYPE",
    "CITIES",
    "COLOURS",
    "COLOUR_TITLES",
    "EDINBURGH_CITY",
    "HAND_SIZE",
    "MAX_PLAYERS",
    "MIN_PLAYERS",
    "NO_BEARS",
    "NO_CARD",
    "NUM_COLOURS",
    "PAWNS",
    "PERSON",
    "RAINBOW",
    "TRAVEL_COUNTS",
    "TRAVEL_KINDS",
    "TRAVEL_NAMES",
    "ZERO_TRAVEL",
    "CardDataError",
    "read_data_json",
]


class CardDataError(ValueError):
    """The card data file breaks a published fact."""


def read_data_json(name: str) -> Any:
    """Parse one of the JSON files shipped in the package's data folder."""
    text = resources.files("meeple.wojtek").joinpath("data", name).read_text(encoding="utf-8")
    return json.loads(text)


def _load_cards(doc: Any) -> dict[str, Any]:
    """Check the card file against the rulebook's component list."""
    try:
        colours = [c["id"] for c in doc["colours"]]
        titles = [c["title"] for c in doc["colours"]]
        trucks = doc["travel"]["trucks_per_colour"]
        rainbow = doc["travel"]["rainbow"]
        types = [t["id"] for t in doc["bear_types"]]
        names = [list(t["cards"]) for t in doc["bear_types"]]
        copies = doc["copies_per_bear_card"]
        persons = doc["persons"]
        cities = list(doc["cities"])
        pawns = list(doc["pawns"])
    except (KeyError, TypeError) as err:
        raise CardDataError(f"wojtek cards.json lacks a field: {err}") from None
    # Rulebook, "Game Components": 55 travel cards = 7 colours x 7 trucks + 6 rainbow.
    if len(colours) != 7 or len(set(colours)) != 7:
        raise CardDataError("wojtek needs exactly 7 distinct travel colours")
    if trucks * len(colours) + rainbow != 55 or rainbow != 6:
        raise CardDataError("wojtek has 55 travel cards: 7 x 7 trucks and 6 rainbow cards")
    # Rulebook: 104 bear cards = 4 types x 6 different cards x 4 copies + 8 persons.
    if len(types) != 4 or any(len(n) != 6 or len(set(n)) != 6 for n in names):
        raise CardDataError("wojtek has 4 bear card types of 6 different cards each")
    if copies != 4 or persons != 8 or 4 * 6 * copies + persons != 104:
        raise CardDataError("wojtek has 104 bear cards: 96 typed (4 copies each) + 8 persons")
    flat = [n for group in names for n in group]
    if len(set(flat)) != len(flat):
        raise CardDataError("wojtek bear card names must be unique")
    # Rulebook text names these cards; issue 4 asks that they are in the deck.
    for named in ("corned beef", "fruits and honey", "flag of scotland"):
        if named not in flat:
            raise CardDataError(f"wojtek bear deck must contain {named!r}")
    if cities[0] != "Buzuluk" or cities[-1] != "Edinburgh" or len(cities) != 6:
        raise CardDataError("wojtek has 6 city cards, Buzuluk first and Edinburgh last")
    if len(pawns) != 5:
        raise CardDataError("wojtek has 5 bear pawns")
    if not (doc["min_players"] == 2 and doc["max_players"] == 5 and doc["hand_size"] == 5):
        raise CardDataError("wojtek is for 2-5 players with hands of 5 travel cards")
    return {
        "colours": tuple(colours),
        "titles": tuple(titles),
        "trucks": trucks,
        "rainbow": rainbow,
        "types": tuple(types),
        "names": tuple(tuple(n) for n in names),
        "copies": copies,
        "persons": persons,
        "cities": tuple(cities),
        "pawns": tuple(pawns),
        "hand_size": doc["hand_size"],
        "min_players": doc["min_players"],
        "max_players": doc["max_players"],
    }


_CARDS = _load_cards(read_data_json("cards.json"))

COLOURS: tuple[str, ...] = _CARDS["colours"]
"""Colour names used in notation, indexed by colour id."""
COLOUR_TITLES: tuple[str, ...] = _CARDS["titles"]
"""Colour names for display ("light green" is ``green`` in notation)."""
NUM_COLOURS = len(COLOURS)
RAINBOW = NUM_COLOURS
"""Travel card kind of the rainbow (walking) cards."""
TRAVEL_KINDS = NUM_COLOURS + 1
TRAVEL_NAMES: tuple[str, ...] = (*COLOURS, "rainbow")
"""Notation names of travel card kinds."""
TRAVEL_COUNTS: tuple[int, ...] = (*(_CARDS["trucks"],) * NUM_COLOURS, _CARDS["rainbow"])
"""How many travel cards of each kind exist (55 in all)."""
ZERO_TRAVEL: tuple[int, ...] = (0,) * TRAVEL_KINDS
"""No travel cards, counted by kind (an empty pile or three-card move)."""

BEAR_TYPE_NAMES: tuple[str, ...] = _CARDS["types"]
BEAR_TYPES = len(BEAR_TYPE_NAMES)
CARDS_PER_TYPE = 6
PERSON = BEAR_TYPES * CARDS_PER_TYPE
"""Bear card kind of the (interchangeable) person cards."""
BEAR_KINDS = PERSON + 1
BEAR_NAMES: tuple[str, ...] = (*(n for group in _CARDS["names"] for n in group), "person")
"""Display names of bear card kinds."""
BEAR_COUNTS: tuple[int, ...] = (*(_CARDS["copies"],) * PERSON, _CARDS["persons"])
"""How many bear cards of each kind exist (104 in all)."""
NO_BEARS: tuple[int, ...] = (0,) * BEAR_KINDS
"""No bear cards, counted by kind (an empty pile or collection)."""

CITIES: tuple[str, ...] = _CARDS["cities"]
"""City card names in route order."""
EDINBURGH_CITY = len(CITIES) - 1
PAWNS: tuple[str, ...] = _CARDS["pawns"]
"""Pawn colour of each seat, for display."""
HAND_SIZE: int = _CARDS["hand_size"]
MIN_PLAYERS: int = _CARDS["min_players"]
MAX_PLAYERS: int = _CARDS["max_players"]
NO_CARD = -1
"""An empty box of the display."""

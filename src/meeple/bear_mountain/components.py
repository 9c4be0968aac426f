"""Landscape and score cards: loaded from `data/`, checked against the rulebook's totals.

The rulebook publishes only totals (see `PUBLISHED_*` below, each with its source);
the card-by-card list in ``data/landscape_cards.json`` is our design and must match
every one of them, or importing the game fails.
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Iterator
from importlib import resources
from typing import Any
from typing import Final
from typing import Literal

import attrs

__all__ = [
    "ANIMALS",
    "ANIMAL_SCORES",
    "ANIMAL_SET",
    "BEAR_CARDS",
    "CARDS",
    "CARD_IDS",
    "DRAFT_KEEP",
    "DRAFT_PICKS",
    "ELEVATION",
    "HABITATS",
    "HAB_ELEV_SCORES",
    "HAB_SET",
    "HAND_SIZE",
    "HIKE_LENGTH",
    "LEFT",
    "RIGHT",
    "ROW_SIZE",
    "SCORE_BY_SLUG",
    "SCORE_CARDS",
    "SCORE_IDS",
    "SOLO_BLOCK",
    "SOLO_DECK",
    "SOLO_HIKES",
    "SOLO_PILE",
    "SOLO_SCORES",
    "LandscapeCard",
    "ScoreCard",
    "card_name",
    "load_landscape_cards",
    "load_score_cards",
]

HABITATS: Final = ("conifer", "hardwood", "meadow")
"""Habitat kinds; a card's halves store the index into this tuple."""

ANIMALS: Final = (
    "bluebird",
    "cardinal",
    "goldfinch",
    "squirrel",
    "rabbit",
    "skunk",
    "fox",
    "deer",
    "bear",
)
"""Animal kinds, in the order of the rulebook's icon list."""

# Rulebook, "Card Icons and Symbols": total icons of each animal across the deck.
PUBLISHED_ANIMALS: Final = {
    "bluebird": 13,
    "cardinal": 13,
    "goldfinch": 13,
    "squirrel": 11,
    "rabbit": 11,
    "skunk": 9,
    "fox": 9,
    "deer": 7,
    "bear": 5,
}
# Rulebook, "Card Icons and Symbols": habitat halves (each card has two).
PUBLISHED_HABITATS: Final = {"conifer": 30, "hardwood": 30, "meadow": 30}
# Rulebook, "Elevation Changes": 6 double and 12 single up, 5 double and 14 single
# down; the remaining 45 - 37 = 8 cards are flat.
PUBLISHED_ELEVATION: Final = {2: 6, 1: 12, 0: 8, -1: 14, -2: 5}
# Rulebook, "Components": 45 landscape cards and 18 score cards.
PUBLISHED_CARD_COUNT: Final = 45
PUBLISHED_SCORE_CARD_COUNT: Final = 18
# Rulebook, "'Big Kid' Solo Rules": the five score cards set aside in solo play.
SOLO_SET_ASIDE: Final = frozenset(
    {"most-birds", "most-small-mammals", "most-medium-mammals", "most-large-mammals", "most-bears"}
)

ScoreKind = Literal["animals", "habitat", "elevation"]


@attrs.frozen
class LandscapeCard:
    """One landscape card."""

    id: int
    """Stable id, 1..45; written ``c01`` .. ``c45`` in notation."""
    left: int
    """Habitat of the left half (index into HABITATS)."""
    right: int
    """Habitat of the right half (index into HABITATS)."""
    animals: tuple[int, ...]
    """Icons on the card, as indexes into ANIMALS (a kind may repeat)."""
    elevation: int
    """Elevation change from the left edge to the right edge, -2..+2."""

    @property
    def is_bear(self) -> bool:
        """Whether this is one of the five bear cards."""
        return ANIMALS.index("bear") in self.animals


@attrs.frozen
class ScoreCard:
    """One score card: what Bear wants to see."""

    id: int
    """Stable id, 1..18 (index + 1 in the sights vector of `scoring.sights`)."""
    slug: str
    """Notation name, e.g. ``most-deer``."""
    title: str
    """Human title."""
    kind: ScoreKind
    """Animals counted, a habitat run, or an elevation change."""
    counts: tuple[str, ...]
    """The animal kinds summed, the habitat, or ``up``/``down``."""
    solo: bool
    """Whether the card is laid out in the solo game."""


def _read(name: str) -> Any:
    text = resources.files("meeple.bear_mountain").joinpath("data", name).read_text("utf-8")
    return json.loads(text)


def _fail(name: str, why: str) -> ValueError:
    return ValueError(f"bear_mountain data file {name} is invalid: {why}")


def _card_rows(
    name: str, raw: Any, what: str, keys: tuple[str, ...]
) -> Iterator[tuple[int, dict[str, Any]]]:
    """(id, row) for each card of data file `name` (or `raw`, its parsed JSON), once
    the file is an object with a _source note and a cards list, each row has exactly
    `keys` and the ids run 1, 2, 3, ... (`what`: the card's name in messages)."""
    data = _read(name) if raw is None else raw
    if not isinstance(data, dict) or not isinstance(data.get("_source"), str):
        raise _fail(name, "expected an object with a _source note and a cards list")
    rows = data.get("cards")
    if not isinstance(rows, list):
        raise _fail(name, "cards must be a list")
    for i, row in enumerate(rows, start=1):
        if not isinstance(row, dict) or set(row) != set(keys):
            raise _fail(name, f"{what} #{i} must have exactly {', '.join(keys)}")
        if row["id"] != i:
            raise _fail(name, f"{what} #{i} has id {row['id']!r}; ids must run 1, 2, 3, ...")
        yield i, row


def load_landscape_cards(raw: Any = None) -> tuple[LandscapeCard, ...]:
    """The 45 landscape cards, after checking every total the rulebook prints."""
    name = "landscape_cards.json"
    cards = []
    keys = ("id", "left", "right", "animals", "elevation")
    for i, row in _card_rows(name, raw, "card", keys):
        if row["left"] not in HABITATS or row["right"] not in HABITATS:
            raise _fail(name, f"card {i} has an unknown habitat")
        animals = row["animals"]
        if not isinstance(animals, list) or any(a not in ANIMALS for a in animals):
            raise _fail(name, f"card {i} has an unknown animal")
        elevation = row["elevation"]
        if isinstance(elevation, bool) or elevation not in PUBLISHED_ELEVATION:
            raise _fail(name, f"card {i} has elevation {elevation!r}, not -2..+2")
        cards.append(
            LandscapeCard(
                id=i,
                left=HABITATS.index(row["left"]),
                right=HABITATS.index(row["right"]),
                animals=tuple(ANIMALS.index(a) for a in animals),
                elevation=elevation,
            )
        )
    if len(cards) != PUBLISHED_CARD_COUNT:
        raise _fail(name, f"{len(cards)} cards, the rulebook has {PUBLISHED_CARD_COUNT}")
    animal_totals = Counter(ANIMALS[a] for c in cards for a in c.animals)
    if dict(animal_totals) != PUBLISHED_ANIMALS:
        raise _fail(name, f"animal totals {dict(animal_totals)} differ from the rulebook")
    bear = ANIMALS.index("bear")
    if any(c.animals.count(bear) > 1 for c in cards):
        raise _fail(name, "a bear card shows more than one bear")
    halves = Counter(HABITATS[h] for c in cards for h in (c.left, c.right))
    if dict(halves) != PUBLISHED_HABITATS:
        raise _fail(name, f"habitat halves {dict(halves)} differ from the rulebook")
    elevations = Counter(c.elevation for c in cards)
    if dict(elevations) != PUBLISHED_ELEVATION:
        raise _fail(name, f"elevation counts {dict(elevations)} differ from the rulebook")
    return tuple(cards)


def load_score_cards(raw: Any = None) -> tuple[ScoreCard, ...]:
    """The 18 score cards, checked for kinds, names and the solo set-aside list."""
    name = "score_cards.json"
    out = []
    keys = ("id", "slug", "title", "kind", "counts", "solo")
    for i, row in _card_rows(name, raw, "score card", keys):
        kind = row["kind"]
        counts = tuple(row["counts"])
        allowed: tuple[str, ...] = {
            "animals": ANIMALS,
            "habitat": HABITATS,
            "elevation": ("up", "down"),
        }.get(kind, ())
        if not counts or any(c not in allowed for c in counts):
            raise _fail(name, f"score card {row['slug']!r} counts {counts!r} for kind {kind!r}")
        if kind != "animals" and len(counts) != 1:
            raise _fail(name, f"score card {row['slug']!r} must count exactly one thing")
        if row["solo"] != (row["slug"] not in SOLO_SET_ASIDE):
            raise _fail(name, f"score card {row['slug']!r} has the wrong solo flag")
        out.append(ScoreCard(i, row["slug"], row["title"], kind, counts, row["solo"]))
    if len(out) != PUBLISHED_SCORE_CARD_COUNT or len({c.slug for c in out}) != len(out):
        raise _fail(name, f"expected {PUBLISHED_SCORE_CARD_COUNT} score cards with distinct slugs")
    return tuple(out)


CARDS: Final = load_landscape_cards()
"""The 45 landscape cards; ``CARDS[i - 1].id == i``."""
SCORE_CARDS: Final = load_score_cards()
"""The 18 score cards; ``SCORE_CARDS[i - 1].id == i``."""

CARD_IDS: Final = tuple(c.id for c in CARDS)
"""Every landscape card id, 1..45."""
SCORE_IDS: Final = tuple(s.id for s in SCORE_CARDS)
"""Every score card id, 1..18."""
SCORE_BY_SLUG: Final = {s.slug: s.id for s in SCORE_CARDS}
"""Score card id by its notation slug."""

# Per-id lookup tables (index 0 unused) so the hot paths index instead of searching.
LEFT: Final = (-1, *(c.left for c in CARDS))
"""Left-half habitat by card id."""
RIGHT: Final = (-1, *(c.right for c in CARDS))
"""Right-half habitat by card id."""
ELEVATION: Final = (0, *(c.elevation for c in CARDS))
"""Elevation change by card id."""
BEAR_CARDS: Final = frozenset(c.id for c in CARDS if c.is_bear)
"""The five bear cards."""
ANIMAL_SCORES: Final = tuple(s.id for s in SCORE_CARDS if s.kind == "animals")
"""Score cards that count animals (kinds or groups)."""
HAB_ELEV_SCORES: Final = tuple(s.id for s in SCORE_CARDS if s.kind != "animals")
"""Habitat and elevation score cards (held back for younger children)."""
SOLO_SCORES: Final = tuple(s.id for s in SCORE_CARDS if s.solo)
"""The 13 score cards of the solo game."""
ANIMAL_SET: Final = frozenset(ANIMAL_SCORES)
"""Animal score cards, as a set."""
HAB_SET: Final = frozenset(HAB_ELEV_SCORES)
"""Habitat and elevation score cards, as a set."""

# The rulebook's numbers for laying out a game.
HIKE_LENGTH: Final = 10
"""Standard game: every hike grows to ten cards (rulebook, "How to Play")."""
ROW_SIZE: Final = 4
"""Standard game: four face-up cards to choose from (rulebook, "Setup")."""
HAND_SIZE: Final = 10
"""Drafting: ten cards dealt to each player."""
DRAFT_PICKS: Final = (4, 3, 3)
"""Drafting: cards selected in each round (4, then 1 reserved + 3, then 1 + 3)."""
DRAFT_KEEP: Final = (1, 1, 0)
"""Drafting: cards kept face down after each round's placing (3 placed, 1 reserved; last: all)."""
SOLO_HIKES: Final = 5
"""Solo: five hikes, five piles, five bear cards."""
SOLO_PILE: Final = 7
"""Solo: 35 cards split into five piles of seven before a bear joins each."""
SOLO_BLOCK: Final = SOLO_PILE + 1
"""Solo: each stretch of 8 cards of the deck holds exactly one bear card."""
SOLO_DECK: Final = SOLO_BLOCK * SOLO_HIKES
"""Solo: the deck starts with 40 cards (45 minus the 5 that start the hikes)."""


def card_name(card: int) -> str:
    """Notation of a landscape card id: ``c07``."""
    return f"c{card:02d}"

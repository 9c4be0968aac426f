"""Scoring: the best arrangement of a collection into sets, and how players rank.

A set holds cards of one type, no card twice. Duplicates of a card therefore start
new sets; a pair of city and/or person cards ("substitutes") fills one missing card
of a set. The best arrangement is found directly, not by search:

* per type, set ``i`` takes every card held at least ``i`` times ("layers"); this
  partition majorizes every other legal partition of that type's cards, so it is
  the lexicographically largest, and that survives merging the types;
* substitute pairs then go, one by one, to the largest set that is not complete.

``tests/wojtek/test_scoring.py`` checks this against a brute-force search.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from typing import TYPE_CHECKING
from typing import Any

import attrs

from meeple.core import Outcome

from .components import BEAR_NAMES
from .components import BEAR_TYPE_NAMES
from .components import BEAR_TYPES
from .components import CARDS_PER_TYPE
from .components import CITIES
from .components import PERSON

if TYPE_CHECKING:
    from .state import State

__all__ = [
    "Arrangement",
    "BearSet",
    "arrange",
    "completes_set",
    "has_complete_set",
    "outcome",
    "outcome_of",
    "set_sizes",
]


def outcome(state: State) -> Outcome:
    """Sets per player, ranked by the largest set, then the next, and so on."""
    return outcome_of(state.collections, state.city_owner, final=state.is_over)


# Memoized: the collections stay the same at most steps, and a balance report asks
# for the standing after every one.
@lru_cache(maxsize=1024)
def outcome_of(
    collections: tuple[tuple[int, ...], ...], city_owner: tuple[int, ...], *, final: bool
) -> Outcome:
    """Rank collections by their best sets (largest first; a missing set loses)."""
    keys: list[tuple[int, ...]] = []
    scores: list[int] = []
    details: list[dict[str, Any]] = []
    for seat, collection in enumerate(collections):
        cities = tuple(CITIES[c] for c, owner in enumerate(city_owner) if owner == seat)
        arrangement = arrange(collection, len(cities))
        keys.append(arrangement.key)
        scores.append(arrangement.key[0] if arrangement.key else 0)
        details.append(
            {
                "largest set": scores[-1],
                "set sizes": arrangement.key,
                "sets": tuple(s.describe() for s in arrangement.sets),
                "city cards": cities,
                "persons": collection[-1],
                "unused city/person cards": arrangement.unused,
            }
        )
    return Outcome.from_keys(scores, keys, details, final=final)


@attrs.frozen
class BearSet:
    """One scored set."""

    type: int
    """Bear card type id (food, fun, emblems, flags)."""
    cards: tuple[int, ...]
    """Real bear card kinds in the set, all of `type`, all different."""
    substitutes: int
    """Pairs of city/person cards standing in for missing cards."""

    @property
    def size(self) -> int:
        """Cards the set counts as (at most 6)."""
        return len(self.cards) + self.substitutes

    def describe(self) -> str:
        """For example ``food 6: corned beef, ... + 1 pair``."""
        names = ", ".join(BEAR_NAMES[k] for k in self.cards)
        extra = f" + {self.substitutes} substitute pair(s)" if self.substitutes else ""
        return f"{BEAR_TYPE_NAMES[self.type]} {self.size}: {names}{extra}"


@attrs.frozen
class Arrangement:
    """A player's sets, largest first, and the substitute cards that found no use."""

    sets: tuple[BearSet, ...]
    """Largest first."""
    unused: int
    """City/person cards left over (a lone one, or pairs with no set to fill)."""

    @property
    def key(self) -> tuple[int, ...]:
        """Set sizes, largest first: compared left to right, a missing set loses."""
        return tuple(s.size for s in self.sets)


def arrange(collection: Sequence[int], cities: int = 0) -> Arrangement:
    """The best arrangement of bear card counts (indexed by kind) plus `cities` city cards."""
    sets: list[BearSet] = []
    for t in range(BEAR_TYPES):
        kinds = range(t * CARDS_PER_TYPE, (t + 1) * CARDS_PER_TYPE)
        deepest = max(collection[k] for k in kinds)
        for layer in range(1, deepest + 1):
            sets.append(BearSet(t, tuple(k for k in kinds if collection[k] >= layer), 0))
    sets.sort(key=lambda s: -s.size)  # stable: ties keep type order
    jokers = collection[PERSON] + cities
    pairs = jokers // 2
    for i, bear_set in enumerate(sets):
        if not pairs:
            break
        add = min(CARDS_PER_TYPE - bear_set.size, pairs)
        if add:
            sets[i] = BearSet(bear_set.type, bear_set.cards, add)
            pairs -= add
    sets.sort(key=lambda s: -s.size)
    used = sum(s.substitutes for s in sets)
    return Arrangement(tuple(sets), jokers - 2 * used)


def set_sizes(collection: Sequence[int], cities: int = 0) -> tuple[int, ...]:
    """The ranking key of a collection: its best set sizes, largest first.

    `arrange`'s sizes, found the same way but as plain numbers (no sets are built;
    the encoding asks for them whenever a seat takes a card): the layer sizes of
    each type, largest first, then the substitute pairs into the largest sets that
    are not complete.
    """
    sizes: list[int] = []
    for start in _TYPE_STARTS:
        kinds = collection[start : start + CARDS_PER_TYPE]
        size = CARDS_PER_TYPE - kinds.count(0)  # layer 1: the kinds held (counts are >= 0)
        depth = 1
        while size:
            sizes.append(size)
            size -= kinds.count(depth)  # the kinds held exactly `depth` times stop here
            depth += 1
    sizes.sort(reverse=True)
    pairs = (collection[PERSON] + cities) // 2
    for i, size in enumerate(sizes):
        if not pairs:
            break
        add = min(CARDS_PER_TYPE - size, pairs)
        sizes[i] = size + add
        pairs -= add
    # still largest first: the sets before the last one filled are complete, and
    # the ones after it are no larger than it was
    return tuple(sizes)


def has_complete_set(collection: Sequence[int]) -> bool:
    """Whether the collection holds 6 different real cards of one type (ends the game)."""
    for start in _TYPE_STARTS:  # noqa: SIM110  # a loop, not any(), avoids a generator per turn
        if 0 not in collection[start : start + CARDS_PER_TYPE]:
            return True
    return False


def completes_set(collection: Sequence[int], taken: int) -> bool:
    """Whether taking card `taken` (or NO_CARD) gave `collection` a complete set.

    Only the type of the card just taken can have become complete, so only it is
    checked (this runs after every move).
    """
    if taken < 0 or taken >= PERSON:
        return False
    start = taken - taken % CARDS_PER_TYPE
    return 0 not in collection[start : start + CARDS_PER_TYPE]


_TYPE_STARTS = tuple(t * CARDS_PER_TYPE for t in range(BEAR_TYPES))

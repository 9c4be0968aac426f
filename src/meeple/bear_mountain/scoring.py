"""Pure scoring: what each hike shows Bear, who claims each score card, solo totals,
and the outcome of a game (or the standing so far) with a breakdown per player.

A hike is a tuple of landscape card ids, left to right.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from typing import TYPE_CHECKING
from typing import Final

from meeple.core import Outcome

from .components import ANIMALS
from .components import CARDS
from .components import ELEVATION
from .components import HABITATS
from .components import LEFT
from .components import RIGHT
from .components import SCORE_CARDS
from .state import OVER

if TYPE_CHECKING:
    from .state import State

__all__ = [
    "SOLO_RATINGS",
    "ScoreTable",
    "animal_count",
    "award",
    "biggest_mountain",
    "deepest_valley",
    "habitat_runs",
    "outcome",
    "score_hikes",
    "score_sights",
    "sights",
    "solo_rating",
    "solo_total",
    "top_group",
]

_N_ANIMAL_CARDS: Final = sum(1 for s in SCORE_CARDS if s.kind == "animals")
_HABITAT_CARD: Final = {
    HABITATS.index(s.counts[0]): s.id for s in SCORE_CARDS if s.kind == "habitat"
}
_MOUNTAIN_CARD: Final = next(s.id for s in SCORE_CARDS if s.counts == ("up",))
_VALLEY_CARD: Final = next(s.id for s in SCORE_CARDS if s.counts == ("down",))

# Per card id, the value each animal score card (ids 1.._N_ANIMAL_CARDS) sees on it.
_ANIMAL_VALUES: Final = (
    (0,) * _N_ANIMAL_CARDS,
    *(
        tuple(
            sum(1 for a in card.animals if ANIMALS[a] in score.counts)
            for score in SCORE_CARDS[:_N_ANIMAL_CARDS]
        )
        for card in CARDS
    ),
)
assert all(s.kind == "animals" for s in SCORE_CARDS[:_N_ANIMAL_CARDS]), "animal cards come first"

# The same values packed 8 bits per score card into one int per card id, so a
# hike's animal sights are one sum and a few shifts (a hike shows < 256 icons).
_PACKED: Final = tuple(sum(v << (8 * i) for i, v in enumerate(values)) for values in _ANIMAL_VALUES)
_SHIFTS: Final = tuple(8 * i for i in range(_N_ANIMAL_CARDS))

SOLO_RATINGS: Final = (
    (55, "Big Ol' Bear!"),
    (45, "Clever Fox!"),
    (35, "Industrious Skunk!"),
    (25, "Cautious Rabbit!"),
    (0, "Nervous Squirrel!"),
)
"""Solo rating by lowest total reaching it (rulebook, "What kind of animal are you?")."""


def animal_count(hike: Sequence[int], kinds: Sequence[str]) -> int:
    """How many icons of the given animal kinds the hike shows."""
    wanted = {ANIMALS.index(k) for k in kinds}
    return sum(1 for c in hike for a in CARDS[c - 1].animals if a in wanted)


def habitat_runs(hike: Sequence[int]) -> tuple[int, int, int]:
    """Longest unbroken run of half-cards of each habitat (conifer, hardwood, meadow)."""
    best = [0, 0, 0]
    prev = -1
    run = 0
    for c in hike:
        for h in (LEFT[c], RIGHT[c]):
            if h == prev:
                run += 1
            else:
                prev = h
                run = 1
            if run > best[h]:
                best[h] = run
    return best[0], best[1], best[2]


def biggest_mountain(hike: Sequence[int]) -> int:
    """Largest net rise from a low point to a later high point (0 if it never rises)."""
    height = low = best = 0
    for c in hike:
        height += ELEVATION[c]
        if height < low:
            low = height
        elif height - low > best:
            best = height - low
    return best


def deepest_valley(hike: Sequence[int]) -> int:
    """Largest net drop from a high point to a later low point (0 if it never drops)."""
    height = high = best = 0
    for c in hike:
        height += ELEVATION[c]
        if height > high:
            high = height
        elif high - height > best:
            best = high - height
    return best


def sights(hike: Sequence[int]) -> tuple[int, ...]:
    """What the hike shows for every score card: entry ``id - 1`` is score card ``id``."""
    packed = sum([_PACKED[c] for c in hike])
    out = [(packed >> shift) & 0xFF for shift in _SHIFTS]
    out += [0] * (len(SCORE_CARDS) - _N_ANIMAL_CARDS)
    for habitat, run in enumerate(habitat_runs(hike)):
        out[_HABITAT_CARD[habitat] - 1] = run
    out[_MOUNTAIN_CARD - 1] = biggest_mountain(hike)
    out[_VALLEY_CARD - 1] = deepest_valley(hike)
    return tuple(out)


_standing_sights: Final = lru_cache(maxsize=1024)(sights)
"""`sights` memoized for the score (`outcome`, `solo_total`): a hike changes only
when a card is laid on it,
and a balance report asks for the standing after every step (the encodings keep
their own memo of each hike's block)."""


def award(values: Sequence[int]) -> frozenset[int]:
    """Players who claim a score card: all with the most sights; nobody if that is 0."""
    best = max(values)
    if best <= 0:
        return frozenset()
    return frozenset(p for p, v in enumerate(values) if v == best)


ScoreTable = tuple[tuple[int, ...], tuple[int, ...], tuple[tuple[int, ...], ...]]
"""(points per player, shared cards per player, score card ids claimed per player)."""


def score_hikes(hikes: Sequence[Sequence[int]], score_cards: Sequence[int]) -> ScoreTable:
    """Standard scoring: each score card is 1 point to each player with the most sights."""
    return score_sights([sights(h) for h in hikes], score_cards)


def score_sights(seen: Sequence[tuple[int, ...]], score_cards: Sequence[int]) -> ScoreTable:
    """`score_hikes` from each hike's `sights`, for a caller that has them already."""
    n = len(seen)
    points = [0] * n
    shared = [0] * n
    claimed: list[list[int]] = [[] for _ in range(n)]
    for sid in score_cards:
        takers = award([s[sid - 1] for s in seen])
        for p in takers:
            points[p] += 1
            claimed[p].append(sid)
            if len(takers) > 1:
                shared[p] += 1
    return tuple(points), tuple(shared), tuple(tuple(c) for c in claimed)


def solo_total(hikes: Sequence[tuple[int, ...]], assigned: Sequence[Sequence[int]]) -> int:
    """Solo score: each score card counts its sights on the one hike it is assigned to."""
    total = 0
    for hike, cards in zip(hikes, assigned, strict=True):
        if cards:
            seen = _standing_sights(hike)
            total += sum(seen[sid - 1] for sid in cards)
    return total


def solo_rating(total: int) -> str:
    """The rulebook's animal name for a solo total."""
    for floor, name in SOLO_RATINGS:
        if total >= floor:
            return name
    return SOLO_RATINGS[-1][1]


def top_group(hikes: tuple[tuple[int, ...], ...], score_cards: tuple[int, ...]) -> frozenset[int]:
    """Players ranked first by points, then by fewest shared score cards."""
    points, shared, _ = score_hikes(hikes, score_cards)
    keys = [(pt, -sh) for pt, sh in zip(points, shared, strict=True)]
    best = max(keys)
    return frozenset(p for p, k in enumerate(keys) if k == best)


def _assigned_sights(hike: tuple[int, ...], cards: tuple[int, ...]) -> tuple[tuple[str, int], ...]:
    """A solo hike's assigned score cards with what the hike shows for each (its
    sights worked out once, not once a card)."""
    if not cards:
        return ()
    seen = _standing_sights(hike)
    return tuple((SCORE_CARDS[sid - 1].slug, seen[sid - 1]) for sid in cards)


def outcome(s: State) -> Outcome:
    """Scores and ranks (points, then fewest shared cards); provisional before the end."""
    final = s.phase == OVER
    # each hike's sights are worked out once (`_standing_sights`): most of the work
    if s.options.mode == "solo":
        per_hike = tuple(map(_assigned_sights, s.hikes, s.assigned))
        total = solo_total(s.hikes, s.assigned)
        details = {"total": total, "rating": solo_rating(total), "hikes": per_hike}
        return Outcome.from_keys([total], details=[details], final=final)
    seen = [_standing_sights(h) for h in s.hikes]
    points, shared, claimed = score_sights(seen, s.score_cards)
    keys = [(pt, -sh) for pt, sh in zip(points, shared, strict=True)]
    details_list = [
        {
            "points": points[p],
            "shared": shared[p],
            "cards": tuple(SCORE_CARDS[sid - 1].slug for sid in claimed[p]),
            "sights": tuple((SCORE_CARDS[sid - 1].slug, seen[p][sid - 1]) for sid in s.score_cards),
        }
        for p in range(s.players)
    ]
    return Outcome.from_keys(points, keys, details_list, final=final)

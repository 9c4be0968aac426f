"""Each seat's chance to win from here, for search bots: the scoring, looked ahead.

A score card goes to every seat with the most sights (`scoring.award`), so what a
position is worth is how likely each seat is to end with the most of each card in
play. Each seat's final sights on a card are taken as normal: the sights it shows
now, plus what its remaining cards (`HIKE_LENGTH` minus its hike) may add.

* An animal card: each card to come adds the icons of those animals left among the
  cards nobody has laid (the rulebook's totals minus every hike's) per card left, in
  mean and in spread (`ANIMAL_SPREAD`); no seat can gain more icons than are left, so
  a lead nobody can catch is a certain card.
* A habitat or elevation card (`HAB_SPREAD`, `ELEVATION_SPREAD` per card to come): a
  run or a climb still open at the right end of the hike (the longest so far) can
  still grow, which is worth `OPEN_BONUS` sights.

A seat claims a card when it beats or ties every other seat and shows at least one
sight. Adding the chances gives each seat's expected points; a seat's value is a
softmax (`win_chances`) of its expected points over their spread, so with two seats
it is about the chance that its points end higher (a tie, a shared win, counts half).
In the standard game the seat to act takes one of the face-up cards first, so it is
credited with the one that serves it best. Solo games are valued as the bots value a
finished one: ``total / (total + 10)``.
"""

from __future__ import annotations

import math
from functools import lru_cache
from typing import TYPE_CHECKING
from typing import Final

from meeple.core import win_chances

from .components import CARDS
from .components import ELEVATION
from .components import HIKE_LENGTH
from .components import LEFT
from .components import PUBLISHED_ANIMALS
from .components import RIGHT
from .components import SCORE_CARDS
from .scoring import habitat_runs
from .scoring import sights
from .scoring import solo_total
from .state import SUDDEN
from .state import TAKE

if TYPE_CHECKING:
    from .state import State

__all__ = [
    "ELEVATION_SPREAD",
    "HAB_SPREAD",
    "OPEN_BONUS",
    "claim_chances",
    "heuristic",
    "open_bonus",
]

# Fitted to the outcomes of 600 games between heuristic bots (least log loss):
HAB_SPREAD: Final = 0.4  # variance a card to come adds to a longest-habitat count
ELEVATION_SPREAD: Final = 1.0  # the same for a mountain or a valley
ANIMAL_SPREAD: Final = 0.5  # the same for an animal count, per icon expected on the card
OPEN_BONUS: Final = 0.5  # sights a run or climb still open at the hike's end is worth
CALIBRATION: Final = 1.45  # `win_chances` scale, over the spread of the points

_ICONS: Final = {
    s.id: sum(PUBLISHED_ANIMALS[a] for a in s.counts) for s in SCORE_CARDS if s.kind == "animals"
}
"""Animal score card id -> icons of its animals in the whole deck."""
_HABITAT: Final = {
    s.id: ("conifer", "hardwood", "meadow").index(s.counts[0])
    for s in SCORE_CARDS
    if s.kind == "habitat"
}
_UP: Final = next(s.id for s in SCORE_CARDS if s.counts == ("up",))
_DOWN: Final = next(s.id for s in SCORE_CARDS if s.counts == ("down",))
_DECK: Final = len(CARDS)
Hikes = tuple[tuple[int, ...], ...]
"""Each seat's hike, left to right."""
_sights: Final = lru_cache(maxsize=4096)(sights)
"""`sights` memoized: a hike changes only when a card is laid on it."""


def _phi(x: float) -> float:
    return 0.5 * (1.0 + math.erf(x / math.sqrt(2.0)))


def open_bonus(hike: tuple[int, ...], score_id: int) -> float:
    """`OPEN_BONUS` when the hike's longest run or climb for this card ends at its right
    end (the next card can extend it), else 0."""
    if not hike:
        return 0.0
    if score_id in _HABITAT:
        habitat = _HABITAT[score_id]
        if RIGHT[hike[-1]] != habitat:
            return 0.0
        trailing = 0
        for card in reversed(hike):
            if RIGHT[card] != habitat:
                break
            trailing += 1
            if LEFT[card] != habitat:
                break
            trailing += 1
        return OPEN_BONUS if trailing >= habitat_runs(hike)[habitat] else 0.0
    if score_id in (_UP, _DOWN):
        sign = 1 if score_id == _UP else -1
        height = best = extreme = 0
        for card in hike:
            height += sign * ELEVATION[card]
            extreme = min(extreme, height)
            best = max(best, height - extreme)
        return OPEN_BONUS if best > 0 and height - extreme == best else 0.0
    return 0.0


def _cards_left(s: State, hikes: Hikes) -> list[int]:
    """Cards each seat may still lay."""
    if s.phase == SUDDEN:
        return [1 if p in s.pending else 0 for p in range(s.players)]
    return [max(0, HIKE_LENGTH - len(h)) for h in hikes]


def claim_chances(s: State, score_id: int) -> list[float]:
    """Each seat's chance to claim score card `score_id` at the end of a standard or
    drafting game, from the hikes as they stand (see the module docstring)."""
    seen = [_sights(h) for h in s.hikes]
    return list(_card_chances(s.hikes, seen, tuple(_cards_left(s, s.hikes)), score_id))


def _card_chances(
    hikes: Hikes, seen: list[tuple[int, ...]], left: tuple[int, ...], score_id: int
) -> tuple[float, ...]:
    """`claim_chances`, given each hike's sights and cards left."""
    now = tuple(sights[score_id - 1] for sights in seen)
    if score_id in _ICONS:
        pool = _DECK - sum(len(h) for h in hikes)
        return _animal_chances(now, left, pool, _ICONS[score_id] - sum(now))
    bonus = tuple(
        open_bonus(hike, score_id) if cards else 0.0
        for hike, cards in zip(hikes, left, strict=True)
    )
    spread = HAB_SPREAD if score_id in _HABITAT else ELEVATION_SPREAD
    return _run_chances(now, left, bonus, spread)


@lru_cache(maxsize=1 << 14)  # few sight counts, cards left and icons left occur
def _animal_chances(
    now: tuple[int, ...], left: tuple[int, ...], pool: int, icons: int
) -> tuple[float, ...]:
    """Chances on an animal card: each card to come adds the icons left per card in the
    pool, in mean and (times `ANIMAL_SPREAD`) in variance; nobody gains more than are left."""
    rate = icons / pool if pool > 0 else 0.0
    mean = [sights + cards * rate for sights, cards in zip(now, left, strict=True)]
    var = [cards * rate * ANIMAL_SPREAD for cards in left]
    high = [
        float(sights + (icons if cards else 0)) for sights, cards in zip(now, left, strict=True)
    ]
    return _claims(now, mean, var, high)


@lru_cache(maxsize=1 << 14)
def _run_chances(
    now: tuple[int, ...], left: tuple[int, ...], bonus: tuple[float, ...], spread: float
) -> tuple[float, ...]:
    """Chances on a habitat or elevation card: an open run counts its bonus, each card to
    come adds `spread` to the variance, and a finished hike shows what it shows."""
    mean = [sights + extra for sights, extra in zip(now, bonus, strict=True)]
    var = [cards * spread for cards in left]
    high = [math.inf if cards else float(sights) for sights, cards in zip(now, left, strict=True)]
    return _claims(now, mean, var, high)


def _claims(
    now: tuple[int, ...], mean: list[float], var: list[float], high: list[float]
) -> tuple[float, ...]:
    """Each seat's chance to end with at least one sight and at least every other
    seat's, its final sights normal with these means and variances, at most `high`."""
    n = len(now)
    chances = []
    for p in range(n):
        if any(high[p] < now[q] for q in range(n)):
            chances.append(0.0)  # out of reach: someone already shows more than p can
            continue
        if now[p] > 0 and all(now[p] > high[q] for q in range(n) if q != p):
            chances.append(1.0)  # nobody can catch up any more
            continue
        sd = math.sqrt(var[p])
        chance = _phi((mean[p] - 0.5) / sd) if sd > 0 else float(mean[p] > 0)
        for q in range(n):
            if q != p and chance > 0:
                sd = math.sqrt(var[p] + var[q])
                gap = mean[p] - mean[q]
                chance *= _phi((gap + 0.5) / sd) if sd > 0 else float(gap > -0.5)
        chances.append(chance)
    return tuple(chances)


def _chances(s: State, hikes: Hikes) -> tuple[float, ...]:
    """Each seat's chance to win with these hikes on the table."""
    return _chances_of(hikes, s.score_cards, tuple(_cards_left(s, hikes)))


@lru_cache(maxsize=1 << 14)  # a search meets the same hikes in every world it samples
def _chances_of(
    hikes: Hikes, score_cards: tuple[int, ...], left: tuple[int, ...]
) -> tuple[float, ...]:
    """`_chances` from what it depends on."""
    n = len(hikes)
    seen = [_sights(h) for h in hikes]
    points = [0.0] * n
    variance = 0.25
    for score_id in score_cards:
        chances = _card_chances(hikes, seen, left, score_id)
        for p, chance in enumerate(chances):
            points[p] += chance
            variance += chance * (1.0 - chance) * 2.0 / n
    return win_chances(points, CALIBRATION / math.sqrt(variance))


def heuristic(s: State) -> tuple[float, ...]:
    """Per seat, the estimated chance to win (see the module docstring); sums to 1."""
    if s.options.mode == "solo":
        total = solo_total(s.hikes, s.assigned)
        return (total / (total + 10.0),)
    if s.phase != TAKE or not s.row:
        return _chances(s, s.hikes)
    (actor,) = s.to_act
    picks = (
        _chances(s, (*s.hikes[:actor], (*s.hikes[actor], card), *s.hikes[actor + 1 :]))
        for card in s.row
    )
    return max(picks, key=lambda chances: chances[actor])

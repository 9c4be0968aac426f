"""The solo game's invariants (Big Kid solo): its deck, its hikes and its score cards.

A mode of its own with rules of its own (one bear card in every pile of 8 of the
deck, habitats meeting along a hike, score cards that can still be shared out), so
its checks live beside `invariants`, which calls `validate_solo` for a solo state.
"""

from __future__ import annotations

from itertools import pairwise
from typing import TYPE_CHECKING

from .components import ANIMAL_SET
from .components import BEAR_CARDS
from .components import HAB_SET
from .components import LEFT
from .components import RIGHT
from .components import SOLO_BLOCK
from .components import SOLO_DECK
from .components import SOLO_HIKES
from .components import SOLO_SCORES
from .components import card_name
from .legal import is_closed
from .legal import solo_fits
from .state import Phase

if TYPE_CHECKING:
    from .state import State

__all__ = ["check", "validate_solo"]

_SOLO_ANIMALS = sum(1 for c in SOLO_SCORES if c in ANIMAL_SET)
_SOLO_SET = frozenset(SOLO_SCORES)
_MEETING = frozenset(
    (a, b) for a in range(1, len(RIGHT)) for b in range(1, len(LEFT)) if RIGHT[a] == LEFT[b]
)
"""Every pair of cards whose habitats meet, the second laid right of the first."""
"""Solo: the animal score cards (8), each given to exactly one hike in the end."""


def check(ok: bool, why: str) -> None:
    """Raise ValueError(why) unless `ok` (a fixed message; one that formats values is
    written as ``if not ok: raise``, so that it is only formatted when it fails)."""
    if not ok:
        raise ValueError(why)


def validate_solo(s: State) -> None:
    """Refuse a solo state no solo game can reach: wrong score cards, hikes or leftovers."""
    check(s.score_cards == SOLO_SCORES, "the solo game uses its 13 score cards")
    check(
        len(s.hikes) == SOLO_HIKES
        and len(s.assigned) == SOLO_HIKES
        and all(len(h) > 0 for h in s.hikes),
        "the solo game has 5 non-empty hikes and 5 assignment lists",
    )
    check(
        not (s.row or s.hands or s.picks or s.pending) and s.round == 0,
        "the solo game has no face-up row, hands, rounds or tiebreaker",
    )
    either = s.options.solo_either_end
    for k, h in enumerate(s.hikes):
        _check_hike(k, h, either)
    check(BEAR_CARDS.isdisjoint(s.discard), "bear cards are never discarded")
    given = [c for cards in s.assigned for c in cards]
    check(
        len(set(given)) == len(given) and _SOLO_SET.issuperset(given),
        "each solo score card is assigned at most once",
    )
    check(
        (s.phase == Phase.DRAWN) == bool(s.drawn), "a drawn card waits exactly in the drawn phase"
    )
    check(
        (s.phase == Phase.ASSIGN) == (s.active != -1),
        "the active hike is set exactly while assigning",
    )
    check(
        s.active == -1 or (0 <= s.active < SOLO_HIKES and is_closed(s.hikes[s.active])),
        "score cards go to a closed hike",
    )
    closed = tuple(map(is_closed, s.hikes))
    open_hikes = SOLO_HIKES - sum(closed)
    check(
        (s.phase == Phase.OVER) == (open_hikes == 0 and s.phase != Phase.ASSIGN),
        "the solo game ends exactly when the last hike is closed and its score cards given",
    )
    _validate_assignments(s, closed, open_hikes)
    if s.phase == Phase.DRAWN and not solo_fits(s, s.drawn):
        raise ValueError(f"{card_name(s.drawn)} fits no open hike, so it would have been discarded")
    _validate_solo_deck(s, sum(closed))


def _check_hike(k: int, h: tuple[int, ...], either: bool) -> None:
    """Habitats meet along hike k+1, except where a bear card closed it; the bear card is
    at its right end (or, with ``solo_either_end``, at either end)."""
    inner = h[1:-1] if either else h[:-1]
    bears = len(BEAR_CARDS.intersection(h))  # no card twice: `validate` has checked
    check(
        bears <= 1 and BEAR_CARDS.isdisjoint(inner) and len(h) > bears,
        "a bear card can only end a hike",
    )
    laid = h[:-1] if h[-1] in BEAR_CARDS else h[1:] if h[0] in BEAR_CARDS else h
    if _MEETING.issuperset(pairwise(laid)):
        return
    for a, b in pairwise(laid):  # the first card that does not match, for the message
        if RIGHT[a] != LEFT[b]:
            raise ValueError(
                f"hike{k + 1}: {card_name(b)} does not match the habitat it was laid on"
            )


def _validate_assignments(s: State, closed: tuple[bool, ...], open_hikes: int) -> None:
    """Closed hikes carry 1 habitat/elevation card and 1-2 animal cards, the active one
    part of that, open ones none; the animal cards left can still go 1-2 per open hike."""
    animals_left = _SOLO_ANIMALS
    active_animals = 0
    for k, (shut, cards) in enumerate(zip(closed, s.assigned, strict=True)):
        if not cards:
            continue  # nothing to count, and nothing too many
        habitat = len(HAB_SET.intersection(cards))  # no card twice: checked before
        animals = len(ANIMAL_SET.intersection(cards))
        animals_left -= animals
        if not shut:
            raise ValueError(f"hike{k + 1} has score cards but is still open")
        if k == s.active:
            active_animals = animals
            if not (habitat <= 1 and animals <= 2 and not (habitat == 1 and animals == 2)):
                raise ValueError(f"hike{k + 1} has too many score cards")
        elif not (habitat <= 1 and animals <= 2):  # at most a full set; positions built by
            raise ValueError(f"hike{k + 1} has too many score cards")  # hand may leave one bare
    more = range(max(0, 1 - active_animals), 3 - active_animals) if s.active != -1 else range(1)
    check(
        any(open_hikes <= animals_left - x <= 2 * open_hikes for x in more),
        f"{animals_left} animal score cards cannot go 1-2 to each of {open_hikes} open hikes",
    )


def _validate_solo_deck(s: State, closed_hikes: int) -> None:
    drawn_so_far = SOLO_DECK - len(s.deck)
    bears_out = closed_hikes + (s.drawn in BEAR_CARDS)
    pile = SOLO_BLOCK
    check(
        drawn_so_far >= 0 and bears_out <= SOLO_HIKES, "the solo deck holds 40 cards at the start"
    )
    # One bear in each pile of 8: after d draws, the bears out are those of the
    # finished piles, plus possibly the one of the pile in progress.
    done_piles = drawn_so_far // pile
    check(
        done_piles <= bears_out <= done_piles + (1 if drawn_so_far % pile else 0),
        "the solo deck must hold one bear card in each pile of 8",
    )
    per_pile = [0] * SOLO_HIKES
    for c in BEAR_CARDS.intersection(s.deck):  # no card twice: `validate` has checked
        per_pile[(drawn_so_far + s.deck.index(c)) // pile] += 1
    for q in range(done_piles, SOLO_HIKES):
        expected = 1 if q > done_piles or bears_out == done_piles else 0
        check(per_pile[q] == expected, "the solo deck must hold one bear card in each pile of 8")


# -- views -------------------------------------------------------------------------------

"""What may be done now, in every mode: pure functions of the state.

Every action object is made once (the tables of `actions`), so `legal_actions`
allocates nothing but tuples, and the core's apply path and the adapters find an
action by identity: the vocabulary (`encoding.action_vocabulary`) lists the same
objects.
"""

from __future__ import annotations

from typing import TYPE_CHECKING
from typing import Final

from .actions import ASSIGNS
from .actions import DONE
from .actions import DRAW as DRAW_ACTION  # the phase of the same name is state.DRAW
from .actions import LEFT_PLACES
from .actions import PICKS
from .actions import RIGHT_PLACES
from .actions import SOLO_LEFT_ENDS
from .actions import SOLO_RIGHT_ENDS
from .actions import TAKES
from .actions import Action
from .actions import SoloPlace
from .components import ANIMAL_SET
from .components import BEAR_CARDS
from .components import HAB_SET
from .components import LEFT
from .components import RIGHT
from .components import ROW_SIZE
from .components import SOLO_SCORES
from .state import ASSIGN
from .state import DRAW
from .state import DRAWN
from .state import PICK
from .state import PLACE
from .state import SUDDEN
from .state import TAKE

if TYPE_CHECKING:
    from .state import State
    from .state import Table

__all__ = [
    "assign_counts",
    "is_closed",
    "legal_actions",
    "solo_ends",
    "solo_fits",
    "solo_targets",
]

# The rows of shared actions each phase offers (see `actions`: every action made once).
_TAKES: Final = tuple(TAKES[:k] for k in range(ROW_SIZE + 1))
"""The takes a row of k face-up cards offers, by k."""


def legal_actions(s: State, p: int) -> tuple[Action, ...]:
    """Player `p`'s legal actions (p is in ``s.to_act``), in a fixed order."""
    phase = s.phase
    if phase == TAKE:
        return _TAKES[len(s.row)]
    if phase == PICK:
        return tuple([PICKS[c] for c in s.hands[p]])
    if phase == PLACE:
        return _places(s.picks[p], s.hikes[p])
    if phase == SUDDEN:
        if s.options.mode == "standard":
            return _TAKES[len(s.row)]
        return _places(s.hands[p], s.hikes[p])
    if phase == DRAW:
        if s.options.solo_either_end:
            return _either_end(s)
        if s.discard:
            top = s.discard[-1]
            sol = SOLO_RIGHT_ENDS[top]
            return (DRAW_ACTION, *[sol[k] for k in solo_targets(s.hikes, top)])
        return (DRAW_ACTION,)
    if phase == DRAWN:
        if s.options.solo_either_end:
            return _either_end(s)
        sol = SOLO_RIGHT_ENDS[s.drawn]
        return tuple([sol[k] for k in solo_targets(s.hikes, s.drawn)])
    if phase == ASSIGN:
        return _assignments(s)
    return ()


def _places(cards: tuple[int, ...], hike: tuple[int, ...]) -> tuple[Action, ...]:
    if not hike:
        return tuple([RIGHT_PLACES[c] for c in cards])
    out: list[Action] = []
    for c in cards:
        out.append(LEFT_PLACES[c])
        out.append(RIGHT_PLACES[c])
    return tuple(out)


def is_closed(hike: tuple[int, ...]) -> bool:
    """Solo: a hike is closed once a bear card ends it (at either end, see
    ``solo_either_end``)."""
    return hike[-1] in BEAR_CARDS or hike[0] in BEAR_CARDS


def _either_end(s: State) -> tuple[Action, ...]:
    """Solo with ``solo_either_end``: draw, or place the card in play at either end."""
    if s.phase == DRAWN:
        return tuple([_end(s.drawn, k, side) for k, side in solo_ends(s.hikes, s.drawn)])
    if not s.discard:
        return (DRAW_ACTION,)
    top = s.discard[-1]
    return (DRAW_ACTION, *[_end(top, k, side) for k, side in solo_ends(s.hikes, top)])


def _end(card: int, k: int, side: str) -> SoloPlace:
    return SOLO_RIGHT_ENDS[card][k] if side == "right" else SOLO_LEFT_ENDS[card][k]


def solo_ends(hikes: tuple[tuple[int, ...], ...], card: int) -> list[tuple[int, str]]:
    """Solo with ``solo_either_end``: (hike index, end) pairs where `card` may join, in
    hike order, right end first: its left habitat meets the hike's right edge, or its
    right habitat the hike's left edge. A bear card that meets no open hike's edge may
    close any open hike, at either end.
    """
    matching: list[tuple[int, str]] = []
    open_: list[tuple[int, str]] = []
    left, right = LEFT[card], RIGHT[card]
    for k, hike in enumerate(hikes):
        first, last = hike[0], hike[-1]
        if last in BEAR_CARDS or first in BEAR_CARDS:
            continue
        open_ += [(k, "right"), (k, "left")]
        if RIGHT[last] == left:
            matching.append((k, "right"))
        if LEFT[first] == right:
            matching.append((k, "left"))
    if not matching and card in BEAR_CARDS:
        return open_
    return matching


def solo_fits(s: State, card: int) -> bool:
    """Solo: whether `card` may join some open hike under the state's options."""
    if s.options.solo_either_end:
        return bool(solo_ends(s.hikes, card))
    return bool(solo_targets(s.hikes, card))


def solo_targets(hikes: tuple[tuple[int, ...], ...], card: int) -> list[int]:
    """Solo: indexes of the open hikes `card` may extend (habitats match at the edge).

    A bear card that matches no open hike may close any open hike.
    """
    left = LEFT[card]
    matching = []
    open_ = []
    for k, hike in enumerate(hikes):
        last = hike[-1]
        if last in BEAR_CARDS:
            continue
        open_.append(k)
        if RIGHT[last] == left:
            matching.append(k)
    if not matching and card in BEAR_CARDS:
        return open_
    return matching


def _animal_feasible(remaining: int, open_hikes: int, lo: int, hi: int) -> bool:
    """Whether the open hikes can each still get 1-2 of the remaining animal cards,
    after the closed hike takes between `lo` and `hi` more of them."""
    return any(open_hikes <= remaining - x <= 2 * open_hikes for x in range(lo, hi + 1))


def assign_counts(s: Table) -> tuple[bool, int, int, int]:
    """(habitat/elevation card given, animal cards given, animal cards left, open hikes)."""
    mine = s.assigned[s.active]
    has_hab = any(c in HAB_SET for c in mine)
    animals = sum(1 for c in mine if c in ANIMAL_SET)
    used = {c for cards in s.assigned for c in cards}
    left = sum(1 for c in SOLO_SCORES if c in ANIMAL_SET and c not in used)
    open_hikes = sum(1 for h in s.hikes if not is_closed(h))
    return has_hab, animals, left, open_hikes


def _assignments(s: State) -> tuple[Action, ...]:
    k = s.active
    has_hab, animals, left, open_hikes = assign_counts(s)
    used = {c for cards in s.assigned for c in cards}
    out: list[Action] = []
    for sid in SOLO_SCORES:
        if sid in used:
            continue
        if sid in HAB_SET:
            if not has_hab:
                out.append(ASSIGNS[sid][k])
        elif animals < 2 and _animal_feasible(left - 1, open_hikes, 0, 1 - animals):
            out.append(ASSIGNS[sid][k])
    if has_hab and animals == 1 and _animal_feasible(left, open_hikes, 0, 0):
        out.append(DONE)
    return tuple(out)

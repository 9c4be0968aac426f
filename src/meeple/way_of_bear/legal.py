"""Which actions are legal: the placement rules, takes, payments and Seal card plays.

A turn walks through the phases of `Phase`, one decision per step. Everything here
is a pure function of the state; the two searches that repeat from step to step
(the takes a set of temples allows, the villages a board offers) are
`functools.lru_cache` functions of the tuples they read.
"""

from __future__ import annotations

from functools import cache, lru_cache
from itertools import product
from operator import itemgetter
from typing import TYPE_CHECKING, Final

from .actions import (
    ALL_TAKES,
    DRAW,
    PASS,
    PAYS,
    PLACES,
    RETURNS,
    RITUAL_SKIP,
    RITUAL_TAKES,
    SEALS,
    TAKE_COUNTS,
    WAIVES,
    Action,
    Place,
    Take,
)
from .components import (
    CAPACITY,
    CARDS,
    DISCOUNT,
    FREE,
    KIND_TYPE,
    KINDS,
    NC,
    NEIGHBOURS,
    NO_MODS,
    OFF_BOARD,
    SAME_OK,
    TAKE_BONUS,
    TAKE_COUNT,
    TOKEN_BASE,
    VILLAGES,
)
from .state import EXTRA, MAIN, PAY, RETURN, RITUAL

if TYPE_CHECKING:
    from .state import State

__all__ = ["legal_actions", "placements", "takes"]


@cache  # at most 5**4 temple states times a few counts
def takes(temples: tuple[int, ...], count: int) -> tuple[Take, ...]:
    """Every way to take `count` steles (fewer if the temples hold fewer) from the temples."""
    count = min(count, sum(temples))
    if count <= 0:
        return ()
    return tuple(
        t
        for t in ALL_TAKES[count]
        if all(n <= have for n, have in zip(TAKE_COUNTS[t], temples, strict=True))
    )


_Spot = tuple[int, int, int, int, int, int, tuple[tuple[Place, ...], ...]]
"""A village with a token: (village, knowledge type, neighbouring steles of each colour,
and, for each set of colours a reserve holds, the placements of those colours that have
no neighbour of their own colour there)."""
_Near = tuple[int, int, int, int, int]
"""Steles of each colour among a village's neighbours, and the mask of those colours."""

_OPENS: Final = tuple(
    tuple(
        tuple(
            tuple(PLACES[c][v] for c in range(NC) if has >> c & 1 and not near >> c & 1)
            for has in range(16)
        )
        for near in range(16)
    )
    for v in range(len(VILLAGES))
)
"""By village, colours around it and colours in the reserve (bit masks): the placements
the same-colour rule allows."""
_AROUND: Final = tuple((v, itemgetter(*NEIGHBOURS[v])) for v in range(len(VILLAGES)))
"""Each village with a getter of its neighbours' cells (2-4 of them)."""


@cache
def _near_table() -> dict[tuple[int, ...], _Near]:
    """What touches a village, for every tuple of neighbouring cells holding a stele.

    A cell is -1, a stele colour 0-3 or a token 4-11, so 13**4 tuples at most: looking
    a village's neighbours up here costs a fraction of counting them. The table is built
    on first use and never changed.
    """
    out: dict[tuple[int, ...], _Near] = {}
    for size in sorted({len(n) for n in NEIGHBOURS}):
        for cells in product(range(OFF_BOARD, TOKEN_BASE + KINDS), repeat=size):
            near = [0] * NC
            mask = 0
            for x in cells:
                if 0 <= x < NC:
                    near[x] += 1
                    mask |= 1 << x
            if mask:
                out[cells] = (near[0], near[1], near[2], near[3], mask)
    return out


@lru_cache(maxsize=1024)
def _touching(board: tuple[int, ...]) -> tuple[_Spot, ...]:
    """Token villages next to at least one stele, by village (a stele must touch one).

    Looked up once per position that may place a stele; computed once per board.
    """
    near = _near_table()
    out: list[_Spot] = []
    for (v, around), cell in zip(_AROUND, board, strict=True):
        if cell >= TOKEN_BASE:
            found = near.get(around(board))
            if found is not None:
                c0, c1, c2, c3, mask = found
                out.append((v, KIND_TYPE[cell - TOKEN_BASE], c0, c1, c2, c3, _OPENS[v][mask]))
    return tuple(out)


def _lonely(board: tuple[int, ...]) -> tuple[_Spot, ...]:
    """Token villages next to no stele (only a Seal card allows placing there)."""
    near = _near_table()
    return tuple(
        (v, KIND_TYPE[cell - TOKEN_BASE], 0, 0, 0, 0, _OPENS[v][0])
        for (v, around), cell in zip(_AROUND, board, strict=True)
        if cell >= TOKEN_BASE and around(board) not in near
    )


def placements(
    board: tuple[int, ...],
    reserve: tuple[int, ...],
    tokens: tuple[int, ...],
    capacity: int,
    mods: tuple[int, ...],
) -> list[Place]:
    """Every legal stele placement for a player, with the given turn modifiers."""
    out: list[Place] = []
    r0, r1, r2, r3 = reserve
    if not (r0 or r1 or r2 or r3):
        return out
    k0, k1, k2, k3, k4, k5, k6, k7 = tokens  # four types, plain and sealed
    room = (k0 + k1 < capacity, k2 + k3 < capacity, k4 + k5 < capacity, k6 + k7 < capacity)
    has = (r0 > 0) | (r1 > 0) << 1 | (r2 > 0) << 2 | (r3 > 0) << 3
    same_ok, discount = mods[SAME_OK], mods[DISCOUNT]
    spots = _touching(board)  # a stele must touch another stele ...
    if mods[FREE]:
        spots = tuple(sorted(spots + _lonely(board)))  # ... unless a Seal card says otherwise
    if not same_ok and not discount:
        # the common case: the reserve must cover the whole offering
        for _, t, c0, c1, c2, c3, opens in spots:
            if c0 > r0 or c1 > r1 or c2 > r2 or c3 > r3 or not room[t]:
                continue
            out.extend(opens[has])  # never next to a stele of the same colour
        return out
    for v, t, c0, c1, c2, c3, opens in spots:
        if not room[t]:
            continue
        # steles the reserve lacks for the offering (before taking out the placed one)
        short = max(0, c0 - r0) + max(0, c1 - r1) + max(0, c2 - r2) + max(0, c3 - r3)
        if short > discount:
            continue
        if not same_ok:
            out.extend(opens[has])
            continue
        for c, have, need in ((0, r0, c0), (1, r1, c1), (2, r2, c2), (3, r3, c3)):
            # placing a stele of an owed colour leaves one fewer to pay with
            if have and short + (need >= have) <= discount:
                out.append(PLACES[c][v])
    return out


def _playable(s: State, p: int, card: int) -> bool:
    """Whether player `p` (to act, in the main phase) may play `card` now."""
    spec = CARDS[card]
    if spec.kind == "A":
        return not s.regular_done
    if spec.action == "draw":
        return sum(s.bag) > 0
    if spec.action == "take":
        return sum(s.temples) > 0
    if spec.action == "place":
        return bool(placements(s.board, s.reserves[p], s.tokens[p], CAPACITY[s.players], NO_MODS))
    return False  # the Dragon Hoard only scores


def legal_actions(s: State, player: int) -> tuple[Action, ...]:
    """The legal actions of `player` (the core has checked that they are to act)."""
    phase = s.phase
    p = player
    if phase != MAIN:
        return _other_phase(s, phase, p)
    hand = s.hands[p]
    acts: list[Action] = (
        [SEALS[c] for c in hand if c not in s.fresh and _playable(s, p, c)] if hand else []
    )
    if s.regular_done:
        acts.append(PASS)
        return tuple(acts)
    temples = s.temples
    can_take = sum(temples) >= TAKE_COUNT
    if can_take:
        acts.extend(takes(temples, TAKE_COUNT + s.mods[TAKE_BONUS]))
    can_draw = sum(s.bag) > 0
    if can_draw:
        acts.append(DRAW)
    places = placements(s.board, s.reserves[p], s.tokens[p], CAPACITY[s.players], s.mods)
    if places:
        acts.extend(places)
    elif not (can_take or can_draw):
        acts.append(PASS)  # no regular action is possible: the turn is skipped
    return tuple(acts)


def _other_phase(s: State, phase: str, p: int) -> tuple[Action, ...]:
    if phase == PAY:
        return _pay_options(s, p)
    if phase == RITUAL:
        out: list[Action] = [
            RITUAL_TAKES[c] for c in range(NC) if c != s.ritual_temple and s.temples[c]
        ]
        out.append(RITUAL_SKIP)
        return tuple(out)
    if phase == RETURN:
        reserve = s.reserves[p]
        return tuple(RETURNS[c] for c in range(NC) if reserve[c])
    if phase == EXTRA:
        if s.extra == "take":
            return takes(s.temples, s.extra_count)
        board, reserve, tokens = s.board, s.reserves[p], s.tokens[p]
        return tuple(placements(board, reserve, tokens, CAPACITY[s.players], NO_MODS))
    return ()  # the game is over


def _pay_options(s: State, p: int) -> tuple[Action, ...]:
    owed = s.owed
    reserve = s.reserves[p]
    out: list[Action] = [PAYS[c] for c in range(NC) if owed[c] and reserve[c]]
    if s.waivers:
        short = sum(max(0, owed[c] - reserve[c]) for c in range(NC))
        for c in range(NC):
            # waiving a colour you could pay is fine while the discount covers the rest
            if owed[c] and (owed[c] > reserve[c] or short < s.waivers):
                out.append(WAIVES[c])
    return tuple(out)

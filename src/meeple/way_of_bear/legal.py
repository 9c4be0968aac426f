"""Which actions are legal: the placement rules, takes, payments and Seal card plays.

A turn walks through phases, one decision per step:

* ``main``: the regular action (``take``, ``draw``, ``place``, or ``pass`` when none
  is possible) and Seal card plays; after the regular action the phase stays only
  while the player holds a card from an earlier turn (then ``pass`` ends the turn).
* ``extra``: the additional action a type-B card grants (a placement or a take).
* ``pay``: the offering, one stele at a time in the player's order (``pay``/``waive``).
* ``ritual``: a temple's 5th space was filled; take a stele from another temple or not.
* ``return``: the reserve is above the limit at the end of the turn; give one back.
"""

from __future__ import annotations

from bisect import insort
from typing import TYPE_CHECKING, Any, Final

from .actions import ALL_TAKES, Action, Place, Take
from .components import CAPACITY, CARDS, KIND_TYPE, NEIGHBOURS, TAKE_COUNT, TOKEN_BASE, VILLAGES
from .tables import (
    DISCOUNT,
    DRAW,
    FREE,
    NC,
    NO_MODS,
    PASS,
    PAY,
    PLACE,
    RETURN,
    RITUAL,
    SAME_OK,
    SEAL,
    SKIP,
    TAKE_BONUS,
    TAKE_COUNTS,
    WAIVE,
)

if TYPE_CHECKING:
    from .state import State

__all__ = ["legal_actions", "note_placement", "placements", "takes"]

_take_cache: dict[tuple[int, tuple[int, ...]], tuple[Take, ...]] = {}
_take2_cache: dict[tuple[int, ...], tuple[Take, ...]] = {}


def _takes_of_two(temples: tuple[int, ...]) -> tuple[Take, ...]:
    """`takes(temples, 2)`, memoized by the temples alone (the regular take)."""
    found = _take2_cache.get(temples)
    if found is None:
        found = _take2_cache[temples] = takes(temples, TAKE_COUNT)
    return found


def takes(temples: tuple[int, ...], count: int) -> tuple[Take, ...]:
    """Every way to take `count` steles (fewer if the temples hold fewer) from the temples."""
    count = min(count, sum(temples))
    if count <= 0:
        return ()
    key = (count, temples)
    found = _take_cache.get(key)
    if found is None:
        found = tuple(
            t
            for t in ALL_TAKES[count]
            if all(n <= have for n, have in zip(TAKE_COUNTS[t], temples, strict=True))
        )
        _take_cache[key] = found
    return found


_Spot = tuple[int, int, int, int, int, int, tuple[tuple[Place, ...], ...]]
"""A village with a token: (village, knowledge type, neighbouring steles of each colour,
and, for each set of colours a reserve holds, the placements of those colours that have
no neighbour of their own colour there)."""
_touching_cache: dict[tuple[int, ...], tuple[_Spot, ...]] = {}
_last: list[tuple[Any, tuple[_Spot, ...]]] = [(None, ())]
"""The board object last looked up with its spots (one pair, replaced in one store so
threads never see a board with another board's spots): skips hashing in a playout."""
_CLOSED: Final = tuple(frozenset((v, *n)) for v, n in enumerate(NEIGHBOURS))
"""Each village with its neighbours: the spots a stele placed there changes."""


_OPENS: Final = tuple(
    tuple(
        tuple(
            tuple(PLACE[c][v] for c in range(NC) if has >> c & 1 and not near >> c & 1)
            for has in range(16)
        )
        for near in range(16)
    )
    for v in range(len(VILLAGES))
)
"""By village, colours around it and colours in the reserve (bit masks): the placements
the same-colour rule allows."""


def _spot(board: tuple[int, ...] | list[int], v: int) -> _Spot | None:
    """The spot of token village v, or None if no stele touches it."""
    near = [0, 0, 0, 0]
    mask = 0
    for u in NEIGHBOURS[v]:
        x = board[u]
        if 0 <= x < NC:
            near[x] += 1
            mask |= 1 << x
    if not mask:
        return None
    t = KIND_TYPE[board[v] - TOKEN_BASE]
    return (v, t, near[0], near[1], near[2], near[3], _OPENS[v][mask])


def _remember(board: tuple[int, ...], spots: tuple[_Spot, ...]) -> None:
    if len(_touching_cache) >= 4096:
        _touching_cache.clear()  # a pure memo: dropping it only costs time
    _touching_cache[board] = spots


def _touching(board: tuple[int, ...]) -> tuple[_Spot, ...]:
    """Token villages next to at least one stele, by village (memoized per board)."""
    last_board, last_spots = _last[0]
    if board is last_board:
        return last_spots  # the same board object as last time (typical in a playout)
    found = _touching_cache.get(board)
    if found is None:
        spots = [_spot(board, v) for v, cell in enumerate(board) if cell >= TOKEN_BASE]
        found = tuple(spot for spot in spots if spot is not None)
        _remember(board, found)
    _last[0] = (board, found)
    return found


def note_placement(old: tuple[int, ...], new: tuple[int, ...], v: int, c: int) -> None:
    """Derive the memo of `new` (old plus a stele of colour c on v) from that of `old`."""
    last_board, last_spots = _last[0]
    before = last_spots if old is last_board else _touching_cache.get(old)
    if before is None:
        return
    closed = _CLOSED[v]
    spots = [s for s in before if s[0] not in closed]
    for u in NEIGHBOURS[v]:
        if new[u] >= TOKEN_BASE:
            spot = _spot(new, u)
            if spot is not None:  # always: u now touches v
                insort(spots, spot)
    found = tuple(spots)
    _remember(new, found)
    _last[0] = (new, found)


def _lonely(board: tuple[int, ...]) -> tuple[_Spot, ...]:
    """Token villages next to no stele (only a Seal card allows placing there)."""
    return tuple(
        (v, KIND_TYPE[cell - TOKEN_BASE], 0, 0, 0, 0, _OPENS[v][0])
        for v, cell in enumerate(board)
        if cell >= TOKEN_BASE and _spot(board, v) is None
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
    last_board, spots = _last[0]  # a stele must touch another stele ...
    if board is not last_board:
        spots = _touching(board)
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
                out.append(PLACE[c][v])
    return out


def _playable(s: State, card: int) -> bool:
    """Whether the current player may play `card` now (main phase only)."""
    spec = CARDS[card]
    if spec.kind == "A":
        return not s.regular_done
    if spec.action == "draw":
        return sum(s.bag) > 0
    if spec.action == "take":
        return sum(s.temples) > 0
    if spec.action == "place":
        p = s.current
        return bool(placements(s.board, s.reserves[p], s.tokens[p], CAPACITY[s.players], NO_MODS))
    return False  # the Dragon Hoard only scores


def legal_actions(s: State) -> tuple[Action, ...]:
    """The current player's legal actions, in a fixed order."""
    phase = s.phase
    p = s.current
    if phase != "main":
        return _other_phase(s, phase, p)
    hand = s.hands[p]
    acts: list[Action] = (
        [SEAL[c] for c in hand if c not in s.fresh and _playable(s, c)] if hand else []
    )
    if s.regular_done:
        acts.append(PASS)
        return tuple(acts)
    temples = s.temples
    can_take = sum(temples) >= TAKE_COUNT
    if can_take:
        bonus = s.mods[TAKE_BONUS]
        acts.extend(_takes_of_two(temples) if not bonus else takes(temples, TAKE_COUNT + bonus))
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
    if phase == "pay":
        return _pay_options(s)
    if phase == "ritual":
        out: list[Action] = [RITUAL[c] for c in range(NC) if c != s.ritual_temple and s.temples[c]]
        out.append(SKIP)
        return tuple(out)
    if phase == "return":
        reserve = s.reserves[p]
        return tuple(RETURN[c] for c in range(NC) if reserve[c])
    if phase == "extra":
        if s.extra == "take":
            return takes(s.temples, s.extra_count)
        board, reserve, tokens = s.board, s.reserves[p], s.tokens[p]
        return tuple(placements(board, reserve, tokens, CAPACITY[s.players], NO_MODS))
    return ()  # the game is over


def _pay_options(s: State) -> tuple[Action, ...]:
    owed = s.owed
    reserve = s.reserves[s.current]
    out: list[Action] = [PAY[c] for c in range(NC) if owed[c] and reserve[c]]
    if s.waivers:
        short = sum(max(0, owed[c] - reserve[c]) for c in range(NC))
        for c in range(NC):
            # waiving a colour you could pay is fine while the discount covers the rest
            if owed[c] and (owed[c] > reserve[c] or short < s.waivers):
                out.append(WAIVE[c])
    return tuple(out)

"""The fixed action vocabulary and numeric view encoding the RL and OpenSpiel adapters use.

Both depend only on the player count, never on the options (the round limit changes
no action and only one number of the encoding). Their order is documented in
docs/rules/way_of_bear.md ("Adapters: action vocabulary and observation encoding") and
pinned by tests/way_of_bear/test_encoding.py; changing it changes what trained
agents mean.

Every number lies in [0, 1]: counts are divided by a bound the data guarantees,
except a reserve's total, which is divided by the most a player may keep at the end
of a turn and clipped (mid-turn it can briefly be larger).
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache
from itertools import chain
from types import MappingProxyType
from typing import Final

from .actions import (
    ALL_TAKES,
    MAX_TAKE,
    Action,
    Draw,
    Pass,
    Pay,
    Place,
    PlaySeal,
    Return,
    RitualSkip,
    RitualTake,
    Waive,
)
from .components import (
    CAPACITY,
    CARDS,
    COLOURS,
    KIND_SEALS,
    KINDS,
    MAX_HAND,
    MOD_NAMES,
    NEIGHBOURS,
    OFF_BOARD,
    PART_P,
    PART_P_PLAYERS,
    PER_COLOUR,
    RESERVE_LIMIT,
    TEMPLE_SPACES,
    TOKEN_BASE,
    TYPES,
    VILLAGES,
)
from .options import MAX_ROUNDS_LIMIT
from .view import View

__all__ = [
    "BACKS",
    "PHASES",
    "action_vocabulary",
    "encode_view",
    "layout",
    "observation_size",
    "villages_in_play",
]

NC: Final = len(COLOURS)
NT: Final = len(TYPES)
N_CARDS: Final = len(CARDS)
PHASES: Final = ("main", "extra", "pay", "ritual", "return", "over")
"""The phases, in one-hot order."""
EXTRAS: Final = ("place", "take")
"""The additional actions a type-B card can leave pending, in one-hot order."""
BACKS: Final = tuple(sorted({c.back_seals for c in CARDS}))
"""The distinct Dragon Seal values on card backs (0, 1, 2), in count order."""
MOD_MAX: Final = tuple(max(1, sum(c.mods[i] for c in CARDS)) for i in range(len(MOD_NAMES)))
"""The most each turn modifier can reach (every card adding to it played at once)."""
DISCOUNT_MAX: Final = MOD_MAX[MOD_NAMES.index("discount")]
KEEP_MAX: Final = RESERVE_LIMIT + MOD_MAX[MOD_NAMES.index("reserve_bonus")]
"""The most steles a player may keep at the end of a turn (scale of a reserve's total)."""
OWED_MAX: Final = max(len(n) for n in NEIGHBOURS)
"""An offering has one stele per neighbour, so at most this many of one colour."""
TEMPLE_MAX: Final = TEMPLE_SPACES - 1
"""A temple whose last space fills is emptied at once, so it holds at most this many."""
PLAYABLE: Final = tuple(i for i, c in enumerate(CARDS) if c.kind != "seals")
"""Cards that can be played (the Dragon Hoard only scores)."""
SEAT_SIZE: Final = NC + 1 + KINDS + NT + 1 + 1 + len(BACKS) + 1
"""Numbers per seat: reserve, reserve total, tokens by kind, columns, tokens in all,
cards held, held cards by back value, visible Dragon Seals."""


def villages_in_play(players: int) -> tuple[int, ...]:
    """The villages used with `players` seats (part P only with 4), ascending."""
    return tuple(v for v in range(len(VILLAGES)) if players >= PART_P_PLAYERS or not PART_P[v])


@cache
def action_vocabulary(players: int) -> tuple[Action, ...]:
    """Every action that can be legal with `players` seats, in the documented order.

    Takes of 1..3 steles (by size, then colours ascending), ``draw``, placements (by
    village in play, then colour), ``pay``, ``waive``, ``ritual-take`` (each by
    colour), ``ritual-skip``, ``return`` (by colour), the playable Seal cards, ``pass``.
    """
    takes = [t for n in range(1, MAX_TAKE + 1) for t in ALL_TAKES[n]]
    places = [Place(c, v) for v in villages_in_play(players) for c in range(NC)]
    return (
        *takes,
        Draw(),
        *places,
        *(Pay(c) for c in range(NC)),
        *(Waive(c) for c in range(NC)),
        *(RitualTake(c) for c in range(NC)),
        RitualSkip(),
        *(Return(c) for c in range(NC)),
        *(PlaySeal(i) for i in PLAYABLE),
        Pass(),
    )


def _parts(players: int) -> tuple[tuple[str, int], ...]:
    """The named parts of the encoding with `players` seats and their sizes, in order."""
    return (
        ("seat", players + 1),
        ("current", players),
        ("phase", len(PHASES)),
        ("round", 2),
        ("board", 9 * len(villages_in_play(players))),
        ("temples", NC),
        ("bag", NC),
        ("seats", SEAT_SIZE * players),
        ("hand", N_CARDS),
        ("fresh", N_CARDS),
        ("played", N_CARDS),
        ("fresh_backs", len(BACKS)),
        ("deck", 1 + len(BACKS)),
        ("turn", 1 + len(MOD_NAMES) + len(EXTRAS) + 1 + NC + 1 + NC),
    )


@cache
def layout(players: int) -> Mapping[str, slice]:
    """Each named part of the encoding with `players` seats, as a slice, in order."""
    out: dict[str, slice] = {}
    at = 0
    for name, size in _parts(players):
        out[name] = slice(at, at + size)
        at += size
    return MappingProxyType(out)


def observation_size(players: int) -> int:
    """Length of `encode_view`'s result with `players` seats."""
    return sum(size for _, size in _parts(players))


# -- precomputed pieces -------------------------------------------------------


def _one_hot(size: int, hot: int) -> tuple[float, ...]:
    return tuple(1.0 if i == hot else 0.0 for i in range(size))


def _cell(value: int) -> tuple[float, ...]:
    """A village: stele colour one-hot, then token type one-hot and a seal flag."""
    if 0 <= value < NC:
        return (*_one_hot(NC, value), *(0.0,) * (NT + 1))
    if value >= TOKEN_BASE:
        kind = value - TOKEN_BASE
        return ((0.0,) * NC) + _one_hot(NT, kind // 2) + (1.0 if kind % 2 else 0.0,)
    return (0.0,) * (NC + NT + 1)


_CELLS: Final = {v: _cell(v) for v in range(OFF_BOARD, TOKEN_BASE + KINDS)}
_IN_PLAY: Final = {n: villages_in_play(n) for n in CAPACITY}
_PHASE_HOT: Final = {p: _one_hot(len(PHASES), i) for i, p in enumerate(PHASES)}
_EXTRA_HOT: Final = {"": (0.0,) * len(EXTRAS)} | {
    e: _one_hot(len(EXTRAS), i) for i, e in enumerate(EXTRAS)
}
_COLOUR_HOT: Final = {-1: (0.0,) * NC} | {c: _one_hot(NC, c) for c in range(NC)}
_BACK_HOT: Final = {-1: (0.0,) * len(BACKS)} | {
    b: _one_hot(len(BACKS), i) for i, b in enumerate(BACKS)
}
_BACK_INDEX: Final = {b: i for i, b in enumerate(BACKS)}
_SEALS_MAX: Final = {
    n: NT * CAPACITY[n] * max(KIND_SEALS) + sum(sorted(c.back_seals for c in CARDS)[-MAX_HAND:])
    for n in CAPACITY
}
"""The most Dragon Seals a seat can show: sealed tokens everywhere, the best backs held."""
_LIMIT: Final = 4096
"""Entries a memo keeps before it starts again (the memos are pure: dropping one only
costs time)."""
_board_cache: dict[tuple[int, ...], tuple[float, ...]] = {}
_seat_cache: dict[
    tuple[int, tuple[int, ...], tuple[int, ...], tuple[int, ...]], tuple[float, ...]
] = {}
_cards_cache: dict[tuple[int, ...], tuple[float, ...]] = {}
_turn_cache: dict[tuple[object, ...], tuple[float, ...]] = {}
_counts_cache: dict[tuple[tuple[int, ...], tuple[int, ...]], tuple[float, ...]] = {}


def _board(players: int, board: tuple[int, ...]) -> tuple[float, ...]:
    """The board part, memoized per board (boards change only with a placement).

    The board alone is a sound key: part P holds -1 exactly when fewer than 4 play.
    """
    found = _board_cache.get(board)
    if found is None:
        if len(_board_cache) >= _LIMIT:
            _board_cache.clear()
        cells = _CELLS
        found = tuple(chain.from_iterable(cells[board[v]] for v in _IN_PLAY[players]))
        _board_cache[board] = found
    return found


def _back_counts(backs: tuple[int, ...]) -> list[float]:
    out = [0.0] * len(BACKS)
    index = _BACK_INDEX
    for b in backs:
        out[index[b]] += 1.0 / MAX_HAND
    return out


def _seat(
    players: int, reserve: tuple[int, ...], tokens: tuple[int, ...], backs: tuple[int, ...]
) -> tuple[float, ...]:
    """One seat's block (memoized: a seat's pieces change a few times a turn at most)."""
    key = (players, reserve, tokens, backs)
    found = _seat_cache.get(key)
    if found is None:
        if len(_seat_cache) >= _LIMIT:
            _seat_cache.clear()
        cap = CAPACITY[players]
        seals = sum(k * s for k, s in zip(tokens, KIND_SEALS, strict=True)) + sum(backs)
        found = (
            *(r / PER_COLOUR for r in reserve),
            min(1.0, sum(reserve) / KEEP_MAX),
            *(k / cap for k in tokens),
            *((tokens[2 * t] + tokens[2 * t + 1]) / cap for t in range(NT)),
            sum(tokens) / (NT * cap),
            len(backs) / MAX_HAND,
            *_back_counts(backs),
            seals / _SEALS_MAX[players],
        )
        _seat_cache[key] = found
    return found


def _cards(cards: tuple[int, ...]) -> tuple[float, ...]:
    """A set of Seal cards as one flag per card (memoized)."""
    found = _cards_cache.get(cards)
    if found is None:
        if len(_cards_cache) >= _LIMIT:
            _cards_cache.clear()
        flags = [0.0] * N_CARDS
        for c in cards:
            flags[c] = 1.0
        found = _cards_cache[cards] = tuple(flags)
    return found


def _counts(temples: tuple[int, ...], bag: tuple[int, ...]) -> tuple[float, ...]:
    """The temples and the bag (memoized)."""
    key = (temples, bag)
    found = _counts_cache.get(key)
    if found is None:
        if len(_counts_cache) >= _LIMIT:
            _counts_cache.clear()
        found = (*(t / TEMPLE_MAX for t in temples), *(b / PER_COLOUR for b in bag))
        _counts_cache[key] = found
    return found


def _turn(view: View) -> tuple[float, ...]:
    """The pending decision's details (memoized: most turns look alike here)."""
    key = (
        view.regular_done,
        view.mods,
        view.extra,
        view.extra_count,
        view.owed,
        view.waivers,
        view.ritual_temple,
    )
    found = _turn_cache.get(key)
    if found is None:
        if len(_turn_cache) >= _LIMIT:
            _turn_cache.clear()
        found = (
            1.0 if view.regular_done else 0.0,
            *(m / top for m, top in zip(view.mods, MOD_MAX, strict=True)),
            *_EXTRA_HOT[view.extra],
            view.extra_count / MAX_TAKE,
            *(o / OWED_MAX for o in view.owed),
            view.waivers / DISCOUNT_MAX,
            *_COLOUR_HOT[view.ritual_temple],
        )
        _turn_cache[key] = found
    return found


def encode_view(view: View) -> tuple[float, ...]:
    """`view` as ``observation_size(view.players)`` numbers in [0, 1].

    Seats are listed relative to the viewer (the viewer first, then the next seat in
    turn order); a spectator's view lists them from seat 0.
    """
    if not isinstance(view, View):
        raise TypeError(f"way_of_bear: encode_view needs a way_of_bear View, not {view!r}")
    n = view.players
    me = view.player
    first = 0 if me is None else me
    out: list[float] = [0.0] * (2 * n + 1)
    out[n if me is None else me] = 1.0
    if view.to_act:
        out[n + 1 + (view.current - first) % n] = 1.0
    out += _PHASE_HOT[view.phase]
    out.append(view.round / view.max_rounds)
    out.append(view.max_rounds / MAX_ROUNDS_LIMIT)
    out += _board(n, view.board)
    out += _counts(view.temples, view.bag)
    reserves, tokens, backs = view.reserves, view.tokens, view.hand_backs
    for k in range(n):
        q = (first + k) % n
        out += _seat(n, reserves[q], tokens[q], backs[q])
    out += _cards(view.hand)
    out += _cards(view.fresh)
    out += _cards(view.played)
    out += _back_counts(view.fresh_backs)
    out.append(view.deck_size / N_CARDS)
    out += _BACK_HOT[view.deck_top_back]
    out += _turn(view)
    return tuple(out)

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

from functools import cache
from functools import lru_cache
from itertools import chain
from typing import Final

from meeple.core.encoding import Layouts

from .actions import ALL_TAKES
from .actions import MAX_TAKE
from .actions import Action
from .actions import Draw
from .actions import Pass
from .actions import Pay
from .actions import Place
from .actions import PlaySeal
from .actions import Return
from .actions import RitualSkip
from .actions import RitualTake
from .actions import Waive
from .components import CAPACITY
from .components import CARDS
from .components import KIND_SEALS
from .components import KINDS
from .components import MAX_HAND
from .components import MOD_NAMES
from .components import NC
from .components import NEIGHBOURS
from .components import NT
from .components import OFF_BOARD
from .components import PART_P
from .components import PART_P_PLAYERS
from .components import PER_COLOUR
from .components import RESERVE_LIMIT
from .components import TEMPLE_SPACES
from .components import TOKEN_BASE
from .components import VILLAGES
from .options import MAX_ROUNDS_LIMIT
from .state import Phase
from .view import View

__all__ = [
    "BACKS",
    "PHASES",
    "SEAT_SIZE",
    "action_vocabulary",
    "encode_view",
    "layout",
    "observation_size",
    "villages_in_play",
]

N_CARDS: Final = len(CARDS)
PHASES: Final = tuple(Phase)
"""The phases, in one-hot order: main, extra, pay, ritual, return, over."""
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
    """The named parts of the encoding with `players` seats and their widths, in order."""
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


layout: Final = Layouts("way_of_bear", CAPACITY, _parts)
"""``layout(players)``: the encoding layout for 2-4 seats (each named part's place)."""
observation_size: Final = layout.size
"""``observation_size(players)``: the length of `encode_view`'s result."""


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
_PHASE_INDEX: Final = {p: i for i, p in enumerate(PHASES)}
_EXTRA_HOT: Final = {"": (0.0,) * len(EXTRAS)} | {
    e: _one_hot(len(EXTRAS), i) for i, e in enumerate(EXTRAS)
}
_COLOUR_HOT: Final = {-1: (0.0,) * NC} | {c: _one_hot(NC, c) for c in range(NC)}
_BACK_INDEX: Final = {b: i for i, b in enumerate(BACKS)}
_SEALS_MAX: Final = {
    n: NT * CAPACITY[n] * max(KIND_SEALS) + sum(sorted(c.back_seals for c in CARDS)[-MAX_HAND:])
    for n in CAPACITY
}
"""The most Dragon Seals a seat can show: sealed tokens everywhere, the best backs held."""

# The pieces below are memoized on the tuples they come from (pure functions, so a
# dropped entry only costs time): most of them repeat from one step to the next.


@lru_cache(maxsize=4096)
def _board(players: int, board: tuple[int, ...]) -> tuple[float, ...]:
    """The board part (boards change only with a placement)."""
    cells = _CELLS
    return tuple(chain.from_iterable(cells[board[v]] for v in _IN_PLAY[players]))


def _back_counts(backs: tuple[int, ...]) -> list[float]:
    out = [0.0] * len(BACKS)
    index = _BACK_INDEX
    for b in backs:
        out[index[b]] += 1.0 / MAX_HAND
    return out


@lru_cache(maxsize=4096)
def _head(
    players: int, me: int | None, current: int, acting: bool, phase: Phase, rnd: int, rounds: int
) -> tuple[float, ...]:
    """The ``seat``, ``current``, ``phase`` and ``round`` parts, in order."""
    first = 0 if me is None else me
    return (
        *_one_hot(players + 1, players if me is None else me),
        *(_one_hot(players, (current - first) % players) if acting else (0.0,) * players),
        *_one_hot(len(PHASES), _PHASE_INDEX[phase]),
        rnd / rounds,
        rounds / MAX_ROUNDS_LIMIT,
    )


@lru_cache(maxsize=4096)
def _piles(temples: tuple[int, ...], bag: tuple[int, ...]) -> tuple[float, ...]:
    """The ``temples`` and ``bag`` parts, in order."""
    return (*_temples(temples), *_bag(bag))


@lru_cache(maxsize=1024)
def _temples(temples: tuple[int, ...]) -> tuple[float, ...]:
    return tuple(t / TEMPLE_MAX for t in temples)


@lru_cache(maxsize=1024)
def _bag(bag: tuple[int, ...]) -> tuple[float, ...]:
    return tuple(b / PER_COLOUR for b in bag)


@lru_cache(maxsize=4096)
def _seats(
    players: int,
    first: int,
    reserves: tuple[tuple[int, ...], ...],
    tokens: tuple[tuple[int, ...], ...],
    backs: tuple[tuple[int, ...], ...],
) -> tuple[float, ...]:
    """The ``seats`` part: every seat's block, from seat `first` on in turn order."""
    out: list[float] = []
    for k in range(players):
        q = (first + k) % players
        out.extend(_seat(players, reserves[q], tokens[q], backs[q]))
    return tuple(out)


@lru_cache(maxsize=4096)
def _cards(
    hand: tuple[int, ...],
    fresh: tuple[int, ...],
    played: tuple[int, ...],
    fresh_backs: tuple[int, ...],
    deck_size: int,
    deck_top_back: int,
) -> tuple[float, ...]:
    """The ``hand``, ``fresh``, ``played``, ``fresh_backs`` and ``deck`` parts, in order."""
    out = [0.0] * (3 * N_CARDS)
    for base, cards in ((0, hand), (N_CARDS, fresh), (2 * N_CARDS, played)):
        for c in cards:
            out[base + c] = 1.0
    out.extend(_back_counts(fresh_backs))
    deck = [0.0] * (1 + len(BACKS))
    deck[0] = deck_size / N_CARDS
    if deck_top_back != -1:
        deck[1 + _BACK_INDEX[deck_top_back]] = 1.0
    out.extend(deck)
    return tuple(out)


@lru_cache(maxsize=4096)
def _seat(
    players: int, reserve: tuple[int, ...], tokens: tuple[int, ...], backs: tuple[int, ...]
) -> tuple[float, ...]:
    """One seat's block (a seat's pieces change a few times a turn at most)."""
    return (*_reserve(reserve), *_tokens(players, tokens), *_holding(players, tokens, backs))


@lru_cache(maxsize=4096)
def _reserve(reserve: tuple[int, ...]) -> tuple[float, ...]:
    """A seat's reserve, then its total (the first numbers of its block)."""
    return (*(r / PER_COLOUR for r in reserve), min(1.0, sum(reserve) / KEEP_MAX))


@lru_cache(maxsize=4096)
def _tokens(players: int, tokens: tuple[int, ...]) -> tuple[float, ...]:
    """A seat's tokens by kind, by column and in all (the middle of its block)."""
    cap = CAPACITY[players]
    return (
        *(k / cap for k in tokens),
        *((tokens[2 * t] + tokens[2 * t + 1]) / cap for t in range(NT)),
        sum(tokens) / (NT * cap),
    )


@lru_cache(maxsize=4096)
def _holding(players: int, tokens: tuple[int, ...], backs: tuple[int, ...]) -> tuple[float, ...]:
    """A seat's cards held, their backs and its visible Dragon Seals (its block's end)."""
    seals = sum(k * s for k, s in zip(tokens, KIND_SEALS, strict=True)) + sum(backs)
    return (len(backs) / MAX_HAND, *_back_counts(backs), seals / _SEALS_MAX[players])


@lru_cache(maxsize=4096)
def _turn(
    regular_done: bool,
    mods: tuple[int, ...],
    extra: str,
    extra_count: int,
    owed: tuple[int, ...],
    waivers: int,
    ritual_temple: int,
) -> tuple[float, ...]:
    """The pending decision's details (most turns look alike here)."""
    return (
        1.0 if regular_done else 0.0,
        *(m / top for m, top in zip(mods, MOD_MAX, strict=True)),
        *_EXTRA_HOT[extra],
        extra_count / MAX_TAKE,
        *(o / OWED_MAX for o in owed),
        waivers / DISCOUNT_MAX,
        *_COLOUR_HOT[ritual_temple],
    )


def encode_view(view: View) -> tuple[float, ...]:
    """`view` as ``observation_size(view.players)`` numbers in [0, 1].

    Seats are listed relative to the viewer (the viewer first, then the next seat in
    turn order); a spectator's view lists them from seat 0. The pieces are memoized
    on the view fields they come from, so most steps only copy cached blocks.
    """
    n = view.players
    me = view.player
    w = layout(n).writer()
    w.put_parts(
        "seat",
        _head(n, me, view.current, bool(view.to_act), view.phase, view.round, view.max_rounds),
    )
    w.put("board", _board(n, view.board))
    w.put_parts("temples", _piles(view.temples, view.bag))
    w.put(
        "seats",
        _seats(n, 0 if me is None else me, view.reserves, view.tokens, view.hand_backs),
    )
    w.put_parts(
        "hand",
        _cards(
            view.hand,
            view.fresh,
            view.played,
            view.fresh_backs,
            view.deck_size,
            view.deck_top_back,
        ),
    )
    w.put(
        "turn",
        _turn(
            view.regular_done,
            view.mods,
            view.extra,
            view.extra_count,
            view.owed,
            view.waivers,
            view.ritual_temple,
        ),
    )
    return w.done()

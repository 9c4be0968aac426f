"""The fixed action vocabulary and numeric view encoding the RL and OpenSpiel adapters use.

The vocabulary holds all 56 actions; no action names a space or a seat, so it is
the same for every player count, option and board. The observation is laid out
by named parts (`layout`), the same for every option and board: the board is
described relative to the pawns (distance to go, where each move would land, the
spaces just ahead), never by space number, so a custom board of another shape
still fits. Both orders are documented in docs/rules/wojtek.md ("Adapters") and
pinned by tests/wojtek/test_encoding.py; changing them changes what trained
agents mean.

Every number lies in [0, 1]: counts are divided by how many such cards the game
has, and the only unbounded quantities (the round, the distance to Edinburgh on
a very long custom route) are divided by a documented scale and clipped at 1.
"""

from __future__ import annotations

from functools import lru_cache
from operator import truediv
from typing import Final

from meeple.core.encoding import Layouts

from .actions import BOXES
from .actions import DONE
from .actions import DRAW
from .actions import DROPS
from .actions import EXCHANGES
from .actions import THREE
from .actions import TOS
from .actions import TRUCKS
from .actions import USES
from .actions import WALKS
from .actions import Action
from .board import Board
from .board import load_board
from .components import BEAR_COUNTS
from .components import BEAR_KINDS
from .components import BEAR_TYPES
from .components import CARDS_PER_TYPE
from .components import CITIES
from .components import HAND_SIZE
from .components import MAX_PLAYERS
from .components import NO_BEARS
from .components import NO_CARD
from .components import NUM_COLOURS
from .components import TRAVEL_COUNTS
from .components import TRAVEL_KINDS
from .moves_encoding import _SPACE_SIZE
from .moves_encoding import MAX_AHEAD
from .moves_encoding import SPACE_BLOCK
from .moves_encoding import WINDOW
from .moves_encoding import _moves
from .moves_encoding import blockers
from .options import Options
from .scoring import set_sizes
from .state import PHASE_NAMES
from .state import Phase
from .view import View

__all__ = [
    "MAX_AHEAD",
    "ROUND_SCALE",
    "SEAT_BLOCK",
    "SETS_SHOWN",
    "SPACE_BLOCK",
    "VOCABULARY",
    "WINDOW",
    "action_vocabulary",
    "encode_view",
    "layout",
    "observation_size",
    "seen_from",
]

# -- the action vocabulary -----------------------------------------------------

VOCABULARY: Final[tuple[Action, ...]] = (
    DRAW,
    *TRUCKS,
    *WALKS,
    THREE,
    *DROPS,
    *USES,
    *TOS,
    *EXCHANGES,
    DONE,
    *BOXES,
)
"""All 56 actions: draw; truck x7; walk x8; three; drop x7; use x8; to x8; exchange x8;
done; box x7. Colours in card-data order, then ``edinburgh`` (walk, to) or ``rainbow``
(use, exchange)."""


def action_vocabulary(players: int) -> tuple[Action, ...]:
    """Every action of the game, in the documented order (the same for 2-5 players)."""
    return VOCABULARY


# -- scales ----------------------------------------------------------------------

ROUND_SCALE: Final = 50
"""The round number is divided by this and clipped (random games last about 20 rounds)."""
SETS_SHOWN: Final = 3
"""How many of a seat's best set sizes are shown (largest first)."""
_TRAVEL_TOTAL: Final = sum(TRAVEL_COUNTS)
_TYPE_STARTS: Final = range(0, BEAR_TYPES * CARDS_PER_TYPE, CARDS_PER_TYPE)
_NO_SETS: Final = (0.0,) * SETS_SHOWN
_BEAR_TOTAL: Final = sum(BEAR_COUNTS)
_PLACES: Final = ("start", "deportation", "route", "city", "finish")
"""Board space kinds, the order of a seat's ``place`` one-hot."""

SEAT_BLOCK: Final = (
    ("place", len(_PLACES)),
    ("to_go", 1),
    ("hand_size", 1),
    ("cities", len(CITIES)),
    ("collection", BEAR_KINDS),
    ("distinct", BEAR_TYPES),
    ("sets", SETS_SHOWN),
    ("last_turn", 1),
)
"""The parts of one seat's block, in order (see docs/rules/wojtek.md)."""


# -- the layout ----------------------------------------------------------------

HEADER: Final = (
    ("seat", MAX_PLAYERS),
    ("spectator", 1),
    ("options", 2),
    ("round", 1),
    ("round_progress", 1),
    ("phase", len(PHASE_NAMES)),
    ("ending", 1),
)
"""The parts before the per-player-count ones."""
TABLE: Final = (
    ("hand", TRAVEL_KINDS),
    ("pending", TRAVEL_KINDS),
    ("display", NUM_COLOURS * BEAR_KINDS),
    ("display_held", NUM_COLOURS),
    ("bear_deck", 1),
    ("bear_discard", BEAR_KINDS),
    ("travel_deck", 1),
    ("travel_discard", TRAVEL_KINDS),
    ("free_cities", len(CITIES)),
    ("truck", NUM_COLOURS * 3),
    ("walk", (NUM_COLOURS + 1) * 3),
    ("window", WINDOW * _SPACE_SIZE),
)
"""The parts between ``to_act`` and the seat blocks."""


def _parts(players: int) -> list[tuple[str, int]]:
    """The named parts for `players` seats, in order, with their widths."""
    seats = [(f"seat+{r}.{name}", width) for r in range(players) for name, width in SEAT_BLOCK]
    return [*HEADER, ("to_act", players), *TABLE, *seats]


layout: Final = Layouts("wojtek", range(2, MAX_PLAYERS + 1), _parts)
"""``layout(players)``: the encoding layout for 2-5 seats."""
observation_size: Final = layout.size
"""``observation_size(players)``: the length of `encode_view`'s result."""


# -- cached pieces ---------------------------------------------------------------
# Each piece is a pure function of a few view fields, most of which stay the same
# for several steps (a turn is up to seven steps), so they are memoized and
# written into their parts whole.


def _scaled(counts: tuple[int, ...], bounds: tuple[int, ...]) -> tuple[float, ...]:
    return tuple(map(truediv, counts, bounds))  # a C loop: a generator cost twice as much


@lru_cache(maxsize=4096)
def _header(
    players: int,
    me: int | None,
    options: tuple[bool, bool, int],
    round_: int,
    phase: Phase,
    ending: bool,
    to_act: frozenset[int],
    first: int,
) -> tuple[float, ...]:
    """The `HEADER` parts and ``to_act`` (seats relative to `first`), in order;
    `options` is (no_drop_on_three, no_city_refresh, round_limit)."""
    no_drop, no_refresh, round_limit = options
    seat = [0.0] * (MAX_PLAYERS + 1)  # the seat one-hot, then the spectator flag
    seat[MAX_PLAYERS if me is None else me] = 1.0
    phases = [0.0] * len(PHASE_NAMES)
    phases[phase] = 1.0
    acting = [0.0] * players
    for p in to_act:
        acting[(p - first) % players] = 1.0
    return (
        *seat,
        float(no_drop),
        float(no_refresh),
        min(round_, ROUND_SCALE) / ROUND_SCALE,
        round_ / round_limit,
        *phases,
        float(ending),
        *acting,
    )


@lru_cache(maxsize=4096)
def _hand(hand: tuple[int, ...]) -> tuple[float, ...]:
    return tuple([c / HAND_SIZE for c in hand])


@lru_cache(maxsize=256)
def _pending(pending: tuple[int, ...]) -> tuple[float, ...]:
    return tuple([c / 3 for c in pending])


@lru_cache(maxsize=4096)
def _display(display: tuple[int, ...]) -> tuple[float, ...]:
    """The ``display`` part: per box, a one-hot of its bear card kind (25 wide)."""
    out = [0.0] * (NUM_COLOURS * BEAR_KINDS)
    for box, kind in enumerate(display):
        if kind != NO_CARD:
            out[box * BEAR_KINDS + kind] = 1.0
    return tuple(out)


@lru_cache(maxsize=4096)
def _held(display: tuple[int, ...], held: tuple[int, ...]) -> tuple[float, ...]:
    """The ``display_held`` part: copies of each box's card the viewer holds."""
    return tuple([held[k] / BEAR_COUNTS[k] if k != NO_CARD else 0.0 for k in display])


@lru_cache(maxsize=4096)
def _bear_counts(counts: tuple[int, ...]) -> tuple[float, ...]:
    return _scaled(counts, BEAR_COUNTS)


@lru_cache(maxsize=4096)
def _travel_counts(counts: tuple[int, ...]) -> tuple[float, ...]:
    return _scaled(counts, TRAVEL_COUNTS)


def _to_go(board: Board, space: int) -> int:
    """Spaces from `space` to Edinburgh (Poland counts as the farthest possible)."""
    return MAX_AHEAD if space == board.start else len(board.ahead[space])


@lru_cache(maxsize=1024)
def _place(board_name: str, space: int) -> tuple[float, ...]:
    """A seat's ``place`` and ``to_go`` parts; boards are cached by name (`load_board`)."""
    board = load_board(board_name)
    place = [0.0] * len(_PLACES)
    place[_PLACES.index(board.kinds[space])] = 1.0
    return (*place, min(_to_go(board, space), MAX_AHEAD) / MAX_AHEAD)


@lru_cache(maxsize=1024)
def _cities(owner: tuple[int, ...], seat: int) -> tuple[float, ...]:
    """A seat's ``cities`` part."""
    return tuple([1.0 if o == seat else 0.0 for o in owner])


@lru_cache(maxsize=8192)  # under 1 kB an entry
def _collected(collection: tuple[int, ...], cities: int) -> tuple[float, ...]:
    """A seat's ``collection``, ``distinct`` and ``sets`` parts, from its bear cards and
    how many city cards it holds (they change only when it takes a card)."""
    distinct = [  # kinds held of each type (the counts are never negative)
        (CARDS_PER_TYPE - collection[start : start + CARDS_PER_TYPE].count(0)) / CARDS_PER_TYPE
        for start in _TYPE_STARTS
    ]
    sizes = set_sizes(collection, cities)[:SETS_SHOWN]
    sets = [size / CARDS_PER_TYPE for size in sizes]
    return (*_scaled(collection, BEAR_COUNTS), *distinct, *sets, *_NO_SETS[len(sizes) :])


@lru_cache(maxsize=8192)
def _seat(
    board_name: str,
    space: int,
    hand_size: int,
    owner: tuple[int, ...],
    seat: int,
    collection: tuple[int, ...],
    last_turn: bool,
) -> tuple[float, ...]:
    """One seat's whole block (every `SEAT_BLOCK` part, in order), written at once."""
    return (
        *_place(board_name, space),
        hand_size / HAND_SIZE,
        *_cities(owner, seat),
        *_collected(collection, owner.count(seat)),
        1.0 if last_turn else 0.0,
    )


@lru_cache(maxsize=1024)
def _free(owner: tuple[int, ...]) -> tuple[float, ...]:
    """The ``free_cities`` part: which city cards are still on the board."""
    return tuple([1.0 if o < 0 else 0.0 for o in owner])


_SEAT_FIRST: Final = tuple(f"seat+{r}.{SEAT_BLOCK[0][0]}" for r in range(MAX_PLAYERS))
"""The first part of each relative seat's block."""


# -- encoding --------------------------------------------------------------------


def encode_view(view: View) -> tuple[float, ...]:
    """`view` as ``observation_size(view.players)`` numbers in [0, 1].

    Seats are listed relative to the viewer (the viewer first, then the next seats
    in turn order; a spectator sees seat 0 first), so one policy serves every seat;
    the ``seat`` part still says which seat the viewer is. The ``truck``, ``walk``
    and ``window`` parts describe the viewer's pawn (a spectator's: the seat whose
    turn it is). The pieces are memoized, so most steps only copy cached tuples.
    """
    n = view.players
    w = layout(n).writer()
    me = view.player
    options = view.options
    board = options.board
    collections = view.collections
    first, focus, held = seen_from(me, view.current, collections)
    w.put_parts(
        "seat",
        _header(n, me, _options(options), view.round, view.phase, view.ending, view.to_act, first),
    )
    if view.hand:
        w.put("hand", _hand(view.hand))
    w.put("pending", _pending(view.pending))
    owner = view.city_owner
    w.put_parts(
        "display",
        _table(
            view.display,
            held,
            view.bear_deck_size,
            view.bear_discard,
            view.travel_deck_size,
            view.travel_discard,
            owner,
        ),
    )
    positions = view.positions
    w.put_parts("truck", _moves(board, positions[focus], blockers(board, positions, focus), owner))
    hand_sizes = view.hand_sizes
    last_round = view.last_round
    for r in range(n):
        p = (first + r) % n
        block = _seat(board, positions[p], hand_sizes[p], owner, p, collections[p], p in last_round)
        w.put_parts(_SEAT_FIRST[r], block)
    return w.done()


def seen_from(
    me: int | None, current: int, collections: tuple[tuple[int, ...], ...]
) -> tuple[int, int, tuple[int, ...]]:
    """Where a viewer (None: a spectator) sits for the encoding: the seat listed first,
    the pawn whose moves are shown, the bear cards whose copies the display counts."""
    if me is None:
        return 0, current, NO_BEARS
    return me, me, collections[me]


def _options(options: Options) -> tuple[bool, bool, int]:
    """The options the header shows (a small key, unlike a board given as data)."""
    return (options.no_drop_on_three, options.no_city_refresh, options.round_limit)


@lru_cache(maxsize=4096)
def _bears(deck: int, discard: tuple[int, ...]) -> tuple[float, ...]:
    """The ``bear_deck`` and ``bear_discard`` parts."""
    return (deck / _BEAR_TOTAL, *_bear_counts(discard))


@lru_cache(maxsize=4096)
def _travels(deck: int, discard: tuple[int, ...]) -> tuple[float, ...]:
    """The ``travel_deck`` and ``travel_discard`` parts."""
    return (deck / _TRAVEL_TOTAL, *_travel_counts(discard))


@lru_cache(maxsize=4096)  # about 2.5 kB an entry: 10 MB at most
def _table(
    display: tuple[int, ...],
    held: tuple[int, ...],
    bear_deck: int,
    bear_discard: tuple[int, ...],
    travel_deck: int,
    travel_discard: tuple[int, ...],
    owner: tuple[int, ...],
) -> tuple[float, ...]:
    """The ``display`` .. ``free_cities`` parts, in layout order, written at once."""
    return (
        *_display(display),
        *_held(display, held),
        *_bears(bear_deck, bear_discard),
        *_travels(travel_deck, travel_discard),
        *_free(owner),
    )

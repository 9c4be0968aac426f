"""Wypas for learners: a fixed action vocabulary and a fixed-size numeric view.

The vocabulary lists every action that can ever be legal with a player count,
under any options (bluff actions included), in the order documented in
docs/rules/wypas.md ("Adapters"). It is defined for the deck in
``data/deck.json``; the game has no option that loads other data.

`encode_view` reads only the view and writes it part by part through the core's
layout writer (`layout(players)` names every part). Seats are written relative
to the viewer (block ``seat+0`` is the viewer, then the seats to their left; a
spectator's block 0 is seat 0), so a learner sees the table from its own chair.
Counts are divided by documented maxima and clipped to 1, so every value lies
in [0, 1].
"""

from __future__ import annotations

from functools import lru_cache
from typing import Final

from meeple.core.encoding import Layouts

from .actions import CHECK
from .actions import DOG
from .actions import DONE
from .actions import DOWN
from .actions import PASS
from .actions import WAIT
from .actions import Action
from .components import BLACK_FACE
from .components import DECK
from .components import FACES
from .components import KIND_COUNT
from .components import KINDS
from .components import MAX_VALUE
from .components import THIEF
from .components import WOLF
from .components import face_of
from .scoring import fleece_of
from .state import TURNS
from .state import Phase
from .state import State
from .tables import AUCTION_DOWN
from .tables import AUCTIONS
from .tables import AWARDS
from .tables import BIDS
from .tables import BLACKS
from .tables import DOGS
from .tables import DOWN_BIDS
from .tables import HIDES
from .tables import PENS
from .tables import PLACES
from .tables import SHEARS
from .tables import TAKES
from .tables import THIEVES
from .tables import WOLVES
from .view import View

__all__ = [
    "FLAGS",
    "GLOBAL_SIZE",
    "PEN_BLOCK",
    "PEN_SIZE",
    "SCALARS",
    "SEAT_SIZE",
    "action_vocabulary",
    "encode_view",
    "layout",
    "observation_size",
]

# -- the action vocabulary ------------------------------------------------------------


@lru_cache(maxsize=8)
def action_vocabulary(players: int) -> tuple[Action, ...]:
    """Every action that can be legal with `players` seats, in the documented order:
    the very objects the rules offer (`tables`), so adapters index them by identity."""
    seats = range(players)
    out: list[Action] = [PASS, DONE, CHECK, DOG]
    out += HIDES
    out += [AUCTION_DOWN, *AUCTIONS]
    out += [bid for kind in range(THIEF) for bid in BIDS[kind]]
    out += [bid for row in DOWN_BIDS for bid in row]
    out += AWARDS[:players]
    out += [place for pen in PLACES for row in pen for place in row]
    out += [shear for pair in SHEARS for shear in pair]
    out += THIEVES[:players]
    out += TAKES
    out += [WOLVES[t][i] for t in seats for i in range(len(PENS))]
    out += [DOGS[t][i] for t in seats for i in range(len(PENS))]
    out += [BLACKS[t][i][f] for t in seats for i in range(len(PENS)) for f in FACES]
    out.append(WAIT)  # last, so that every older index keeps its meaning
    return tuple(out)


# -- the layout ----------------------------------------------------------------------

HAND_MAX: Final = 30
"""Hand size that encodes as 1 (hands have no limit; larger ones clip)."""
BID_MAX: Final = 30
"""Bid total that encodes as 1."""
LAID_MAX: Final = 10
"""Bid cards laid by one seat on one lot that encode as 1."""
POINTS_MAX: Final = 60
"""Victory points that encode as 1."""
FLEECES_MAX: Final = 6
"""Fleeces that encode as 1 (the game ends at five; a sixth is possible)."""
PEN_MAX: Final = 8
"""Cards in a pen that encode as 1."""
PEN_POINTS_MAX: Final = 40
"""Points a pen would score if sheared now that encode as 1."""
BLACK_MAX: Final = 4
"""Black sheep in one pen that encode as 1 (there are four)."""

_TURN_INDEX: Final = {int(phase): i for i, phase in enumerate(TURNS)}
"""The ``site`` one-hot: the turn a pending special card interrupted, in `TURNS` order."""
_N_FACES: Final = len(FACES)
_FACE_INDEX: Final = {f: i for i, f in enumerate(FACES)}
_N_SPECIALS: Final = KINDS - THIEF
assert WOLF == KINDS - 1, "the pending-card one-hot assumes specials end the kinds"

SCALARS: Final = (
    "round / max_rounds",
    "deck / 103",
    "drawn count / 3",
    "a face-down lot exists",
    "the face-down lot is under auction",
    "some lot is under auction",
    "bleating",
    "specials",
    "bluff",
    "spectator",
    "final turns begun",
    "final turns left / 5",
    "passes / 6",
    "finished / 6",
    "the bid in force / 30",
)
"""The numbers of the ``scalars`` part, in order."""
FLAGS: Final = (
    "hand size",
    "baca",
    "to act",
    "opener",
    "holds the high bid",
    "passed this lot",
    "checked (tied, in the award phase)",
    "has a face-down bid card",
    "its declared value / 6",
    "bid total",
    "bid cards laid",
    "first fifth fleece",
    "played the pending special",
    "its target",
    "Sheepdogs on the pending card / 3",
    "played a card waiting in the chain",
    "the target of a card waiting in the chain",
    "fleeces",
    "points",
)
"""The numbers of each ``seat+r.flags`` part, in order."""
PEN_BLOCK: Final = (
    ("faces", _N_FACES),
    ("black sheep", 1),
    ("cards", 1),
    ("wolf", 1),
    ("points if sheared now", 1),
)
"""The pieces of each ``seat+r.penP`` part, in order (a pen's block is one cached tuple)."""
PEN_SIZE: Final = sum(width for _, width in PEN_BLOCK)
"""Per pen: faces shown (30), black sheep, size, wolf, points if sheared now."""

_GLOBAL: Final = (
    ("discard", KINDS),
    ("lots", KINDS),
    ("drawn", KINDS),
    ("face_down", KINDS),
    ("lot", KINDS),
    ("laid", KINDS),
    ("my_down", KINDS),
    ("pending", _N_SPECIALS),
    ("pending.pen", 2),
    ("pending.face", _N_FACES),
    ("chain", _N_SPECIALS),
    ("phase", len(Phase)),
    ("site", len(TURNS)),
    ("scalars", len(SCALARS)),
)
_SEAT: Final = (("hand", KINDS), ("flags", len(FLAGS)), ("pen1", PEN_SIZE), ("pen2", PEN_SIZE))
GLOBAL_SIZE: Final = sum(width for _, width in _GLOBAL)
"""Size of the parts before the per-seat blocks."""
SEAT_SIZE: Final = sum(width for _, width in _SEAT)
"""Per seat: cards known in hand (36), 19 flags and counts, two pens."""


def _parts(players: int) -> list[tuple[str, int]]:
    """The named parts for `players` seats, in order, with their widths."""
    parts = list(_GLOBAL)
    for r in range(players):
        parts += [(f"seat+{r}.{name}", width) for name, width in _SEAT]
    return parts


layout: Final = Layouts("wypas", range(3, 7), _parts)
"""``layout(players)``: the encoding layout for 3-6 seats."""
observation_size: Final = layout.size
"""``observation_size(players)``: global parts plus one block per seat."""
_SEAT_PARTS: Final = tuple(tuple(f"seat+{r}.{name}" for name, _ in _SEAT) for r in range(6))


# -- encoding --------------------------------------------------------------------------

_TOTAL: Final = len(DECK)
_COPIES: Final = tuple(float(KIND_COUNT[k]) for k in range(KINDS))
"""Copies of each kind in the box: per-kind counts are divided by it."""
_THREE: Final = (3.0,) * KINDS
"""Lots are at most three cards."""


def _counts(cards: tuple[int, ...], copies: tuple[float, ...]) -> tuple[float, ...]:
    """Per-kind counts of `cards`, each divided by its maximum (exact, so 1.0 at most)."""
    values = [0.0] * KINDS
    for k in cards:
        values[k] += 1.0
    return tuple([v / copies[k] if v else 0.0 for k, v in enumerate(values)])


@lru_cache(maxsize=1 << 15)  # hands and the discard pile repeat from view to view
def _box_counts(cards: tuple[int, ...]) -> tuple[float, ...]:
    """Per-kind counts divided by the copies of each kind in the box."""
    return _counts(cards, _COPIES)


@lru_cache(maxsize=1 << 12)
def _lot_counts(cards: tuple[int, ...]) -> tuple[float, ...]:
    """Per-kind counts of lots (at most three cards), divided by 3."""
    return _counts(cards, _THREE)


@lru_cache(maxsize=1 << 15)  # pens repeat a lot from view to view
def _pen_block(row: tuple[int, ...], wolf: bool) -> tuple[float, ...]:
    """A non-empty pen's part: faces shown, black sheep, size, wolf, points if sheared."""
    out = [0.0] * PEN_SIZE
    blacks = 0
    for card in row:
        face = face_of(card)
        if face == BLACK_FACE:
            blacks += 1
        else:
            out[_FACE_INDEX[face]] = 1.0
    kept, _, points = fleece_of(row, wolf)
    out[_N_FACES] = min(1.0, blacks / BLACK_MAX)
    out[_N_FACES + 1] = min(1.0, len(row) / PEN_MAX)
    out[_N_FACES + 2] = float(wolf)
    out[_N_FACES + 3] = min(1.0, points / PEN_POINTS_MAX) if kept else 0.0
    return tuple(out)


_EMPTY_PEN: Final = (0.0,) * PEN_SIZE


@lru_cache(maxsize=1 << 10)
def _chain_counts(chain: tuple[tuple[int, ...], ...]) -> tuple[float, ...]:
    """The ``chain`` part: the special cards waiting in the chain to resolve (besides
    the pending one), per kind, divided by the copies of the kind in the box."""
    return _counts(tuple([card[1] for card in chain]), _COPIES)[THIEF:]


def encode_view(view: View) -> tuple[float, ...]:
    """The view as numbers in [0, 1]; the layout is documented in docs/rules/wypas.md."""
    n = view.players
    w = layout(n).writer()
    if view.discard:
        w.put("discard", _box_counts(view.discard))
    if view.lots:
        w.put("lots", _lot_counts(view.lots))
    if view.drawn:
        w.put("drawn", _lot_counts(view.drawn))
    if view.face_down >= 0:
        w.one_hot("face_down", view.face_down)
    if view.lot >= 0:
        w.one_hot("lot", view.lot)
    laid: tuple[int, ...] = ()
    for cards in view.laid:
        laid += cards
    if laid:
        w.put("laid", _box_counts(laid))
    me = view.player
    if me is not None and view.down[me] >= 0:
        w.one_hot("my_down", view.down[me])
    pending = view.pending
    if pending:
        w.one_hot("pending", pending[1] - THIEF)
        if pending[3]:
            w.one_hot("pending.pen", pending[3] - 1)
        if pending[4]:
            w.one_hot("pending.face", _FACE_INDEX[pending[4]])
    if view.chain:
        w.put("chain", _chain_counts(view.chain))
    w.one_hot("phase", view.phase)
    if view.resume:
        w.one_hot("site", _TURN_INDEX[view.resume[0]])
    shown = (view.deck_count, view.drawn_count, view.has_face_down, me is None)
    w.put("scalars", _scalars(view, shown))
    base = 0 if me is None else me
    flags = _flags(view, view.hand_counts, view.to_act)
    for r in range(n):
        seat = (base + r) % n
        cards = view.hand if r == 0 and me is not None else view.known[seat]
        wolves = view.wolves[seat]
        row1, row2 = view.pens[seat]
        # The seat's four parts (hand, flags, pen1, pen2) in one checked write.
        w.put_parts(
            _SEAT_PARTS[r][0],
            (
                *_box_counts(cards),
                *flags[seat],
                *(_pen_block(row1, bool(wolves & 1)) if row1 else _EMPTY_PEN),
                *(_pen_block(row2, bool(wolves >> 1 & 1)) if row2 else _EMPTY_PEN),
            ),
        )
    return w.done()


def _scalars(src: View | State, shown: tuple[int, int, bool, bool]) -> tuple[float, ...]:
    """The ``scalars`` part (see `SCALARS`): the fields a view shares with the state, and
    `shown` for the rest (deck count, drawn lots, a face-down lot?, spectator?). No calls,
    since it runs at every step (``x if x < 1.0 else 1.0`` is ``min(1.0, x)``)."""
    deck, drawn, has_face_down, spectator = shown
    options = src.options
    lot, high = src.lot, src.high
    rounds = src.round / options.max_rounds
    passes = src.passes / 6
    finished = src.finished / 6
    bid = src.bids[high] / BID_MAX if high >= 0 else 0.0
    return (
        rounds if rounds < 1.0 else 1.0,
        deck / _TOTAL,
        drawn / 3,
        1.0 if has_face_down else 0.0,
        1.0 if lot == DOWN else 0.0,
        1.0 if lot >= 0 or lot == DOWN else 0.0,
        1.0 if options.bleating else 0.0,
        1.0 if options.specials else 0.0,
        1.0 if options.bluff else 0.0,
        1.0 if spectator else 0.0,
        1.0 if src.final_from >= 0 else 0.0,
        (src.final_left if src.final_left > 0 else 0) / 5,
        passes if passes < 1.0 else 1.0,
        finished if finished < 1.0 else 1.0,
        bid if bid < 1.0 else 1.0,
    )


def _flags(
    src: View | State, hand_counts: tuple[int, ...], to_act: frozenset[int]
) -> list[tuple[float, ...]]:
    """Every seat's ``flags`` part (see `FLAGS`), by seat: the fields a view shares with
    the state (a face-down bid card is -1 in both when none), the hands' sizes and the
    seats the view sees to act."""
    baca, opener, high, final_from = src.baca, src.opener, src.high, src.final_from
    passed, checkers, down, declared = src.passed, src.checkers, src.down, src.declared
    bids, laid, fleeces, points, pending = src.bids, src.laid, src.fleeces, src.points, src.pending
    played, target = (pending[0], pending[2]) if pending else (-1, -1)
    dogs = src.dogs if pending else ()
    waiting = targets = 0  # the seats that played, and that are named by, waiting cards
    for card in src.chain:
        waiting |= 1 << card[0]
        targets |= 1 << card[2]
    out: list[tuple[float, ...]] = []
    for seat, count in enumerate(hand_counts):
        held = count / HAND_MAX
        bid = bids[seat] / BID_MAX
        bid_cards = len(laid[seat]) / LAID_MAX
        chain = dogs.count(seat) / 3
        kept, score = len(fleeces[seat]) / FLEECES_MAX, points[seat] / POINTS_MAX
        row = (
            held if held < 1.0 else 1.0,
            1.0 if seat == baca else 0.0,
            1.0 if seat in to_act else 0.0,
            1.0 if seat == opener else 0.0,
            1.0 if seat == high else 0.0,
            1.0 if passed >> seat & 1 else 0.0,
            1.0 if checkers >> seat & 1 else 0.0,
            1.0 if down[seat] != -1 else 0.0,
            declared[seat] / MAX_VALUE,
            bid if bid < 1.0 else 1.0,
            bid_cards if bid_cards < 1.0 else 1.0,
            1.0 if seat == final_from else 0.0,
            1.0 if seat == played else 0.0,
            1.0 if seat == target else 0.0,
            chain if chain < 1.0 else 1.0,
            1.0 if waiting >> seat & 1 else 0.0,
            1.0 if targets >> seat & 1 else 0.0,
            kept if kept < 1.0 else 1.0,
            score if score < 1.0 else 1.0,
        )
        out.append(row)
    return out

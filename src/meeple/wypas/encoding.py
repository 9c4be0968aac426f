"""Wypas for learners: a fixed action vocabulary and a fixed-size numeric view.

The vocabulary lists every action that can ever be legal with a player count,
under any options (bluff actions included), in the order documented in
docs/rules/wypas.md ("Adapters"). It is defined for the deck in
``data/deck.json``; the game has no option that loads other data.

`encode_view` reads only the view. Seats are written relative to the viewer
(block 0 is the viewer, then the seats to their left; a spectator's block 0 is
seat 0), so a learner sees the table from its own chair. Counts are divided by
documented maxima and clipped to 1, so every value lies in [0, 1].
"""

from __future__ import annotations

from typing import Any, Final

from .actions import (
    DOWN,
    Auction,
    Award,
    Bid,
    BidDown,
    Black,
    Check,
    Dog,
    Done,
    Hide,
    Pass,
    Place,
    Shear,
    Take,
    Thief,
    Wolf,
)
from .components import (
    BLACK_FACE,
    DECK,
    DOLLY,
    FACES,
    KIND_COLOUR,
    KIND_COUNT,
    KIND_VALUE,
    KINDS,
    MAX_VALUE,
    SUPER,
    THIEF,
    WOLF,
    face_of,
)
from .scoring import fleece_of
from .state import PHASE_NAMES
from .view import View

__all__ = [
    "GLOBAL_SIZE",
    "PEN_SIZE",
    "SEAT_SIZE",
    "action_vocabulary",
    "encode_view",
    "observation_size",
]

# -- the action vocabulary ------------------------------------------------------------


def _sheep_kinds() -> range:
    return range(THIEF)


def _bids() -> list[Any]:
    """A plain sheep counts its printed value; a Dolly or the Super Dolly 1..6."""
    out: list[Any] = []
    for kind in _sheep_kinds():
        if KIND_VALUE[kind]:
            out.append(Bid(kind, KIND_VALUE[kind]))
        else:
            out += [Bid(kind, v) for v in range(1, MAX_VALUE + 1)]
    return out


def _places(pen: int) -> list[Any]:
    """Every face each sheep kind can show in a pen: a plain sheep its own, a Dolly
    its colour's six values, the Super Dolly every face."""
    out: list[Any] = []
    for kind in _sheep_kinds():
        if kind < DOLLY:
            out.append(Place(pen, kind, KIND_COLOUR[kind] * 8 + KIND_VALUE[kind]))
        elif kind < SUPER:
            base = KIND_COLOUR[kind] * 8
            out += [Place(pen, kind, base + v) for v in range(1, MAX_VALUE + 1)]
        else:
            out += [Place(pen, kind, f) for f in FACES]
    return out


_VOCAB: dict[int, tuple[Any, ...]] = {}


def action_vocabulary(players: int) -> tuple[Any, ...]:
    """Every action that can be legal with `players` seats, in the documented order."""
    found = _VOCAB.get(players)
    if found is not None:
        return found
    seats = range(players)
    kinds = range(KINDS)
    out: list[Any] = [Pass(), Done(), Check(), Dog()]
    out += [Hide(k) for k in kinds]
    out += [Auction(DOWN), *(Auction(k) for k in kinds)]
    out += _bids()
    out += [BidDown(k, v) for k in kinds for v in range(1, MAX_VALUE + 1)]
    out += [Award(q) for q in seats]
    out += _places(1) + _places(2)
    out += [Shear(pen, bleat) for pen in (1, 2) for bleat in (False, True)]
    out += [Thief(t) for t in seats]
    out += [Take(k) for k in kinds]
    out += [Wolf(t, pen) for t in seats for pen in (1, 2)]
    out += [Dog(t, pen) for t in seats for pen in (1, 2)]
    out += [Black(t, pen, f) for t in seats for pen in (1, 2) for f in FACES]
    found = _VOCAB[players] = tuple(out)
    return found


# -- the observation ---------------------------------------------------------------------

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

_N_FACES = len(FACES)
_FACE_INDEX = {f: i for i, f in enumerate(FACES)}
_N_PHASES = len(PHASE_NAMES)
_N_SITES = 3
_N_SPECIALS = KINDS - THIEF
_COPIES = tuple(float(KIND_COUNT[k]) for k in range(KINDS))
"""Copies of each kind in the box: per-kind counts are divided by it."""
_THREE = (3.0,) * KINDS
"""Lots are at most three cards."""

PEN_SIZE: Final = _N_FACES + 4
"""Per pen: faces shown (30), black sheep, size, wolf, points if sheared now."""
SEAT_SIZE: Final = KINDS + 17 + 2 * PEN_SIZE
"""Per seat: cards known in hand (36), 17 flags and counts, two pens."""

# Global block offsets.
_G_DISCARD = 0
_G_LOTS = _G_DISCARD + KINDS
_G_DRAWN = _G_LOTS + KINDS
_G_FACE_DOWN = _G_DRAWN + KINDS
_G_LOT = _G_FACE_DOWN + KINDS
_G_LAID = _G_LOT + KINDS
_G_MY_DOWN = _G_LAID + KINDS
_G_PENDING = _G_MY_DOWN + KINDS
_G_PENDING_PEN = _G_PENDING + _N_SPECIALS
_G_PENDING_FACE = _G_PENDING_PEN + 2
_G_PHASE = _G_PENDING_FACE + _N_FACES
_G_SITE = _G_PHASE + _N_PHASES
_G_SCALARS = _G_SITE + _N_SITES
_N_SCALARS = 15
GLOBAL_SIZE: Final = _G_SCALARS + _N_SCALARS
"""Size of the block before the per-seat blocks."""

_TOTAL = len(DECK)
_VALUE_CACHE: dict[tuple[tuple[int, ...], bool], float] = {}


def observation_size(players: int) -> int:
    """Global block plus one block per seat."""
    return GLOBAL_SIZE + players * SEAT_SIZE


def _pen_points(row: tuple[int, ...], wolf: bool) -> float:
    """What shearing the pen now would score, scaled (cached: pens repeat a lot)."""
    key = (row, wolf)
    found = _VALUE_CACHE.get(key)
    if found is None:
        kept, _, points = fleece_of(row, wolf)
        found = min(1.0, points / PEN_POINTS_MAX) if kept else 0.0
        if len(_VALUE_CACHE) < 100_000:
            _VALUE_CACHE[key] = found
    return found


def _count(out: list[float], at: int, cards: Any, copies: tuple[float, ...]) -> None:
    """Per-kind counts of `cards` at `at`, each divided by its maximum (exact, so 1.0
    at most)."""
    if not cards:
        return
    for k in cards:
        out[at + k] += 1.0
    for k in set(cards):
        out[at + k] /= copies[k]


def encode_view(view: View) -> tuple[float, ...]:
    """The view as numbers in [0, 1]; the layout is documented in docs/rules/wypas.md."""
    n = view.players
    out = [0.0] * (GLOBAL_SIZE + n * SEAT_SIZE)
    _count(out, _G_DISCARD, view.discard, _COPIES)
    _count(out, _G_LOTS, view.lots, _THREE)
    _count(out, _G_DRAWN, view.drawn, _THREE)
    if view.face_down >= 0:
        out[_G_FACE_DOWN + view.face_down] = 1.0
    if view.lot >= 0:
        out[_G_LOT + view.lot] = 1.0
    laid: list[int] = []
    for cards in view.laid:
        laid += cards
    _count(out, _G_LAID, laid, _COPIES)
    me = view.player
    if me is not None and view.down[me] >= 0:
        out[_G_MY_DOWN + view.down[me]] = 1.0
    pending = view.pending
    if pending:
        out[_G_PENDING + pending[1] - THIEF] = 1.0
        if pending[3]:
            out[_G_PENDING_PEN + pending[3] - 1] = 1.0
        if pending[4]:
            out[_G_PENDING_FACE + _FACE_INDEX[pending[4]]] = 1.0
    out[_G_PHASE + view.phase] = 1.0
    out[_G_SITE + view.site] = 1.0
    options = view.options
    high = view.high
    g = _G_SCALARS
    out[g] = min(1.0, view.round / options.max_rounds)
    out[g + 1] = view.deck_count / _TOTAL
    out[g + 2] = view.drawn_count / 3
    out[g + 3] = float(view.has_face_down)
    out[g + 4] = float(view.lot == DOWN)
    out[g + 5] = float(view.lot >= 0 or view.lot == DOWN)
    out[g + 6] = float(options.bleating)
    out[g + 7] = float(options.specials)
    out[g + 8] = float(options.bluff)
    out[g + 9] = float(me is None)
    out[g + 10] = float(view.final_from >= 0)
    out[g + 11] = max(0, view.final_left) / 5
    out[g + 12] = min(1.0, view.passes / 6)
    out[g + 13] = min(1.0, view.finished / 6)
    out[g + 14] = min(1.0, view.bids[high] / BID_MAX) if high >= 0 else 0.0

    base = 0 if me is None else me
    face_index = _FACE_INDEX
    for r in range(n):
        seat = (base + r) % n
        o = GLOBAL_SIZE + r * SEAT_SIZE
        cards = view.hand if r == 0 and me is not None else view.known[seat]
        _count(out, o, cards, _COPIES)
        f = o + KINDS
        out[f] = min(1.0, view.hand_counts[seat] / HAND_MAX)
        out[f + 1] = float(seat == view.baca)
        out[f + 2] = float(seat == view.actor)
        out[f + 3] = float(seat == view.opener)
        out[f + 4] = float(seat == high)
        out[f + 5] = float(view.passed >> seat & 1)
        out[f + 6] = float(view.checkers >> seat & 1)
        out[f + 7] = float(view.down[seat] != -1)
        out[f + 8] = view.declared[seat] / MAX_VALUE
        out[f + 9] = min(1.0, view.bids[seat] / BID_MAX)
        out[f + 10] = min(1.0, len(view.laid[seat]) / LAID_MAX)
        out[f + 11] = float(seat == view.final_from)
        if pending:
            out[f + 12] = float(seat == pending[0])
            out[f + 13] = float(seat == pending[2])
            out[f + 14] = min(1.0, view.dogs.count(seat) / 3)
        fleeces = view.fleeces[seat]
        out[f + 15] = min(1.0, len(fleeces) / FLEECES_MAX)
        out[f + 16] = min(1.0, view.points[seat] / POINTS_MAX)
        wolves = view.wolves[seat]
        for i, row in enumerate(view.pens[seat]):
            if not row:
                continue
            q = f + 17 + i * PEN_SIZE
            blacks = 0
            for card in row:
                face = face_of(card)
                if face == BLACK_FACE:
                    blacks += 1
                else:
                    out[q + face_index[face]] = 1.0
            wolf = bool(wolves >> i & 1)
            out[q + _N_FACES] = min(1.0, blacks / BLACK_MAX)
            out[q + _N_FACES + 1] = min(1.0, len(row) / PEN_MAX)
            out[q + _N_FACES + 2] = float(wolf)
            out[q + _N_FACES + 3] = _pen_points(row, wolf)
    return tuple(out)


assert WOLF == KINDS - 1, "the pending-card one-hot assumes specials end the kinds"

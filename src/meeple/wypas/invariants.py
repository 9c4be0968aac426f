"""Invariants every state keeps; the codec checks them whenever a state is loaded."""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING

from .components import (
    BLACK,
    DECK,
    DOG,
    DOLLY,
    FACE_NAME,
    KIND_COLOUR,
    KIND_VALUE,
    KINDS,
    SHEEP_DECK,
    SUPER,
    THIEF,
    WOLF,
    kind_of,
)
from .state import DOWN_LOT, OVER, REACT, TAKE, Phase

if TYPE_CHECKING:
    from .state import State

__all__ = ["cards_in_play", "validate"]


def validate(s: State) -> None:
    """Raise ValueError naming the first broken invariant."""
    n = s.players
    if not 3 <= n <= 6:
        raise ValueError(f"wypas is played by 3-6 players, not {n}")
    per_seat = (
        s.hands,
        s.pens,
        s.wolves,
        s.fleeces,
        s.points,
        s.bonus,
        s.laid,
        s.bids,
        s.down,
        s.declared,
        s.known,
    )
    if any(len(x) != n for x in per_seat) or any(len(row) != n for row in s.known):
        raise ValueError("every per-seat field needs one entry per seat")
    if not 0 <= s.phase < len(Phase):
        raise ValueError(f"unknown phase {s.phase}")
    expected = frozenset() if s.phase == OVER else frozenset({s.actor})
    if s.to_act != expected or (s.phase != OVER and not 0 <= s.actor < n):
        raise ValueError("to_act must be the acting seat (nobody once the game is over)")
    if not (0 <= s.baca < n and 0 <= s.opener < n):
        raise ValueError("baca and opener must be seats")
    if not 1 <= s.round <= s.options.max_rounds:
        raise ValueError(f"round {s.round} is outside 1..{s.options.max_rounds}")
    for seq in (*s.hands, s.discard, s.lots, s.drawn, *s.laid):
        if list(seq) != sorted(seq) or any(not 0 <= k < KINDS for k in seq):
            raise ValueError("hands, discard, lots and bids must be sorted card kinds")
    for o in range(n):
        for t in range(n):
            if Counter(s.known[o][t]) - Counter(s.hands[t]):
                raise ValueError(f"seat {o} 'knows' cards seat {t} does not hold")
    _validate_table(s)
    have = Counter(cards_in_play(s))
    want = Counter(DECK if s.options.specials else SHEEP_DECK)
    if have != want:
        extra, missing = have - want, want - have
        raise ValueError(f"cards are not conserved (extra {dict(extra)}, missing {dict(missing)})")


def _validate_table(s: State) -> None:
    """Pens, wolves, the auction and the special-card chain are well formed."""
    for seat, pair in enumerate(s.pens):
        if len(pair) != 2:
            raise ValueError(f"seat {seat} must have exactly two pens")
        for pen in pair:
            for card in pen:
                if not _placeable(card):
                    raise ValueError(f"seat {seat} has an impossible card {card} in a pen")
        mask = s.wolves[seat]
        if not 0 <= mask <= 3 or any(mask >> i & 1 and len(pair[i]) < 1 for i in range(2)):
            raise ValueError(f"seat {seat} has a wolf over an empty pen")
    if s.lot == DOWN_LOT and s.face_down < 0:
        raise ValueError("the face-down lot is auctioned but there is none")
    for seat in range(s.players):
        if (s.down[seat] >= 0) != (s.declared[seat] > 0) or s.declared[seat] > 6:
            raise ValueError(f"seat {seat}'s face-down bid and declared value disagree")
    if s.phase in (REACT, TAKE) and len(s.pending) != 5:
        raise ValueError("a special card must be pending in the reaction and take phases")
    if s.pending and len(s.pending) != 5:
        raise ValueError("a pending special card is (seat, kind, target, pen, face)")
    if any(not 0 <= q < s.players for q in s.dogs):
        raise ValueError("sheepdogs must belong to seats")


def _placeable(card: int) -> bool:
    """Whether a placed-card int is a sheep showing a face it can show, or a black sheep."""
    kind, face = kind_of(card), card & 63
    if kind == BLACK:
        return face == 0
    if kind >= THIEF or face not in FACE_NAME:
        return False
    if kind < DOLLY:
        return face == KIND_COLOUR[kind] * 8 + KIND_VALUE[kind]
    if kind < SUPER:
        return face >> 3 == KIND_COLOUR[kind]
    return True


def cards_in_play(s: State) -> list[int]:
    """Every shuffled card's kind, wherever it is: the 103 (or 84) are all here."""
    out: list[int] = list(s.deck) + list(s.discard) + list(s.lots) + list(s.drawn)
    for hand in s.hands:
        out += hand
    for pair in s.pens:
        for pen in pair:
            out += [kind_of(c) for c in pen]
    for mask in s.wolves:
        out += [WOLF] * ((mask & 1) + (mask >> 1 & 1))
    for fleeces in s.fleeces:
        for fleece in fleeces:
            out += fleece
    for laid in s.laid:
        out += laid
    if s.face_down >= 0:
        out.append(s.face_down)
    if s.lot >= 0:
        out.append(s.lot)
    out += [kind for kind in s.down if kind >= 0]
    if s.phase == REACT:
        out.append(s.pending[1])
    out += [DOG] * len(s.dogs)
    return out

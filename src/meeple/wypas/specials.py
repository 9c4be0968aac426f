"""Special cards: what may be played in a window, reactions, and how cards resolve.

A special card is played in a window with all its targets named; every other
player may then cancel it with a Sheepdog (a new reaction round follows each
Sheepdog). When a reaction round passes all the way round, the chain resolves.
"""

from __future__ import annotations

from typing import Any

from .actions import Black, Dog, Thief, Wolf
from .components import BLACK, BLACK_FACE, DOG, THIEF, WOLF, face_of, kind_of, placed
from .edits import evolve as _ev
from .edits import forget as _forget
from .edits import put as _set
from .edits import seen_by_all as _seen_by_all
from .edits import with_card as _with
from .edits import without as _without
from .state import REACT, TAKE, WINDOW, State

__all__ = ["play_special", "react_next", "resolve", "special_plays", "take"]

_SEAT = tuple(frozenset({p}) for p in range(6))


def special_plays(s: State, p: int) -> list[Any]:
    """The special cards seat p may play now, each with its targets named."""
    hand = s.hands[p]
    out: list[Any] = []
    n = s.players
    if THIEF in hand:
        out += [Thief(t) for t in range(n) if t != p and s.hands[t]]
    has_wolf, has_dog, has_black = WOLF in hand, DOG in hand, BLACK in hand
    if has_wolf or has_dog or has_black:
        for t in range(n):
            mask = s.wolves[t]
            for i, pen in enumerate(s.pens[t]):
                bit = 1 << i
                if has_dog and mask & bit:
                    out.append(Dog(t, i + 1))
                if len(pen) >= 2:
                    if has_wolf and not mask & bit:
                        out.append(Wolf(t, i + 1))
                    if has_black:
                        out += [
                            Black(t, i + 1, face_of(c)) for c in pen if face_of(c) != BLACK_FACE
                        ]
    return out


def play_special(s: State, action: Any) -> State:
    """The card leaves the hand face up; the others are asked in turn to react."""
    p = s.actor
    if isinstance(action, Thief):
        pending = (p, THIEF, action.target, 0, 0)
    elif isinstance(action, Wolf):
        pending = (p, WOLF, action.target, action.pen, 0)
    elif isinstance(action, Dog):
        pending = (p, DOG, action.target, action.pen, 0)
    else:
        pending = (p, BLACK, action.target, action.pen, action.face)
    kind = pending[1]
    nxt = (p + 1) % s.players
    return _ev(
        s,
        hands=_set(s.hands, p, _without(s.hands[p], kind)),
        known=_forget(s.known, p, kind),
        pending=pending,
        dogs=(),
        phase=REACT,
        passes=0,
        actor=nxt,
        to_act=_SEAT[nxt],
    )


def react_next(s: State, after: int) -> int:
    """The next seat to ask in a reaction round (never the player of the last card)."""
    top = s.dogs[-1] if s.dogs else s.pending[0]
    seat = (after + 1) % s.players
    if seat == top:
        seat = (seat + 1) % s.players
    return seat


def resolve(s: State) -> State:
    """Everyone let the chain stand: the special resolves unless an odd number of dogs."""
    who, kind, target, pen, face = s.pending
    discard = list(s.discard) + [DOG] * len(s.dogs)
    effective = len(s.dogs) % 2 == 0
    back = (who + 1) % s.players
    hands, pens, wolves, known = s.hands, s.pens, s.wolves, s.known
    if not effective:
        discard.append(kind)
    elif kind == THIEF:
        discard.append(THIEF)
        if s.hands[target]:
            known = _set(known, who, _set(known[who], target, s.hands[target]))
            return _ev(
                s,
                discard=tuple(sorted(discard)),
                dogs=(),
                known=known,
                phase=TAKE,
                actor=who,
                to_act=_SEAT[who],
                passes=0,
            )
    elif kind == WOLF:
        wolves = _set(wolves, target, wolves[target] | (1 << (pen - 1)))
    elif kind == DOG:
        wolves = _set(wolves, target, wolves[target] & ~(1 << (pen - 1)))
        discard += [WOLF, DOG]
    else:
        row = s.pens[target][pen - 1]
        i = next(j for j, c in enumerate(row) if face_of(c) == face)
        taken = kind_of(row[i])
        row = _set(row, i, placed(BLACK, BLACK_FACE))
        pens = _set(pens, target, _set(pens[target], pen - 1, row))
        hands = _set(hands, who, _with(hands[who], taken))
        known = _seen_by_all(known, who, taken)
    return _ev(
        s,
        discard=tuple(sorted(discard)),
        hands=hands,
        pens=pens,
        wolves=wolves,
        known=known,
        pending=(),
        dogs=(),
        phase=WINDOW,
        passes=0,
        actor=back,
        to_act=_SEAT[back],
    )


def take(s: State, kind: int) -> State:
    """The Thief's pick: the card changes hands, and who knows what is updated."""
    thief, _, victim, _, _ = s.pending
    victim_hand = _without(s.hands[victim], kind)
    hands = _set(s.hands, victim, victim_hand)
    hands = _set(hands, thief, _with(hands[thief], kind))
    rows = []
    for o, row in enumerate(s.known):
        if o == thief:
            row = _set(row, victim, victim_hand)
        elif o == victim:
            row = _set(row, thief, _with(row[thief], kind))
        elif row[victim]:
            row = _set(row, victim, ())  # they cannot tell which card went
        rows.append(row)
    back = (thief + 1) % s.players
    return _ev(
        s,
        hands=hands,
        known=tuple(rows),
        pending=(),
        phase=WINDOW,
        passes=0,
        actor=back,
        to_act=_SEAT[back],
    )

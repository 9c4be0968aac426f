"""Special cards: which ones a seat may play now, reactions, and how cards resolve.

Why Wypas has this module: the rulebook lets special cards be played "at any
moment", even during another player's turn. Every moment of a turn (the phases in
`state.TURNS`) offers them: the seat to act finds the special cards it could play
among its choices, and every other seat that could play one is offered it in
secret (`offers`). A special card is played with all its targets named; every
other player, in turn, may then cancel it with a Sheepdog or answer it with a
special card of their own (a new reaction round follows each card). When a reaction
round passes all the way round, the chain resolves in the order the cards were
played (`State.chain`), and play goes back to the turn the first card interrupted
(`State.resume`).
"""

from __future__ import annotations

from functools import lru_cache
from typing import TYPE_CHECKING
from typing import Final

import attrs

from meeple.core import ONE_SEAT
from meeple.core import replace
from meeple.core.edit import insert_sorted
from meeple.core.edit import put
from meeple.core.edit import remove_one

from .actions import DOG as CANCEL
from .actions import PASS
from .actions import WAIT
from .actions import Action
from .actions import Black
from .actions import Dog
from .actions import Pass
from .actions import Take
from .actions import Thief
from .actions import Wolf
from .components import BLACK
from .components import BLACK_FACE
from .components import DOG
from .components import THIEF
from .components import WOLF
from .components import face_of
from .components import kind_of
from .components import placed
from .knowledge import forget
from .knowledge import seen_by_all
from .state import REACT
from .state import TAKE
from .state import Phase
from .tables import BLACKS
from .tables import DOGS
from .tables import PASS_ONLY
from .tables import TAKES
from .tables import THIEVES
from .tables import WOLVES

if TYPE_CHECKING:
    from .state import State

__all__ = [
    "cancel",
    "held_kinds",
    "holding",
    "let_stand",
    "offer_actions",
    "pen_targets",
    "play_special",
    "plays_of",
    "react_actions",
    "react_next",
    "resolve",
    "special_plays",
    "take",
    "take_actions",
]

# Every action object is made once, by seat, pen and face (`tables`).
_PASS_DOG: Final = (PASS, CANCEL)
_PHASES: Final = tuple(Phase(i) for i in range(len(Phase)))
"""Each phase by its number (`State.resume` keeps the number): an index, where calling
the enum class runs Python code."""


# -- what may be done ------------------------------------------------------------


def holding(hands: tuple[tuple[int, ...], ...]) -> int:
    """Bit mask of the seats holding at least one card (the seats a Thief could rob)."""
    mask = 0
    for t, hand in enumerate(hands):
        if hand:
            mask |= 1 << t
    return mask


def special_plays(s: State, p: int) -> tuple[Action, ...]:
    """The special cards seat p may play now, each with its targets named."""
    hand = s.hands[p]
    if not hand or hand[-1] < THIEF:  # hands are sorted: special kinds come last
        return ()
    return plays_of(hand, p, holding(s.hands), s.pens, s.wolves)


def offer_actions(s: State, p: int) -> tuple[Action, ...]:
    """An offered seat (not the seat to act): ``wait``, or a special card it could play."""
    return (WAIT, *special_plays(s, p))


def plays_of(
    hand: tuple[int, ...],
    p: int,
    holders: int,
    pens: tuple[tuple[tuple[int, ...], tuple[int, ...]], ...],
    wolves: tuple[int, ...],
) -> tuple[Action, ...]:
    """The special cards in `hand` that seat p could play on this table (`holders`:
    the seats holding a card), for a state and for a view alike.

    Asked after every move for every holder, so the plays are cached by what they
    depend on: the special kinds held, the seats a Thief could rob, and the pens and
    wolves (only when a card that targets a pen is held)."""
    held = held_kinds(hand)
    if not held:
        return ()
    victims = holders & ~(1 << p) if held & 1 else 0
    if held == 1:
        return _plays(1, victims, (), ())
    return _plays(held, victims, pens, wolves)


@lru_cache(maxsize=1 << 14)  # a hand stays the same until its seat moves
def held_kinds(hand: tuple[int, ...]) -> int:
    """The special kinds in a (sorted) hand, bit k for kind THIEF + k: 1 Thief,
    2 Sheepdog, 4 Black Sheep, 8 Wolf."""
    held = 0
    i = len(hand) - 1
    while i >= 0 and hand[i] >= THIEF:  # hands are sorted: special kinds come last
        held |= 1 << (hand[i] - THIEF)
        i -= 1
    return held


def pen_targets(
    pens: tuple[tuple[tuple[int, ...], tuple[int, ...]], ...], wolves: tuple[int, ...]
) -> int:
    """Which pen-targeting kinds have a target on this table, in `held_kinds` bits: 2 a
    wolf to drive off, 4 a sheep in a pen of two cards to take, 8 a pen of two cards
    without a wolf."""
    out = 2 if any(wolves) else 0
    for t, pair in enumerate(pens):
        mask = wolves[t]
        for i, pen in enumerate(pair):
            if len(pen) >= 2:
                if not mask >> i & 1:
                    out |= 8
                if not out & 4 and _takeable(pen):
                    out |= 4
                if out == 14:
                    return out  # every kind has a target: no pen can add one
    return out


@lru_cache(maxsize=1 << 12)  # a pen stays the same until its owner places or shears
def _takeable(pen: tuple[int, ...]) -> bool:
    """Whether a Black Sheep could take a sheep from `pen` (one that is not black)."""
    return any(face_of(c) != BLACK_FACE for c in pen)


@lru_cache(maxsize=1 << 14)  # the same table comes back step after step
def _plays(
    held: int,
    victims: int,
    pens: tuple[tuple[tuple[int, ...], tuple[int, ...]], ...],
    wolves: tuple[int, ...],
) -> tuple[Action, ...]:
    """The plays of the special kinds in `held` (bit k: kind THIEF + k)."""
    out: list[Action] = [THIEVES[t] for t in range(6) if victims >> t & 1]
    has_dog, has_black, has_wolf = held & 2, held & 4, held & 8
    if has_wolf or has_dog or has_black:
        for t, pair in enumerate(pens):
            mask = wolves[t]
            for i, pen in enumerate(pair):
                bit = 1 << i
                if has_dog and mask & bit:
                    out.append(DOGS[t][i])
                if len(pen) >= 2:
                    if has_wolf and not mask & bit:
                        out.append(WOLVES[t][i])
                    if has_black:
                        out += _black_plays(t, i, pen)
    return tuple(out)


@lru_cache(maxsize=1 << 14)  # pens repeat from move to move
def _black_plays(t: int, i: int, pen: tuple[int, ...]) -> tuple[Action, ...]:
    """A Black Sheep's plays on pen i of seat t: one per sheep it may take (not a black)."""
    blacks = BLACKS[t][i]
    return tuple([blacks[face_of(c)] for c in pen if face_of(c) != BLACK_FACE])


def react_actions(s: State, p: int) -> tuple[Action, ...]:
    """After a special card: pass, cancel it with a Sheepdog held, or answer it with a
    special card of one's own (it resolves after the cards played before it)."""
    moves = _PASS_DOG if DOG in s.hands[p] else PASS_ONLY
    plays = special_plays(s, p)
    return (*moves, *plays) if plays else moves


def take_actions(s: State, p: int) -> tuple[Action, ...]:
    """The Thief takes one card of the hand it looked at (one choice per kind)."""
    victim = s.hands[s.pending[2]]
    return tuple([TAKES[k] for k in sorted(set(victim))])


# -- what it does ------------------------------------------------------------------


def play_special(s: State, a: Action, p: int) -> State:
    """The card leaves the hand face up; the others are asked in turn to react.

    Seat p may be the seat to act or an offered one; either way the turn of the seat
    to act is interrupted, and goes on once the card is done (`State.resume`). Seat p
    may also be the seat asked to react to another card: that card (with the
    Sheepdogs that cancelled it) then waits in the chain, to resolve first."""
    if isinstance(a, Thief):
        pending = (p, THIEF, a.target, 0, 0)
    elif isinstance(a, Wolf):
        pending = (p, WOLF, a.target, a.pen, 0)
    elif isinstance(a, Dog):
        pending = (p, DOG, a.target, a.pen, 0)
    elif isinstance(a, Black):
        pending = (p, BLACK, a.target, a.pen, a.face)
    else:  # pragma: no cover - legal_actions offers nothing else
        raise AssertionError(f"{a} is not a special card")
    kind = pending[1]
    nxt = (p + 1) % s.players
    if s.phase == REACT:  # an answer: the chain so far resolves before this card
        chain, resume = (*s.chain, (*s.pending, *s.dogs)), s.resume
    else:
        chain, resume = (), (s.phase, s.actor)
    return replace(
        s,
        hands=put(s.hands, p, remove_one(s.hands[p], kind)),
        known=forget(s.known, p, kind),
        pending=pending,
        dogs=(),
        chain=chain,
        phase=REACT,
        resume=resume,
        passes=0,
        actor=nxt,
        to_act=ONE_SEAT[nxt],
    )


def let_stand(s: State, a: Pass, p: int) -> State:
    """Seat p lets the chain stand (``pass``): the next seat is asked, or the chain
    resolves once the round has passed all the way."""
    if s.passes + 1 == s.players - 1:
        return resolve(s)
    nxt = react_next(s, p)
    return replace(s, passes=s.passes + 1, actor=nxt, to_act=ONE_SEAT[nxt])


def cancel(s: State, a: Dog, p: int) -> State:
    """Seat p cancels the chain's last card with a Sheepdog; the others are asked again."""
    nxt = (p + 1) % s.players
    return replace(
        s,
        hands=put(s.hands, p, remove_one(s.hands[p], DOG)),
        known=forget(s.known, p, DOG),
        dogs=(*s.dogs, p),
        passes=0,
        actor=nxt,
        to_act=ONE_SEAT[nxt],
    )


def react_next(s: State, after: int) -> int:
    """The next seat to ask in a reaction round (never the player of the last card)."""
    top = s.dogs[-1] if s.dogs else s.pending[0]
    seat = (after + 1) % s.players
    if seat == top:
        seat = (seat + 1) % s.players
    return seat


def resolve(s: State) -> State:
    """A reaction round passed all the way: the chain resolves, first card first."""
    return _resolve(s, (*s.chain, (*s.pending, *s.dogs)))


def _resolve(s: State, queue: tuple[tuple[int, ...], ...]) -> State:
    """Resolve the cards of `queue` in order: each stands unless an odd number of
    Sheepdogs cancelled it. A standing Thief stops here to take its card (the rest
    of the queue waits in `State.chain`); after the last card the turn goes on."""
    table = _Resolution(list(s.discard), s.hands, s.pens, s.wolves, s.known)
    for i, card in enumerate(queue):
        who, kind, target = card[0], card[1], card[2]
        table.discard += [DOG] * (len(card) - 5)
        if (len(card) - 5) % 2:
            table.discard.append(kind)
        elif kind != THIEF:
            table.stand(card)
        else:
            table.discard.append(THIEF)
            if table.hands[target]:
                known = table.known  # the Thief's player looks at the whole hand
                table.known = put(known, who, put(known[who], target, table.hands[target]))
                phase, actor, pending, chain, resume = TAKE, who, card[:5], queue[i + 1 :], s.resume
                break
    else:  # play goes back to the turn the chain interrupted
        back_to, actor = s.resume
        phase, pending, chain, resume = _PHASES[back_to], (), (), ()
    return replace(  # one copy, every field named (``**`` forwarding cost more)
        s,
        phase=phase,
        actor=actor,
        to_act=ONE_SEAT[actor],
        discard=tuple(sorted(table.discard)),
        hands=table.hands,
        pens=table.pens,
        wolves=table.wolves,
        known=table.known,
        pending=pending,
        chain=chain,
        resume=resume,
        dogs=(),
        passes=0,
    )


@attrs.define
class _Resolution:
    """What resolving cards changes, while a chain resolves (a scratch record)."""

    discard: list[int]
    hands: tuple[tuple[int, ...], ...]
    pens: tuple[tuple[tuple[int, ...], tuple[int, ...]], ...]
    wolves: tuple[int, ...]
    known: tuple[tuple[tuple[int, ...], ...], ...]

    def stand(self, card: tuple[int, ...]) -> None:
        """A standing Wolf, Sheepdog (on a wolf) or Black Sheep does what it says; if
        its target is gone (a card before it in the chain took it), it does nothing
        and goes to the discards."""
        who, kind, target, pen, face = card[:5]
        bit = 1 << (pen - 1)
        if kind == WOLF:
            if self.wolves[target] & bit:
                self.discard.append(WOLF)
            else:
                self.wolves = put(self.wolves, target, self.wolves[target] | bit)
        elif kind == DOG:
            if self.wolves[target] & bit:
                self.wolves = put(self.wolves, target, self.wolves[target] & ~bit)
                self.discard.append(WOLF)
            self.discard.append(DOG)
        else:
            self._swap(who, target, pen, face)

    def _swap(self, who: int, target: int, pen: int, face: int) -> None:
        """A Black Sheep takes the sheep showing `face` into its player's hand."""
        row = self.pens[target][pen - 1]
        i = next((j for j, c in enumerate(row) if face_of(c) == face), -1)
        if i < 0:
            self.discard.append(BLACK)
            return
        taken = kind_of(row[i])
        row = put(row, i, placed(BLACK, BLACK_FACE))
        left, right = self.pens[target]
        self.pens = put(self.pens, target, (row, right) if pen == 1 else (left, row))
        self.hands = put(self.hands, who, insert_sorted(self.hands[who], taken))
        self.known = seen_by_all(self.known, who, taken)


def take(s: State, a: Take, p: int) -> State:
    """The Thief's pick: the card changes hands, and who knows what is updated; then
    the rest of the chain resolves."""
    kind = a.kind
    thief, _, victim, _, _ = s.pending
    victim_hand = remove_one(s.hands[victim], kind)
    hands = put(s.hands, victim, victim_hand)
    hands = put(hands, thief, insert_sorted(hands[thief], kind))
    rows = []
    for o, row in enumerate(s.known):
        if o == thief:
            row = put(row, victim, victim_hand)
        elif o == victim:
            row = put(row, thief, insert_sorted(row[thief], kind))
        elif row[victim]:
            row = put(row, victim, ())  # they cannot tell which card went
        rows.append(row)
    return _resolve(replace(s, hands=hands, known=tuple(rows)), s.chain)

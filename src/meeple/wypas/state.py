"""The frozen Wypas state: every card's place, the phase, and who acts."""

from __future__ import annotations

from collections import Counter
from typing import Any, ClassVar

import attrs

from ..core.base import StateBase
from ..core.outcome import Outcome
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
from .options import Options

__all__ = [
    "AWARD",
    "BID",
    "CHOOSE",
    "HIDE",
    "NO_LOT",
    "OVER",
    "PHASE_NAMES",
    "REACT",
    "REDYK",
    "SHEAR",
    "SITE_LOT",
    "SITE_REDYK",
    "SITE_SHEAR",
    "TAKE",
    "WINDOW",
    "State",
    "cards_in_play",
]

HIDE, CHOOSE, BID, REDYK, SHEAR, WINDOW, REACT, TAKE, OVER, AWARD = range(10)
PHASE_NAMES = (
    "hide",
    "choose",
    "bid",
    "redyk",
    "shear",
    "window",
    "react",
    "take",
    "over",
    "award",
)
"""Phase codes: the baca hides a lot, a lot is chosen, bidding, redyk, shearing,
a special-card window, reactions to a special card, a Thief taking a card, game over,
the baca settling a tie at a bluff reveal."""

SITE_LOT, SITE_REDYK, SITE_SHEAR = range(3)
"""Where a special-card window opens: before a lot is chosen, before redyk, before shearing."""

NO_LOT = -2
"""`State.lot` when no lot is being auctioned."""
DOWN_LOT = -1
"""`State.lot` while the face-down lot is auctioned (the same as `actions.DOWN`)."""


@attrs.frozen(slots=False)
class State(StateBase):
    """A complete Wypas position, including the rng state (never shown in a view)."""

    GAME_NAME: ClassVar[str] = "wypas"

    players: int
    """Number of seats (3-6)."""
    to_act: frozenset[int]
    """Who decides now: one seat, or nobody once the game is over."""
    rng: int
    """meeple.core.rng state for reshuffles; hidden from every view."""
    options: Options
    """The options this game is played with."""
    round: int
    """Round number, from 1; the game ends after `options.max_rounds` rounds at the latest."""
    baca: int
    """The seat holding the baca card this round."""
    phase: int
    """One of the phase codes above."""
    actor: int
    """The seat deciding in the current phase (-1 once the game is over)."""
    hands: tuple[tuple[int, ...], ...]
    """Per seat, the kinds held, sorted (hidden from other seats)."""
    deck: tuple[int, ...]
    """Draw pile; the last item is the top card (hidden)."""
    discard: tuple[int, ...]
    """Discard pile, sorted (every card in it was seen by all)."""
    pens: tuple[tuple[tuple[int, ...], tuple[int, ...]], ...]
    """Per seat, the two pens, each the placed cards in the order laid."""
    wolves: tuple[int, ...]
    """Per seat, a bit mask of pens with a Wolf over them (1: pen 1, 2: pen 2)."""
    fleeces: tuple[tuple[tuple[int, ...], ...], ...]
    """Per seat, each fleece kept (sorted kinds of the cards set aside)."""
    points: tuple[int, ...]
    """Per seat, victory points, bonuses included."""
    bonus: tuple[int, ...]
    """Per seat, the fifth-fleece bonus earned (+4 first, +2 later; part of `points`)."""
    drawn: tuple[int, ...]
    """Lots the baca has drawn but not yet laid out (seen by the baca only), sorted."""
    lots: tuple[int, ...]
    """Face-up lots not yet auctioned, sorted."""
    face_down: int
    """Kind of the face-down lot (seen by the baca only), or -1."""
    opener: int
    """Seat that opens (or opened) the current lot's auction."""
    lot: int
    """Lot being auctioned: a kind, DOWN (-1) for the face-down card, NO_LOT otherwise."""
    laid: tuple[tuple[int, ...], ...]
    """Per seat, sheep laid as bids on the current lot, sorted (face up)."""
    bids: tuple[int, ...]
    """Per seat, the sum of values laid on the current lot."""
    high: int
    """Seat holding the current highest bid, or -1."""
    down: tuple[int, ...]
    """Bluff rule: per seat, the kind of its face-down bid card on this lot, or -1."""
    declared: tuple[int, ...]
    """Bluff rule: per seat, the value declared for that card (part of `bids`), or 0."""
    checkers: int
    """Bluff rule: bit mask of seats that matched (checked) the bid in force."""
    passed: int
    """Bit mask of seats that passed on the current lot."""
    finished: int
    """Seats that have had their turn in the current redyk or shearing phase."""
    passes: int
    """Consecutive passes in the current special-card window or reaction round."""
    site: int
    """Where the current special-card window sits (SITE_*)."""
    pending: tuple[int, ...]
    """The special card awaiting reactions or a Thief's pick: (seat, kind, target, pen, face)."""
    dogs: tuple[int, ...]
    """Seats that answered `pending` with a cancelling Sheepdog, in order."""
    final_from: int
    """Seat that sheared the game's first fifth fleece, or -1."""
    final_left: int
    """Final shearing turns still owed to the others (-1 before they start)."""
    known: tuple[tuple[tuple[int, ...], ...], ...]
    """known[o][t]: kinds seat o knows to be in seat t's hand (a face-down lot it dealt,
    what its Thief saw), sorted; always part of that hand."""

    def legal_actions(self, player: int | None = None) -> tuple[Any, ...]:
        """Every legal action of `player` (StateBase semantics, with a fast path for
        the acting seat, which random playouts and bots ask about at every step)."""
        if player.__class__ is int and player == self.actor and player >= 0:
            cache: dict[int, tuple[Any, ...]] | None = getattr(self, "_legal_cache", None)
            if cache is None:  # getattr, not try/except: a miss costs far less
                cache = {}
                object.__setattr__(self, "_legal_cache", cache)
            found = cache.get(self.actor)
            if found is None:
                found = cache[self.actor] = _rules.legal(self)
            return found
        return super().legal_actions(player)

    def apply(self, action: Any, player: int | None = None) -> State:
        """The successor state; IllegalActionError (and no change) if not legal."""
        if (
            player.__class__ is int
            and player == self.actor
            and player >= 0
            and action in self.legal_actions(player)
        ):
            return _rules.advance(self, action)
        return super().apply(action, player)

    def _legal(self, player: int) -> tuple[Any, ...]:
        return _rules.legal(self)

    def _next(self, action: Any, player: int) -> State:
        return _rules.advance(self, action)

    def _refusal(self, action: Any, player: int) -> str:
        return _rules.refusal(self, action)

    def outcome(self) -> Outcome:
        """Points decide; tied leaders share the win (the rulebook's tie rule)."""
        details = [
            {
                "points": self.points[p],
                "fleeces": len(self.fleeces[p]),
                "fifth_fleece_bonus": self.bonus[p],
                "fleece_points": self.points[p] - self.bonus[p],
            }
            for p in range(self.players)
        ]
        return Outcome.from_keys(self.points, details=details, final=self.phase == OVER)

    def view(self, player: int | None) -> Any:
        """What `player` may see (None: a spectator)."""
        from .view import view_of

        return view_of(self, player)

    def prompt(self, player: int | None = None) -> str:
        """One line saying what `player` decides now."""
        from .render import prompt_line

        return prompt_line(self.view(player))

    def validate(self) -> None:
        """Raise ValueError if the state breaks an invariant (used when loading JSON)."""
        n = self.players
        if not 3 <= n <= 6:
            raise ValueError(f"wypas is played by 3-6 players, not {n}")
        per_seat = (
            self.hands,
            self.pens,
            self.wolves,
            self.fleeces,
            self.points,
            self.bonus,
            self.laid,
            self.bids,
            self.down,
            self.declared,
            self.known,
        )
        if any(len(x) != n for x in per_seat) or any(len(row) != n for row in self.known):
            raise ValueError("every per-seat field needs one entry per seat")
        if not 0 <= self.phase < len(PHASE_NAMES):
            raise ValueError(f"unknown phase {self.phase}")
        expected = frozenset() if self.phase == OVER else frozenset({self.actor})
        if self.to_act != expected or (self.phase != OVER and not 0 <= self.actor < n):
            raise ValueError("to_act must be the acting seat (nobody once the game is over)")
        if not (0 <= self.baca < n and 0 <= self.opener < n):
            raise ValueError("baca and opener must be seats")
        if not 1 <= self.round <= self.options.max_rounds:
            raise ValueError(f"round {self.round} is outside 1..{self.options.max_rounds}")
        for seq in (*self.hands, self.discard, self.lots, self.drawn, *self.laid):
            if list(seq) != sorted(seq) or any(not 0 <= k < KINDS for k in seq):
                raise ValueError("hands, discard, lots and bids must be sorted card kinds")
        for o in range(n):
            for t in range(n):
                if Counter(self.known[o][t]) - Counter(self.hands[t]):
                    raise ValueError(f"seat {o} 'knows' cards seat {t} does not hold")
        self._validate_table()
        have = Counter(cards_in_play(self))
        want = Counter(DECK if self.options.specials else SHEEP_DECK)
        if have != want:
            extra, missing = have - want, want - have
            raise ValueError(
                f"cards are not conserved (extra {dict(extra)}, missing {dict(missing)})"
            )

    def _validate_table(self) -> None:
        """Pens, wolves, the auction and the special-card chain are well formed."""
        for seat, pair in enumerate(self.pens):
            if len(pair) != 2:
                raise ValueError(f"seat {seat} must have exactly two pens")
            for pen in pair:
                for card in pen:
                    if not _placeable(card):
                        raise ValueError(f"seat {seat} has an impossible card {card} in a pen")
            mask = self.wolves[seat]
            if not 0 <= mask <= 3 or any(mask >> i & 1 and len(pair[i]) < 1 for i in range(2)):
                raise ValueError(f"seat {seat} has a wolf over an empty pen")
        if self.lot == DOWN_LOT and self.face_down < 0:
            raise ValueError("the face-down lot is auctioned but there is none")
        for seat in range(self.players):
            if (self.down[seat] >= 0) != (self.declared[seat] > 0) or self.declared[seat] > 6:
                raise ValueError(f"seat {seat}'s face-down bid and declared value disagree")
        if self.phase in (REACT, TAKE) and len(self.pending) != 5:
            raise ValueError("a special card must be pending in the reaction and take phases")
        if self.pending and len(self.pending) != 5:
            raise ValueError("a pending special card is (seat, kind, target, pen, face)")
        if any(not 0 <= q < self.players for q in self.dogs):
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


from . import rules as _rules  # noqa: E402  (rules builds States; imported last to break the cycle)

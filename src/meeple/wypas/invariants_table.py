"""Checks a state and a view share: the public table agrees with the phase.

State and view share most field names, so these read either one and hold a view
to the same rules as the state it was made from. Split from `invariants` to keep
each module to one job (what is checked of a whole document there; how the
table fits together here).
"""

from __future__ import annotations

from itertools import chain
from typing import TYPE_CHECKING

from .components import BLACK
from .components import DECK
from .components import DOG
from .components import FACE_NAME
from .components import FINAL_FLEECE
from .components import FIRST_FIFTH_BONUS
from .components import KIND_NAME
from .components import KIND_VALUE
from .components import KINDS
from .components import LATER_FIFTH_BONUS
from .components import MAX_VALUE
from .components import SHEEP_DECK
from .components import THIEF
from .components import WOLF
from .components import face_of
from .components import lots_per_round
from .invariants_cards import PLACEABLE
from .invariants_cards import check
from .invariants_cards import check_kinds
from .invariants_cards import check_seat
from .state import AWARD
from .state import BID
from .state import CHOOSE
from .state import DOWN_LOT
from .state import HIDE
from .state import NO_LOT
from .state import OVER
from .state import REACT
from .state import REDYK
from .state import SHEAR
from .state import TAKE
from .state import TURNS
from .state import Phase

if TYPE_CHECKING:
    from .state import State
    from .state import Table
    from .view import View

__all__ = ["SPECIAL_PHASES", "check_table", "turn_of"]

MAX_FLEECES = FINAL_FLEECE + 1
"""A seat ends with at most six fleeces (from four, both pens sheared in one turn)."""

MAX_FLEECE_POINTS = 7 * len(SHEEP_DECK)
"""More than every sheep could score: a fleece of m cards scores at most 6m + m - 3."""

_AUCTION = (BID, AWARD)
SPECIAL_PHASES = (REACT, TAKE)
"""Phases of a special card just played (its reactions, a Thief's pick)."""
_LOT_PHASES = (CHOOSE, BID, AWARD)
_LOTS_LEFT = (HIDE, *_LOT_PHASES)
"""Phases in which lots may still lie on the table."""


def turn_of(x: Table) -> tuple[int, int]:
    """The turn going on, ``(phase, seat)``: the one a pending special card interrupted,
    else the phase and the seat to act."""
    if x.phase in SPECIAL_PHASES and len(x.resume) == 2:
        return x.resume[0], x.resume[1]
    return x.phase, x.actor


def _in_auction(x: Table) -> bool:
    """A lot's auction is on: bidding, the award, or a special card played meanwhile."""
    return turn_of(x)[0] in _AUCTION


def _in_shear(x: Table) -> bool:
    """A shearing turn is on, or a special card was played during one."""
    return turn_of(x)[0] == SHEAR


def check_table(
    x: State | View,
    hand_sizes: tuple[int, ...],
    drawn: int,
    has_face_down: bool,
    down: tuple[int, ...],
) -> None:
    """The public table and the phase agree (for a state and for a view alike).

    `hand_sizes`, `drawn` (lots drawn and not laid out) and `has_face_down` are the
    counts both can tell; `down` marks face-down bid cards (-1: none).
    """
    n = x.players
    opts = x.options
    check(1 <= x.round <= opts.max_rounds, f"round {x.round} is outside 1..{opts.max_rounds}")
    check_seat(x.baca, n, "the baca")
    check_seat(x.opener, n, "the opener")
    if x.phase in SPECIAL_PHASES:
        check(
            len(x.resume) == 2 and x.resume[0] in TURNS,
            "a pending special card interrupted a turn: (phase, seat)",
        )
        check_seat(x.resume[1], n, "the seat whose turn the special card interrupted")
    else:
        check(not x.resume, "a turn is interrupted only while a special card is pending")
    over = x.phase == OVER
    if over:
        check(x.actor == -1 and not x.to_act, "nobody acts once the game is over")
    else:
        check_seat(x.actor, n, "the seat to act")
        check(x.actor in x.to_act, "the seat to act must be in to_act")
        check(
            len(x.to_act) == 1 or (x.phase in TURNS and x.options.specials),
            "other seats may act only when offered a special card during a turn",
        )
    check(all(0 <= h <= len(DECK) for h in hand_sizes), "a hand size is impossible")
    check_kinds(x.discard, "the discard pile")
    check_kinds(x.lots, "the face-up lots")
    _check_pens(x)
    _check_fleeces(x)
    _check_lots(x, drawn, has_face_down)
    _check_auction(x, down)
    _check_specials(x, hand_sizes)
    check(0 <= x.finished < n, f"finished counts the seats done, 0-{n - 1}, not {x.finished}")
    phase, seat = turn_of(x)
    if phase == REDYK or (phase == SHEAR and x.final_from < 0):
        check(
            seat == (x.baca + x.finished) % n,
            "redyk and shearing go round from the baca, one seat after another",
        )
    if phase == SHEAR:
        check(any(x.pens[seat]), "only a seat with a sheep in a pen has a shearing turn")


def _check_pens(x: Table) -> None:
    """Two pens per seat of sheep showing faces they can show; wolves over real pens."""
    pens = x.pens
    if (
        not any(x.wolves)
        and _PAIR.issuperset(map(len, pens))
        and PLACEABLE.issuperset(chain.from_iterable(chain.from_iterable(pens)))
    ):
        return  # two pens a seat, every card one a pen may hold, and no wolf to check
    for seat, pair in enumerate(pens):
        if len(pair) != 2:
            raise ValueError(f"seat {seat} must have exactly two pens")
        for pen in pair:
            if not PLACEABLE.issuperset(pen):
                card = next(c for c in pen if c not in PLACEABLE)
                raise ValueError(f"seat {seat} has an impossible card {card} in a pen")
        mask = x.wolves[seat]
        if not 0 <= mask <= 3:
            raise ValueError(f"seat {seat}'s wolves must be a mask of its two pens")
        if not mask:
            continue
        for i in range(2):
            if mask >> i & 1:
                if not pair[i]:
                    raise ValueError(f"seat {seat} has a wolf over an empty pen")
                if len(pair[i]) < 2:
                    raise ValueError(
                        f"seat {seat} has a wolf over pen {i + 1}: "
                        "a Wolf goes only over a pen of at least two cards"
                    )


def _check_fleeces(x: Table) -> None:
    """Fleeces, points and the fifth-fleece bonus as shearing makes them; the final turns."""
    n = x.players
    check_seat(x.final_from, n, "the seat with the first fifth fleece", none=-1)
    for seat, fleeces in enumerate(x.fleeces):
        if len(fleeces) > MAX_FLEECES:
            raise ValueError(f"seat {seat} has more than {MAX_FLEECES} fleeces")
        for fleece in () if _fleeces_fine(fleeces) else fleeces:  # to name the broken one
            check_kinds(fleece, f"a fleece of seat {seat}")
            check(
                len(fleece) == 1 or len(fleece) >= 3,
                "a fleece is the lower card of two, or three cards and more",
            )
            check(
                all(k < THIEF or k == BLACK for k in fleece),
                "a fleece holds sheep (black sheep included) only",
            )
        bonus, points = x.bonus[seat], x.points[seat]
        if seat == x.final_from:
            check(len(fleeces) >= FINAL_FLEECE, "the first fifth fleece needs five fleeces")
            if bonus not in (0, FIRST_FIFTH_BONUS):
                raise ValueError(f"seat {seat}'s bonus must be 0 or 4")
        elif x.final_from >= 0:
            if not (bonus in (0, LATER_FIFTH_BONUS) and (not bonus or len(fleeces) >= 5)):
                raise ValueError(f"seat {seat}'s bonus must be 0, or 2 for a later fifth fleece")
        else:
            check(
                len(fleeces) < FINAL_FLEECE,
                "a fifth fleece starts the final turns (no seat has sheared one)",
            )
            if bonus != 0:
                raise ValueError(f"seat {seat} has a fifth-fleece bonus but no fifth fleece")
        if not bonus <= points <= bonus + MAX_FLEECE_POINTS:
            raise ValueError(
                f"seat {seat}'s {points} points cannot be scored (fifth-fleece bonus {bonus})"
            )
    if x.phase == OVER:
        check(x.final_left in (-1, 0), "no final turn is owed once the game is over")
    elif x.final_from < 0:
        check(x.final_left == -1, "final turns are owed only after a fifth fleece")
    else:
        check(_in_shear(x), "after a fifth fleece only shearing turns remain")
        phase, seat = turn_of(x)
        if x.final_left == -1 and phase == SHEAR:
            check(
                seat == x.final_from,
                "the final turns begin when the first fifth fleece's turn ends",
            )
        else:
            check(1 <= x.final_left < n, f"final turns owed must be 1-{n - 1}")


_PAIR = frozenset({2})
"""How many pens a seat has."""
_NO_DOWN = frozenset({-1})
"""What `down` holds for a seat without a face-down bid card."""
_FLEECE_KINDS = frozenset(k for k in range(KINDS) if k < THIEF or k == BLACK)
"""The card kinds a fleece may hold: sheep, black sheep included."""
_NO_FLEECE_SIZES = frozenset({0, 2})
"""A fleece is one card (the lower of two) or three and more."""


def _fleeces_fine(fleeces: tuple[tuple[int, ...], ...]) -> bool:
    """Whether a seat's fleeces pass every check `_check_fleeces` makes of each one, in
    a few C-level passes over them all (which then need not be looked at one by one)."""
    return (
        _FLEECE_KINDS.issuperset(chain.from_iterable(fleeces))
        and _NO_FLEECE_SIZES.isdisjoint(map(len, fleeces))
        and all(list(f) == sorted(f) for f in fleeces if len(f) > 2)
    )


def _check_lots(x: Table, drawn: int, fd: bool) -> None:
    """Drawn, face-up and face-down lots exist only before and during the auctions."""
    (phase, seat), n = turn_of(x), x.players
    per_round = lots_per_round(n)
    if not 0 <= drawn <= per_round:
        raise ValueError(f"the baca draws at most {per_round} lots")
    on_table = len(x.lots) + fd + (x.lot >= 0)
    if on_table > per_round:
        raise ValueError(f"at most {per_round} lots are auctioned in a round")
    if phase == HIDE:
        check(not x.lots and not fd, "lots are laid out after the baca hides one")
        check(seat == x.baca, "the baca hides a lot")
        check(x.opener == (x.baca + 1) % n, "the seat after the baca opens the first lot")
    else:
        check(drawn == 0, "drawn lots are laid out once the baca hides one")
    pending_lots = bool(x.lots) or fd
    if phase == CHOOSE:
        check(pending_lots, "the opener chooses a lot: there must be one on the table")
        check(seat == x.opener, "the opener chooses the next lot")
    if pending_lots and phase not in _LOTS_LEFT:
        raise ValueError(f"no lot may remain in the {Phase(phase).name.lower()} phase")
    if _in_auction(x):
        check(
            x.lot == DOWN_LOT or 0 <= x.lot < KINDS,
            f"the lot under auction must be a card or the face-down lot, not {x.lot}",
        )
        check(x.lot != DOWN_LOT or fd, "the face-down lot is auctioned but there is none")
    else:
        check(x.lot == NO_LOT, "a lot is under auction only in the auction phases")


def _check_auction(x: Table, down: tuple[int, ...]) -> None:
    """Bids, the bid in force, passes and the bluff rule's face-down cards and checks."""
    n, (phase, seat) = x.players, turn_of(x)
    everyone = (1 << n) - 1
    check(0 <= x.passed <= everyone, "passed must be a mask of seats")
    check(0 <= x.checkers <= everyone, "checkers must be a mask of seats")
    check_seat(x.high, n, "the bid in force", none=-1)
    bluff = x.options.bluff
    quiet = not (any(x.laid) or any(x.bids) or any(x.declared)) and _NO_DOWN.issuperset(down)
    for q in () if quiet else range(n):  # no bid on the table: nothing to disagree
        laid, bid, declared = x.laid[q], x.bids[q], x.declared[q]
        low = top = 0  # what the bid cards count at the least and at the most
        if laid:
            check_kinds(laid, f"seat {q}'s bid cards")
            check(all(k < THIEF for k in laid), "bids are laid with sheep")
            low = sum(KIND_VALUE[k] or 1 for k in laid)
            top = sum(KIND_VALUE[k] or MAX_VALUE for k in laid)
        has_down = down[q] != -1
        if not (has_down == (declared > 0) and 0 <= declared <= MAX_VALUE):
            raise ValueError(f"seat {q}'s face-down bid and declared value disagree")
        check(bluff or not has_down, "face-down bids belong to the bluff rule")
        if not low <= bid - declared <= top:
            raise ValueError(f"seat {q}'s bid {bid} is not what its cards count")
    if not _in_auction(x):
        check(
            not any(x.laid) and not any(x.bids) and all(d == -1 for d in down),
            "bids lie on the table only during a lot's auction",
        )
        check(
            x.high == -1 and x.passed == 0 and x.checkers == 0,
            "the bid in force, passes and checks belong to a lot's auction",
        )
        return
    check(bluff or x.checkers == 0, "checks belong to the bluff rule")
    check(not x.passed & x.checkers, "a seat that passed cannot also have checked")
    if x.high >= 0:
        check(x.bids[x.high] > 0, "the bid in force is more than nothing")
        check(not (x.passed | x.checkers) >> x.high & 1, "the bid in force is still in")
    if phase == AWARD:
        check(bluff, "the award settles a tie of the bluff rule")
        check(seat == x.baca, "the baca awards a tied lot")
        check(x.checkers.bit_count() >= 2, "an award settles a tie of two seats or more")
        check(x.high >= 0, "a bluff reveal needs a bid in force")
        return
    if phase != BID:  # pragma: no cover - _in_auction: the turn is BID or AWARD
        return
    out = x.passed | x.checkers
    check(
        seat != x.high and not out >> seat & 1,
        "the seat to bid is still in the auction and does not hold the bid in force",
    )
    if x.checkers:
        check(
            x.high >= 0 and down[x.high] != -1,
            "only a bid in force with a face-down card can be checked",
        )
        check(
            all(x.bids[q] == x.bids[x.high] for q in range(n) if x.checkers >> q & 1),
            "a check matches the bid in force exactly",
        )


def _check_specials(x: State | View, hand_sizes: tuple[int, ...]) -> None:
    """The special card pending, the turn it interrupted, its Sheepdogs and the rest of
    its chain, as the special-card rules play."""
    n, phase = x.players, x.phase
    if phase in SPECIAL_PHASES:
        check(x.options.specials, "special cards belong to the game with special cards")
    limit = n - 1 if phase == REACT else 1
    if not 0 <= x.passes < limit:
        raise ValueError(f"{x.passes} passes in a row cannot happen here")
    check(
        0 <= x.waited < 1 << n and not x.waited & sum(1 << q for q in x.to_act),
        "waited must be a mask of seats not in to_act",
    )
    check(not x.waited or phase in TURNS, "a seat waits on an offer only during a turn")
    if phase not in SPECIAL_PHASES:
        check(
            not x.pending and not x.dogs and not x.chain,
            "a special card is pending only in react and take",
        )
        return
    pending = x.pending
    check(len(pending) == 5, "a pending special card is (seat, kind, target, pen, face)")
    _check_card(x, pending, on_table=True)
    for card in x.chain:
        check(len(card) >= 5, "a card of the chain is (seat, kind, target, pen, face, *dogs)")
        # While reactions are asked no card has resolved yet, so every target is still
        # there; while a Thief picks, a card before it may have taken a later one's.
        _check_card(x, card[:5], on_table=phase == REACT)
        _check_dogs(card[0], card[5:], n)
    who, kind, target = pending[0], pending[1], pending[2]
    if phase == TAKE:
        check(kind == THIEF and not x.dogs, "only a Thief that resolved takes a card")
        check(x.actor == who, "the Thief's player takes the card")
        check(hand_sizes[target] > 0, "a Thief takes from a hand that holds a card")
        return
    top = _check_dogs(who, x.dogs, n)
    check(x.actor != top, "the player of the last card in the chain does not react to it")


def _check_card(x: State | View, card: tuple[int, ...], *, on_table: bool) -> None:
    """A special card played: (seat, kind, target, pen, face), its target named as its
    kind needs; `on_table`: and that target is on the table now."""
    n = x.players
    who, kind, target, pen, face = card
    check_seat(who, n, "the player of the special card")
    check_seat(target, n, "the special card's target")
    if kind not in (THIEF, DOG, BLACK, WOLF):
        raise ValueError(f"card kind {kind} is not a special card")
    if kind == THIEF:
        check(target != who and pen == 0 and face == 0, "a Thief robs another seat")
        return
    if pen not in (1, 2):
        raise ValueError(f"a {KIND_NAME[kind]} names pen 1 or 2")
    check(kind == BLACK or face == 0, f"a {KIND_NAME[kind]} names no sheep")
    check(kind != BLACK or face in FACE_NAME, "a Black Sheep names the face of the sheep it takes")
    if not on_table:
        return
    row = x.pens[target][pen - 1]
    wolf = x.wolves[target] >> (pen - 1) & 1
    if kind == DOG:
        check(bool(wolf), "a Sheepdog drives off a wolf that is there")
    elif kind == WOLF:
        check(not wolf, "a Wolf goes over a pen that has none")
        check(len(row) >= 2, "a Wolf goes over a pen of at least two cards")
    else:
        check(
            any(face_of(c) == face for c in row) and len(row) >= 2,
            "a Black Sheep swaps for a sheep showing that face in a pen of two cards or more",
        )


def _check_dogs(who: int, dogs: tuple[int, ...], n: int) -> int:
    """The Sheepdogs that cancelled seat `who`'s card, in order: each answers another
    seat's card. Returns the seat of the last card (`who` or the last Sheepdog's)."""
    top = who
    for q in dogs:
        check_seat(q, n, "a Sheepdog's owner")
        check(q != top, "a Sheepdog answers another seat's card")
        top = q
    return top

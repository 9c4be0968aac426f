"""The auction of the lots: hiding one, naming each, bidding, the bluff reveal.

Why Wypas has this module: its auction is a phase of many small decisions, not
one move. The baca hides one drawn lot face down; the opener of each lot names
it; then a bid is built card by card (each ``bid`` lays one more sheep, ``done``
stands on the total), players pass out of the lot, and under the bluff rule a
face-down card may be checked by matching and revealed. This module offers those
choices (for `legal`) and carries them out (for `transitions`); when the last
lot is gone, `rounds` starts redyk.
"""

from __future__ import annotations

from typing import TYPE_CHECKING
from typing import Final

from meeple.core import ONE_SEAT
from meeple.core import replace
from meeple.core.edit import insert_sorted
from meeple.core.edit import merge_sorted
from meeple.core.edit import put
from meeple.core.edit import remove_one

from .actions import CHECK
from .actions import DONE
from .actions import DOWN
from .actions import PASS
from .actions import Action
from .actions import Auction
from .actions import Award
from .actions import Bid
from .actions import BidDown
from .actions import Check
from .actions import Done
from .actions import Hide
from .actions import Pass
from .components import DOLLY
from .components import KIND_VALUE
from .components import THIEF
from .knowledge import forget
from .knowledge import seen_by_all
from .state import AWARD
from .state import BID
from .state import CHOOSE
from .state import NO_LOT
from .state import REDYK
from .tables import AUCTION_DOWN
from .tables import AUCTIONS
from .tables import AWARDS
from .tables import BIDS
from .tables import DOWN_BIDS
from .tables import HIDES
from .tables import PASS_ONLY

if TYPE_CHECKING:
    from .state import State

__all__ = [
    "award",
    "award_actions",
    "bid_actions",
    "check",
    "end_lot",
    "hide",
    "hide_actions",
    "lay",
    "lay_down",
    "lot_actions",
    "name_lot",
    "pass_lot",
    "stand",
]

# Every action object is made once (`tables`), so legal actions allocate nothing
# but tuples and the core and the adapters find the chosen one by identity.
_PASS_DONE: Final = (PASS, DONE)


# -- what may be done ------------------------------------------------------------


def hide_actions(s: State, p: int) -> tuple[Action, ...]:
    """The baca hides one of the drawn lots (one choice per distinct kind)."""
    return tuple([HIDES[k] for k in sorted(set(s.drawn))])


def lot_actions(s: State, p: int) -> tuple[Action, ...]:
    """The opener names a lot: the face-down one first, then the face-up kinds."""
    lots: list[Action] = [AUCTIONS[k] for k in sorted(set(s.lots))]
    if s.face_down >= 0:
        lots.insert(0, AUCTION_DOWN)
    return tuple(lots)


def _bid_options(hand: tuple[int, ...]) -> tuple[tuple[Action, ...], tuple[Action, ...]]:
    """A seat's bidding menu from its (sorted) hand, as it stands back and as it leads:
    ``pass``, then ``done`` if it leads, then one face-up bid per distinct sheep kind,
    Dollies 1..6 each."""
    out: list[Action] = []
    last = -1
    bids = BIDS
    for kind in hand:
        if kind != last:
            last = kind
            out += bids[kind]
    return (*PASS_ONLY, *out), (*_PASS_DONE, *out)


_MENUS: list[tuple[tuple[int, ...], tuple[tuple[Action, ...], tuple[Action, ...]]]] = [
    ((), _bid_options(()))
] * 6
"""Per seat, ``(hand, _bid_options(hand))`` for the last hand it was asked for, the hand
compared by identity: a seat's hand stays the very same tuple until that seat lays a
card or takes a lot (a sixth of the asks find it; after a bid the seat is asked again
with a new hand). An lru_cache keyed by the hand's value, alone or behind this entry,
cost more than building the menu again (3 players: 61,536 instructions a step against
59,551): it hashed the hand at every ask and half the hands were new to it. Each
entry is replaced whole."""


def bid_actions(s: State, p: int) -> tuple[Action, ...]:
    """Seat p in a lot's auction: pass, stand (``done``) once it leads, lay a sheep;
    under the bluff rule also ``check`` a face-down bid and lay one card face down."""
    high = s.high
    top = s.bids[high] if high >= 0 else 0
    mine = s.bids[p]
    hand = s.hands[p]
    menu = _MENUS[p]
    if menu[0] is not hand:
        menu = _MENUS[p] = (hand, _bid_options(hand))
    options = menu[1][mine > top]
    if not s.options.bluff:
        return options
    if mine == top and high >= 0 and s.down[high] >= 0:
        options = (options[0], CHECK, *options[1:])  # level with the leader: pass, check
    if s.down[p] >= 0:
        return options
    downs: list[Action] = []
    for k in sorted(set(s.hands[p])):
        downs += DOWN_BIDS[k]
    return (*options, *downs)


def award_actions(s: State, p: int) -> tuple[Action, ...]:
    """Bluff rule: the baca awards the lot to one of the tied seats."""
    return tuple([AWARDS[q] for q in range(s.players) if s.checkers >> q & 1])


# -- what it does ------------------------------------------------------------------


def hide(s: State, a: Hide, p: int) -> State:
    """The baca lays a drawn card face down; then the opener names the first lot (in
    the same copy of the state, `rounds`)."""
    opener = s.opener
    return replace(
        s,
        drawn=(),
        lots=remove_one(s.drawn, a.kind),
        face_down=a.kind,
        phase=CHOOSE,
        actor=opener,
        to_act=ONE_SEAT[opener],
    )


def name_lot(s: State, a: Auction, p: int) -> State:
    """The opener names the lot (`DOWN` for the face-down one) and bids first."""
    kind = a.kind
    lots = s.lots if kind == DOWN else remove_one(s.lots, kind)
    opener = s.opener
    return replace(
        s, lots=lots, lot=kind, phase=BID, actor=opener, to_act=ONE_SEAT[opener], high=-1, passed=0
    )


def lay(s: State, a: Bid, p: int) -> State:
    """Seat p lays one more sheep face up on its bid (and goes on bidding)."""
    kind = a.kind
    return replace(
        s,
        hands=put(s.hands, p, remove_one(s.hands[p], kind)),
        known=forget(s.known, p, kind),
        laid=put(s.laid, p, insert_sorted(s.laid[p], kind)),
        bids=put(s.bids, p, s.bids[p] + a.value),
    )


def lay_down(s: State, a: BidDown, p: int) -> State:
    """Bluff rule: seat p lays a card face down on its bid, declaring its value."""
    known = s.known
    if any(row[p] for o, row in enumerate(known) if o != p):
        # Nobody else can tell which card went face down.
        known = tuple(row if o == p else put(row, p, ()) for o, row in enumerate(known))
    return replace(
        s,
        hands=put(s.hands, p, remove_one(s.hands[p], a.kind)),
        known=known,
        down=put(s.down, p, a.kind),
        declared=put(s.declared, p, a.value),
        bids=put(s.bids, p, s.bids[p] + a.value),
    )


def stand(s: State, a: Done, p: int) -> State:
    """Seat p stands on its bid (``done``): it holds the high bid, checks so far lapse."""
    return _next_in_lot(s, p, s.passed, p, 0)


def check(s: State, a: Check, p: int) -> State:
    """Bluff rule: seat p matches the bid in force, to see its face-down card."""
    return _next_in_lot(s, p, s.passed, s.high, s.checkers | 1 << p)


def pass_lot(s: State, a: Pass, p: int) -> State:
    """Seat p drops out of this lot's auction."""
    return _next_in_lot(s, p, s.passed | 1 << p, s.high, s.checkers)


def award(s: State, a: Award, p: int) -> State:
    """Bluff rule: the baca settles a tie at the reveal."""
    return end_lot(s, a.seat, shown=True)


def _next_in_lot(s: State, p: int, passed: int, high: int, checkers: int) -> State:
    """After seat p's move: the next bidder, or the lot is settled."""
    nxt = _next_bidder(s.players, p, passed | checkers, high)
    if nxt < 0:
        if checkers:
            return _reveal(replace(s, passed=passed, checkers=checkers))
        return end_lot(s, high if high >= 0 else s.baca, shown=False)
    return replace(s, passed=passed, high=high, checkers=checkers, actor=nxt, to_act=ONE_SEAT[nxt])


def _next_bidder(n: int, after: int, skip: int, high: int) -> int:
    """Next seat clockwise still in the auction: not passed, not checked, not the high bid."""
    for step in range(1, n + 1):
        seat = (after + step) % n
        if seat != high and not skip >> seat & 1:
            return seat
    return -1


def _true_value(kind: int, declared: int) -> int:
    """What a face-down bid card really adds: a sheep's value (a Dolly takes the value
    it claimed), nothing for a special card."""
    if kind < DOLLY:
        return KIND_VALUE[kind]
    if kind < THIEF:
        return declared
    return 0


def _reveal(s: State) -> State:
    """Everyone still in matched a bid holding a face-down card: the cards are shown."""
    contenders = [s.high] + [q for q in range(s.players) if s.checkers >> q & 1]
    real = {
        q: s.bids[q]
        - s.declared[q]
        + (_true_value(s.down[q], s.declared[q]) if s.down[q] >= 0 else 0)
        for q in contenders
    }
    top = max(real.values())
    best = [q for q in contenders if real[q] == top]
    if s.high in best:
        return end_lot(s, s.high, shown=True)  # the bluffer wins ties with the checkers
    if len(best) == 1:
        return end_lot(s, best[0], shown=True)
    mask = sum(1 << q for q in best)
    return replace(s, phase=AWARD, actor=s.baca, to_act=ONE_SEAT[s.baca], checkers=mask)


def end_lot(s: State, winner: int, *, shown: bool) -> State:
    """`winner` takes the lot into hand; the bid cards are discarded; then the next lot
    is named, or redyk begins once no lot is left.

    Face-up bid cards are discarded face up. A face-down card (bluff rule) is shown
    only if the lot was settled by a reveal (`shown`) and its owner was still in the
    auction; any other stays secret: it goes to the discards face down, and only its
    owner knows it is there (`State.buried`)."""
    card = s.face_down if s.lot == DOWN else s.lot
    hands = put(s.hands, winner, insert_sorted(s.hands[winner], card))
    known = s.known
    face_down = s.face_down
    if s.lot == DOWN:
        face_down = -1
        if winner != s.baca:
            row = known[s.baca]
            known = put(known, s.baca, put(row, winner, insert_sorted(row[winner], card)))
    else:
        known = seen_by_all(known, winner, card)
    laid: list[int] = []
    buried = s.buried
    for q, kind in enumerate(s.down):
        if kind >= 0:
            laid.append(kind)
            if not shown or s.passed >> q & 1:
                buried = put(buried, q, insert_sorted(buried[q], kind))
    for cards in s.laid:
        laid += cards
    n = s.players
    empty: tuple[int, ...] = ()
    # The next turn, in the same copy (`rounds`): the next opener names the next lot;
    # once no lot is left redyk begins with the baca, no seat done yet.
    if s.lots or face_down >= 0:
        phase, opener, finished = CHOOSE, (s.opener + 1) % n, s.finished
        actor = opener
    else:
        phase, opener, finished = REDYK, s.opener, 0
        actor = s.baca
    return replace(
        s,
        hands=hands,
        known=known,
        face_down=face_down,
        discard=merge_sorted(s.discard, laid),
        buried=buried,
        laid=(empty,) * n,
        bids=(0,) * n,
        high=-1,
        passed=0,
        down=(-1,) * n,
        declared=(0,) * n,
        checkers=0,
        lot=NO_LOT,
        phase=phase,
        opener=opener,
        actor=actor,
        to_act=ONE_SEAT[actor],
        finished=finished,
    )

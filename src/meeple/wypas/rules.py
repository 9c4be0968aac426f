"""Wypas rules: legal actions and transitions, pure functions over `State`.

The flow of a round: the baca draws the lots and hides one; for each lot a
special-card window, then the opener names a lot and the bidding goes round;
a window, then redyk (baca first); a window, then shearing (baca first);
drawing and the change of baca happen without decisions. See
docs/rules/wypas.md for every interpretation.
"""

from __future__ import annotations

from typing import Any, Final

from ..core import rng as _rng
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
    BLACK,
    COLOURS,
    DECK,
    DOG,
    DOLLY,
    FACES,
    KIND_COLOUR,
    KIND_NAME,
    KIND_VALUE,
    MAX_VALUE,
    SHEEP_DECK,
    SUPER,
    THIEF,
    WOLF,
    placed,
)
from .edits import draw as _draw
from .edits import evolve as _ev
from .edits import forget as _forget
from .edits import merge as _merge
from .edits import put as _set
from .edits import seen_by_all as _seen_by_all
from .edits import with_card as _with
from .edits import without as _without
from .options import MAX_ROUNDS_CAP, Options
from .pens import accepted_faces
from .scoring import fleece_of
from .specials import play_special, react_next, resolve, special_plays, take
from .state import (
    AWARD,
    BID,
    CHOOSE,
    HIDE,
    NO_LOT,
    OVER,
    REACT,
    REDYK,
    SHEAR,
    SITE_LOT,
    SITE_REDYK,
    SITE_SHEAR,
    TAKE,
    WINDOW,
    State,
)

__all__ = ["advance", "legal", "max_steps", "refusal", "start"]

HAND_SIZE: Final = 5
"""Cards dealt to each player at setup."""
DRAW: Final = 3
"""Cards each player draws in the drawing phase."""

_DONE = Done()
_PASS = Pass()
_DOG = Dog()
_CHECK = Check()
_PASS_ONLY = (_PASS,)
_SEAT = tuple(frozenset({p}) for p in range(6))
_NOBODY: frozenset[int] = frozenset()
_N_COLOURS = len(COLOURS)
_ALL_FACES = frozenset(FACES)


# -- small pure helpers --------------------------------------------------------

# -- setup ---------------------------------------------------------------------


def start(players: int, seed: int, options: Options) -> State:
    """Shuffle, deal five cards each, seat 0 is the first baca; the first lots are drawn."""
    rng = _rng.seed_rng(seed)
    deck, rng = _rng.shuffled(rng, DECK if options.specials else SHEEP_DECK)
    hands = []
    for _ in range(players):
        hands.append(tuple(sorted(deck[-HAND_SIZE:])))
        deck = deck[:-HAND_SIZE]
    empty: tuple[int, ...] = ()
    state = State(
        players=players,
        to_act=_SEAT[0],
        rng=rng,
        options=options,
        round=1,
        baca=0,
        phase=HIDE,
        actor=0,
        hands=tuple(hands),
        deck=deck,
        discard=(),
        pens=tuple((empty, empty) for _ in range(players)),
        wolves=(0,) * players,
        fleeces=((),) * players,
        points=(0,) * players,
        bonus=(0,) * players,
        drawn=(),
        lots=(),
        face_down=-1,
        opener=1 % players,
        lot=NO_LOT,
        laid=(empty,) * players,
        bids=(0,) * players,
        high=-1,
        down=(-1,) * players,
        declared=(0,) * players,
        checkers=0,
        passed=0,
        finished=0,
        passes=0,
        site=SITE_LOT,
        pending=(),
        dogs=(),
        final_from=-1,
        final_left=-1,
        known=tuple((empty,) * players for _ in range(players)),
    )
    return _begin_round(state)


def max_steps(players: int) -> int:
    """A true bound on the actions of any game (see docs/rules/wypas.md for the count).

    Per round: at most 103 cards can be bid (bid cards stay discarded until the
    next draw), each `done` or `check` follows a new bid card, an `award` per lot;
    at most 103 + 4 sheep placed (a black sheep can send one back to a hand); 3
    decisions per lot plus a pass per seat; 3 shearing decisions per seat twice
    (final turns); and at most 19 special cards, each with a reaction round, in
    five windows closed by one pass per seat.
    """
    cards = len(DECK)
    per_round = (
        1
        + 3 * (2 + players)
        + 3 * cards
        + 3
        + cards
        + 4
        + players
        + 6 * players
        + 5 * players
        + 19 * (3 + 3 * players)
    )
    return MAX_ROUNDS_CAP * per_round + 1


def _begin_round(s: State) -> State:
    """The baca draws the lots (2 with 3 players, else 3)."""
    want = 2 if s.players == 3 else 3
    drawn, deck, discard, rng = _draw(s.deck, s.discard, s.rng, want)
    opener = (s.baca + 1) % s.players
    if not drawn:
        s = _ev(s, deck=deck, discard=discard, rng=rng, opener=opener)
        return _open_window(s, SITE_REDYK, s.baca)
    return _ev(
        s,
        deck=deck,
        discard=discard,
        rng=rng,
        drawn=tuple(sorted(drawn)),
        phase=HIDE,
        actor=s.baca,
        to_act=_SEAT[s.baca],
        opener=opener,
    )


# -- special-card windows ----------------------------------------------------------


def _open_window(s: State, site: int, first: int) -> State:
    if not s.options.specials:
        return _close_window(_ev(s, site=site))
    return _ev(s, phase=WINDOW, site=site, actor=first, to_act=_SEAT[first], passes=0)


def _close_window(s: State) -> State:
    site = s.site
    if site == SITE_LOT:
        return _ev(s, phase=CHOOSE, actor=s.opener, to_act=_SEAT[s.opener], passes=0)
    if site == SITE_REDYK:
        return _ev(s, phase=REDYK, actor=s.baca, to_act=_SEAT[s.baca], finished=0, passes=0)
    return _next_shearer(_ev(s, phase=SHEAR, passes=0), s.baca, 0)


# -- auction -------------------------------------------------------------------


def _bid_options(hand: tuple[int, ...]) -> list[Any]:
    out: list[Any] = []
    last = -1
    for kind in hand:
        if kind == last or kind >= THIEF:
            continue
        last = kind
        if KIND_VALUE[kind]:
            out.append(_BID[kind])
        else:
            out += [Bid(kind, v) for v in range(1, MAX_VALUE + 1)]
    return out


_BID = {k: Bid(k, KIND_VALUE[k]) for k in range(DOLLY)}


def _next_bidder(s: State, after: int, skip: int, high: int) -> int:
    """Next seat clockwise still in the auction: not passed, not checked, not the high bid."""
    n = s.players
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
        return _end_lot(s, s.high)  # the bluffer wins ties with the checkers
    if len(best) == 1:
        return _end_lot(s, best[0])
    mask = sum(1 << q for q in best)
    return _ev(s, phase=AWARD, actor=s.baca, to_act=_SEAT[s.baca], checkers=mask)


def _end_lot(s: State, winner: int) -> State:
    card = s.face_down if s.lot == DOWN else s.lot
    hands = _set(s.hands, winner, _with(s.hands[winner], card))
    known = s.known
    face_down = s.face_down
    if s.lot == DOWN:
        face_down = -1
        if winner != s.baca:
            row = known[s.baca]
            known = _set(known, s.baca, _set(row, winner, _with(row[winner], card)))
    else:
        known = _seen_by_all(known, winner, card)
    laid: list[int] = [kind for kind in s.down if kind >= 0]  # shown when discarded
    for cards in s.laid:
        laid += cards
    n = s.players
    empty: tuple[int, ...] = ()
    s = _ev(
        s,
        hands=hands,
        known=known,
        face_down=face_down,
        discard=_merge(s.discard, laid),
        laid=(empty,) * n,
        bids=(0,) * n,
        high=-1,
        passed=0,
        down=(-1,) * n,
        declared=(0,) * n,
        checkers=0,
        lot=NO_LOT,
    )
    if s.lots or s.face_down >= 0:
        opener = (s.opener + 1) % n
        return _open_window(_ev(s, opener=opener), SITE_LOT, opener)
    return _open_window(s, SITE_REDYK, s.baca)


# -- shearing and the end ------------------------------------------------------------


def _next_shearer(s: State, seat: int, finished: int) -> State:
    """Give the turn to the next seat with a sheep in a pen, or end the phase."""
    n = s.players
    while finished < n and not (s.pens[seat][0] or s.pens[seat][1]):
        finished += 1
        seat = (seat + 1) % n
    if finished == n:
        return _end_round(s)
    return _ev(s, phase=SHEAR, actor=seat, to_act=_SEAT[seat], finished=finished)


def _end_shear_turn(s: State) -> State:
    p = s.actor
    n = s.players
    if s.final_from < 0:
        return _next_shearer(s, (p + 1) % n, s.finished + 1)
    left = n - 1 if s.final_left < 0 else s.final_left - 1
    seat = (p + 1) % n
    while left > 0 and not (s.pens[seat][0] or s.pens[seat][1]):
        left -= 1
        seat = (seat + 1) % n
    if left == 0:
        return _game_over(s)
    return _ev(s, actor=seat, to_act=_SEAT[seat], final_left=left)


def _game_over(s: State) -> State:
    return _ev(s, phase=OVER, actor=-1, to_act=_NOBODY, final_left=0)


def _shear(s: State, pen: int, bleat: bool) -> State:
    p = s.actor
    row = s.pens[p][pen - 1]
    wolf = bool(s.wolves[p] >> (pen - 1) & 1)
    kept, gone, value = fleece_of(row, wolf)
    discard = _merge(s.discard, gone)
    pens = _set(s.pens, p, _set(s.pens[p], pen - 1, ()))
    wolves = _set(s.wolves, p, s.wolves[p] & ~(1 << (pen - 1))) if wolf else s.wolves
    fleeces, points, bonus = s.fleeces, s.points, s.bonus
    final_from = s.final_from
    if kept:
        fleeces = _set(fleeces, p, (*fleeces[p], kept))
        scores = bleat or not s.options.bleating
        gain = value if scores else 0
        if len(fleeces[p]) == 5:
            extra = 4 if final_from < 0 else 2
            if final_from < 0:
                final_from = p
            if scores:
                bonus = _set(bonus, p, bonus[p] + extra)
                gain += extra
        points = _set(points, p, points[p] + gain)
    s = _ev(
        s,
        discard=discard,
        pens=pens,
        wolves=wolves,
        fleeces=fleeces,
        points=points,
        bonus=bonus,
        final_from=final_from,
    )
    if not (pens[p][0] or pens[p][1]):
        return _end_shear_turn(s)
    return s


def _end_round(s: State) -> State:
    """Drawing and the change of baca need no decisions; then the next round's lots."""
    if s.round >= s.options.max_rounds:
        return _game_over(s)
    n = s.players
    deck, discard, rng = s.deck, s.discard, s.rng
    hands = list(s.hands)
    for step in range(1, n + 1):
        seat = (s.baca + step) % n
        got, deck, discard, rng = _draw(deck, discard, rng, DRAW)
        hands[seat] = _merge(hands[seat], got)
    baca = (s.baca + 1) % n
    s = _ev(
        s,
        hands=tuple(hands),
        deck=deck,
        discard=discard,
        rng=rng,
        baca=baca,
        round=s.round + 1,
        finished=0,
    )
    return _begin_round(s)


# -- legal actions and transitions ------------------------------------------------------


def _placements(s: State, p: int) -> list[Any]:
    out: list[Any] = []
    hand = s.hands[p]
    for i, pen in enumerate(s.pens[p]):
        ok = accepted_faces(pen)
        last = -1
        for kind in hand:
            if kind == last or kind >= THIEF:
                continue
            last = kind
            if kind < DOLLY:
                face = KIND_COLOUR[kind] * 8 + KIND_VALUE[kind]
                if face in ok:
                    out.append(_PLACE[i][kind])
            elif kind < SUPER:
                base = KIND_COLOUR[kind] * 8
                out += [
                    Place(i + 1, kind, base + v) for v in range(1, MAX_VALUE + 1) if base + v in ok
                ]
            else:
                out += [Place(i + 1, kind, f) for f in FACES if f in ok]
    return out


_PLACE = tuple(
    {k: Place(i + 1, k, KIND_COLOUR[k] * 8 + KIND_VALUE[k]) for k in range(DOLLY)} for i in range(2)
)


def legal(s: State) -> tuple[Any, ...]:
    """Every legal action of the acting seat, in a fixed order."""
    phase = s.phase
    p = s.actor
    if phase == WINDOW:
        hand = s.hands[p]
        if not hand or hand[-1] < THIEF:  # hands are sorted; special kinds come last
            return _PASS_ONLY
        return (_PASS, *special_plays(s, p))
    if phase == REACT:
        return (_PASS, _DOG) if DOG in s.hands[p] else _PASS_ONLY
    if phase == BID:
        hand = s.hands[p]
        top = s.bids[s.high] if s.high >= 0 else 0
        mine = s.bids[p]
        head: tuple[Any, ...] = (_PASS, _DONE) if mine > top else (_PASS,)
        if not s.options.bluff:
            return (*head, *_bid_options(hand))
        if mine == top and s.high >= 0 and s.down[s.high] >= 0:
            head = (*head, _CHECK)
        if s.down[p] >= 0:
            return (*head, *_bid_options(hand))
        downs = [BidDown(k, v) for k in sorted(set(hand)) for v in range(1, MAX_VALUE + 1)]
        return (*head, *_bid_options(hand), *downs)
    if phase == AWARD:
        return tuple(Award(q) for q in range(s.players) if s.checkers >> q & 1)
    if phase == REDYK:
        return (_DONE, *_placements(s, p))
    if phase == SHEAR:
        out: list[Any] = [_DONE]
        for i in range(2):
            row = s.pens[p][i]
            if row:
                size = len(row) - (s.wolves[p] >> i & 1)
                if s.options.bleating and size >= 2:
                    out.append(_SHEAR[i][1])
                out.append(_SHEAR[i][0])
        return tuple(out)
    if phase == CHOOSE:
        lots = [Auction(k) for k in sorted(set(s.lots))]
        if s.face_down >= 0:
            lots.insert(0, Auction(DOWN))
        return tuple(lots)
    if phase == HIDE:
        return tuple(Hide(k) for k in sorted(set(s.drawn)))
    if phase == TAKE:
        victim = s.hands[s.pending[2]]
        return tuple(Take(k) for k in sorted(set(victim)))
    return ()


_SHEAR = tuple((Shear(i + 1, False), Shear(i + 1, True)) for i in range(2))


def advance(s: State, action: Any) -> State:
    """The successor of a legal action by the acting seat."""
    phase = s.phase
    p = s.actor
    n = s.players
    if phase == WINDOW:
        if action is _PASS or isinstance(action, Pass):
            if s.passes + 1 == n:
                return _close_window(s)
            nxt = (p + 1) % n
            return _ev(s, passes=s.passes + 1, actor=nxt, to_act=_SEAT[nxt])
        return play_special(s, action)
    if phase == REACT:
        if isinstance(action, Pass):
            if s.passes + 1 == n - 1:
                return resolve(s)
            nxt = react_next(s, p)
            return _ev(s, passes=s.passes + 1, actor=nxt, to_act=_SEAT[nxt])
        nxt = (p + 1) % n
        return _ev(
            s,
            hands=_set(s.hands, p, _without(s.hands[p], DOG)),
            known=_forget(s.known, p, DOG),
            dogs=(*s.dogs, p),
            passes=0,
            actor=nxt,
            to_act=_SEAT[nxt],
        )
    if phase == BID:
        if isinstance(action, Bid):
            return _ev(
                s,
                hands=_set(s.hands, p, _without(s.hands[p], action.kind)),
                known=_forget(s.known, p, action.kind),
                laid=_set(s.laid, p, _with(s.laid[p], action.kind)),
                bids=_set(s.bids, p, s.bids[p] + action.value),
            )
        if isinstance(action, BidDown):
            known = s.known
            if any(row[p] for o, row in enumerate(known) if o != p):
                # Nobody else can tell which card went face down.
                known = tuple(row if o == p else _set(row, p, ()) for o, row in enumerate(known))
            return _ev(
                s,
                hands=_set(s.hands, p, _without(s.hands[p], action.kind)),
                known=known,
                down=_set(s.down, p, action.kind),
                declared=_set(s.declared, p, action.value),
                bids=_set(s.bids, p, s.bids[p] + action.value),
            )
        passed, high, checkers = s.passed, s.high, s.checkers
        if isinstance(action, Done):
            high = p
            checkers = 0
        elif isinstance(action, Check):
            checkers |= 1 << p
        else:
            passed |= 1 << p
        nxt = _next_bidder(s, p, passed | checkers, high)
        if nxt < 0:
            if checkers:
                return _reveal(_ev(s, passed=passed, checkers=checkers))
            return _end_lot(s, high if high >= 0 else s.baca)
        return _ev(s, passed=passed, high=high, checkers=checkers, actor=nxt, to_act=_SEAT[nxt])
    if phase == AWARD:
        return _end_lot(s, action.seat)
    if phase == REDYK:
        if isinstance(action, Place):
            pen = action.pen - 1
            row = (*s.pens[p][pen], placed(action.kind, action.face))
            return _ev(
                s,
                hands=_set(s.hands, p, _without(s.hands[p], action.kind)),
                known=_forget(s.known, p, action.kind),
                pens=_set(s.pens, p, _set(s.pens[p], pen, row)),
            )
        if s.finished + 1 == n:
            return _open_window(s, SITE_SHEAR, s.baca)
        nxt = (p + 1) % n
        return _ev(s, finished=s.finished + 1, actor=nxt, to_act=_SEAT[nxt])
    if phase == SHEAR:
        if isinstance(action, Shear):
            return _shear(s, action.pen, action.bleat)
        return _end_shear_turn(s)
    if phase == CHOOSE:
        kind = action.kind
        lots = s.lots if kind == DOWN else _without(s.lots, kind)
        return _ev(
            s,
            lots=lots,
            lot=kind,
            phase=BID,
            actor=s.opener,
            to_act=_SEAT[s.opener],
            high=-1,
            passed=0,
        )
    if phase == HIDE:
        lots = _without(s.drawn, action.kind)
        s = _ev(s, drawn=(), lots=lots, face_down=action.kind)
        return _open_window(s, SITE_LOT, s.opener)
    if phase == TAKE:
        return take(s, action.kind)
    raise AssertionError(f"no action is legal in phase {phase}")  # pragma: no cover


def refusal(s: State, action: Any) -> str:
    """Why `action` is not legal now, naming the rule."""
    phase = s.phase
    p = s.actor
    name = type(action).__name__
    special = isinstance(action, Thief | Wolf | Black) or (
        isinstance(action, Dog) and action.target >= 0
    )
    if special:
        if phase != WINDOW:
            return (
                "special cards are played in the special-card windows (before each lot, "
                "before redyk, before shearing)"
            )
        kind = {"Thief": THIEF, "Wolf": WOLF, "Dog": DOG, "Black": BLACK}[name]
        if kind not in s.hands[p]:
            return f"you hold no {KIND_NAME[kind]} card"
        if isinstance(action, Thief):
            return "a Thief robs another player who holds at least one card"
        if isinstance(action, Dog):
            return "a Sheepdog drives off a wolf only from a pen that has one"
        if isinstance(action, Wolf):
            return "a Wolf goes over a pen of at least two cards that has no wolf yet"
        return "a Black Sheep swaps for a sheep in a pen of at least two cards"
    if isinstance(action, Dog):
        if phase != REACT:
            return "a Sheepdog cancels a special card only right after it is played"
        return "you hold no Sheepdog"
    if isinstance(action, Bid):
        if phase != BID:
            return "bids are laid only during a lot's auction"
        if action.kind not in s.hands[p]:
            return f"you hold no {KIND_NAME[action.kind]} to bid with"
        return "a Dolly counts for a value from 1 to 6"
    if isinstance(action, Done):
        if phase == BID:
            top = s.bids[s.high] if s.high >= 0 else 0
            return (
                f"a bid must beat the bid in force by at least 1: you have {s.bids[p]}, "
                f"you need at least {top + 1}"
            )
        return "there is nothing to finish now"
    if isinstance(action, Place):
        if phase != REDYK:
            return "sheep go into pens only during your redyk"
        if action.kind not in s.hands[p]:
            return f"you hold no {KIND_NAME[action.kind]}"
        return (
            f"pen {action.pen} does not take that sheep: a pen holds one colour in a rising "
            "run without gaps, or one value in different colours"
        )
    if isinstance(action, Shear):
        if phase != SHEAR:
            return "pens are sheared only during your shearing turn"
        if not s.pens[p][action.pen - 1]:
            return f"pen {action.pen} is empty"
        if action.bleat and not s.options.bleating:
            return "this game is played without the bleating rule; write 'shear N'"
        return "that pen would not make a fleece (a single card is discarded); write 'shear N'"
    if isinstance(action, Auction):
        if phase != CHOOSE:
            return "lots are chosen only by the opener before a lot's auction"
        return "that lot is not on the table"
    if isinstance(action, Hide):
        if phase != HIDE:
            return "only the baca hides a lot, right after drawing them"
        return "the baca hides one of the cards just drawn"
    if isinstance(action, Take):
        if phase != TAKE:
            return "a card is taken only when your Thief resolves"
        return "the Thief takes a card the robbed player holds"
    if isinstance(action, BidDown | Check | Award) and not s.options.bluff:
        return "face-down bids, checks and awards belong to the bluff rule (option bluff)"
    if isinstance(action, BidDown):
        if phase != BID:
            return "bids are laid only during a lot's auction"
        if s.down[p] >= 0:
            return "only one face-down card per player in each lot's auction"
        return f"you hold no {KIND_NAME[action.kind]}"
    if isinstance(action, Check):
        if phase != BID:
            return "a bluff is checked only during a lot's auction"
        if s.high < 0 or s.down[s.high] < 0:
            return "only a bid with a face-down card can be checked"
        return f"a check matches the bid exactly: you have {s.bids[p]}, it is {s.bids[s.high]}"
    if isinstance(action, Award):
        if phase != AWARD:
            return "the baca awards a lot only to settle a tie at a bluff reveal"
        return "the baca awards the lot to one of the tied players"
    if isinstance(action, Pass):
        return f"passing is not a choice in the {_PHASE_WORD[phase]} phase"
    return f"{action} is not legal in the {_PHASE_WORD[phase]} phase"


_PHASE_WORD = (
    "hide",
    "choose-a-lot",
    "bidding",
    "redyk",
    "shearing",
    "window",
    "reaction",
    "take",
    "over",
    "award",
)

"""Invariants every state and every view keeps; the codec checks them on every load.

A loaded document is hostile (see `meeple.core.trust`), so the checks first bound
every number that sizes work (the player count, lengths, card counts, card ids,
board spaces), then hold the fields to what a real game produces: cards conserved
(a view: what it shows fits in the game's cards, and the hidden cards add up), the
pawns on the board of the state's own options, and the phase agreeing with the
seat to act, the hands, the three-card move, the display and the last round.

`validate` (a state) and `validate_view` (a view) share everything that both
show; only the hands and the decks differ. Each raises ValueError naming the rule.

`validate` proves the codec's trial of the outcome and the views
(`meeple.core.trust.proves_trial`): scoring reads one collection per seat, each a
count per bear card kind within the kind's copies (so every set it builds is
bounded), and the city cards' owners (-1 or a seat); a view copies the table and
reads the seat's own hand, of which there is one per seat. Every index is in range.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import zip_longest
from operator import gt
from typing import TYPE_CHECKING

from meeple.core.trust import proves_trial

from .board import Board
from .board import load_board
from .components import BEAR_COUNTS
from .components import BEAR_KINDS
from .components import CITIES
from .components import HAND_SIZE
from .components import MAX_PLAYERS
from .components import MIN_PLAYERS
from .components import NO_CARD
from .components import NUM_COLOURS
from .components import RAINBOW
from .components import TRAVEL_COUNTS
from .components import TRAVEL_KINDS
from .state import BOX
from .state import DEPORT
from .state import DEPORT_TO
from .state import DROP
from .state import EXCHANGE
from .state import OVER
from .state import TARGET
from .state import TURN
from .state import USE

if TYPE_CHECKING:
    from .state import State
    from .view import View

__all__ = ["validate", "validate_view"]

_TRAVEL_TOTAL = sum(TRAVEL_COUNTS)
_BEAR_TOTAL = sum(BEAR_COUNTS)
_RNG_LIMIT = 1 << 64
_THREE = 3
"""Cards in a three-card move."""
_FULL_HAND_PHASES = (DEPORT, DEPORT_TO, TURN, DROP, OVER)
"""Phases in which the seat to act (or the last to act) holds a full hand."""
_TRAVELLING = (TURN, EXCHANGE, DROP, USE, TARGET)
"""Phases of a turn on the route (not in Poland, not in Edinburgh)."""


@proves_trial
def validate(s: State) -> None:
    """Raise ValueError naming the first broken invariant of a state."""
    board = _table(s)
    n = s.players
    if not 0 <= s.rng < _RNG_LIMIT:
        raise ValueError("the rng state is a 64-bit number")
    if len(s.hands) != n:
        raise ValueError("hands need one entry per seat")
    _counts(s.hands, TRAVEL_COUNTS, "hand")
    if not _within(s.travel_deck, TRAVEL_KINDS):
        raise ValueError("the travel deck holds an unknown card")
    if not _within(s.bear_deck, BEAR_KINDS):
        raise ValueError("the bear stack holds an unknown card")
    travel = _tally((*s.hands, s.travel_discard, s.pending), TRAVEL_KINDS)
    for k in s.travel_deck:
        travel[k] += 1
    if tuple(travel) != TRAVEL_COUNTS:
        raise ValueError(f"travel cards are not conserved: {travel} != {TRAVEL_COUNTS}")
    bears = _face_up_bears(s)
    for k in s.bear_deck:
        bears[k] += 1
    if tuple(bears) != BEAR_COUNTS:
        raise ValueError(f"bear cards are not conserved: {bears} != {BEAR_COUNTS}")
    in_hand = [sum(h) for h in s.hands]
    # Not `hand` (the three-card move's cards): `determinize` deals the seat to act a
    # random hand, which need not finish the move it began, then validates the state.
    _play(s, board, in_hand, None, len(s.bear_deck))


def validate_view(v: View) -> None:
    """Raise ValueError naming the first broken invariant of a seat's view: what it
    shows must be a picture of a state a real game can reach."""
    board = _table(v)
    n = v.players
    me = v.player
    if me is not None and (type(me) is not int or not 0 <= me < n):
        raise ValueError(f"the view belongs to seat {me!r}, which does not exist")
    if len(v.hand_sizes) != n or any(not 0 <= c <= HAND_SIZE for c in v.hand_sizes):
        raise ValueError(f"each of the {n} seats holds 0-{HAND_SIZE} travel cards")
    if me is None:
        if v.hand:
            raise ValueError("a spectator sees no hand")
    else:
        _counts((v.hand,), TRAVEL_COUNTS, "hand")
        if sum(v.hand) != v.hand_sizes[me]:
            raise ValueError(f"the viewer's hand size is {v.hand_sizes[me]}, not {sum(v.hand)}")
    if not 0 <= v.travel_deck_size <= _TRAVEL_TOTAL:
        raise ValueError(f"the travel deck holds 0-{_TRAVEL_TOTAL} cards")
    if not 0 <= v.bear_deck_size <= _BEAR_TOTAL:
        raise ValueError(f"the bear stack holds 0-{_BEAR_TOTAL} cards")
    seen = _tally((v.hand, v.travel_discard, v.pending), TRAVEL_KINDS)
    if any(c > limit for c, limit in zip(seen, TRAVEL_COUNTS, strict=True)):
        raise ValueError(f"the view shows more travel cards than the game has: {seen}")
    travel = v.travel_deck_size + sum(v.hand_sizes) + sum(v.travel_discard) + sum(v.pending)
    if travel != _TRAVEL_TOTAL:
        raise ValueError(f"travel cards are not conserved: {travel} cards, not {_TRAVEL_TOTAL}")
    bears = _face_up_bears(v)
    if any(c > limit for c, limit in zip(bears, BEAR_COUNTS, strict=True)):
        raise ValueError(f"the view shows more bear cards than the game has: {bears}")
    if v.bear_deck_size + sum(bears) != _BEAR_TOTAL:
        raise ValueError(
            f"bear cards are not conserved: {v.bear_deck_size + sum(bears)}, not {_BEAR_TOTAL}"
        )
    hand = v.hand if me is not None and me == v.current else None
    _play(v, board, v.hand_sizes, hand, v.bear_deck_size)


def _table(t: State | View) -> Board:
    """What a state and a view both show, bounded: seats, phase, round, and the shape
    and range of every face-up pile. Returns the board of `t`'s options."""
    n = t.players
    if type(n) is not int or not MIN_PLAYERS <= n <= MAX_PLAYERS:
        raise ValueError(f"wojtek is for {MIN_PLAYERS}-{MAX_PLAYERS} players, not {n}")
    board = load_board(t.options.board)
    if not 0 <= t.phase <= OVER:
        raise ValueError(f"unknown phase {t.phase}")
    if not 0 <= t.current < n:
        raise ValueError(f"current seat {t.current} is not a seat")
    expected = frozenset() if t.phase == OVER else frozenset({t.current})
    if t.to_act != expected:
        raise ValueError(f"to_act {sorted(t.to_act)} does not match the phase and seat")
    if not 1 <= t.round <= t.options.round_limit:
        raise ValueError(f"round {t.round} is outside 1..{t.options.round_limit}")
    if (t.phase in (DEPORT, DEPORT_TO)) != (t.round == 1):
        raise ValueError("round 1 is the deportation round, and deportations happen in it only")
    if len(t.positions) != n or len(t.collections) != n:
        raise ValueError("positions and collections need one entry per seat")
    _counts(t.collections, BEAR_COUNTS, "collection")
    _counts((t.bear_discard,), BEAR_COUNTS, "bear discard pile")
    _counts((t.travel_discard,), TRAVEL_COUNTS, "travel discard pile")
    _counts((t.pending,), TRAVEL_COUNTS, "three-card move")
    if len(t.display) != NUM_COLOURS:
        raise ValueError(f"the display has {NUM_COLOURS} boxes, not {len(t.display)}")
    for k in t.display:
        if not NO_CARD <= k < BEAR_KINDS:
            raise ValueError(f"the display shows bear card id {k}, which does not exist")
    if len(t.city_owner) != len(CITIES) or any(not -1 <= o < n for o in t.city_owner):
        raise ValueError("each of the 6 city cards is on the board (-1) or held by a seat")
    if len(t.last_round) >= n:
        raise ValueError(f"the last round lists each other seat at most once: {len(t.last_round)}")
    if any(not 0 <= q < n for q in t.last_round):
        raise ValueError("the last round lists a seat that does not exist")
    return board


def _play(
    t: State | View,
    board: Board,
    in_hand: Sequence[int],
    hand: Sequence[int] | None,
    bear_deck: int,
) -> None:
    """Where the pawns stand, and how the phase agrees with everything else.

    `in_hand` is each seat's hand size, `hand` the hand of the seat to act if it is
    known, `bear_deck` the size of the bear stack.
    """
    phase = t.phase
    current = t.current
    positions = t.positions
    spaces = len(board.ids)
    for p, pos in enumerate(positions):
        if not 0 <= pos < spaces:
            raise ValueError(f"pawn {p} stands on no space ({pos})")
        if pos not in board.shared and positions.count(pos) > 1:
            raise ValueError(f"two pawns share the space {board.ids[pos]!r}")
        if t.round > 1 and pos == board.start:
            raise ValueError(f"pawn {p} was never deported")
        if t.round == 1 and p < current and pos not in board.sites:
            raise ValueError(f"pawn {p} was deported in round 1, so it stands on a site")
        if t.round == 1 and p >= current and pos != board.start:
            raise ValueError(f"pawn {p} waits for its deportation in Poland")
    for city, owner in enumerate(t.city_owner):
        if owner < 0:
            continue
        space = board.city_of.index(city)
        if positions[owner] not in (space, *board.ahead[space]):
            raise ValueError(f"player {owner} holds {CITIES[city]} without having reached it")
    at = positions[current]
    if phase in _TRAVELLING and at in (board.start, board.finish):
        raise ValueError("a player in Poland or Edinburgh cannot be travelling")
    if phase == BOX and at != board.finish:
        raise ValueError("only a player arriving in Edinburgh picks any box")
    _hands(t, in_hand, hand)
    if NO_CARD in t.display and (bear_deck or any(t.bear_discard)):
        raise ValueError("a box stays empty only when the bear stack and its discards are")
    if phase in (DROP, BOX) and all(k == NO_CARD for k in t.display):
        raise ValueError("a bear card is dropped or picked from a box that holds one")
    if phase == DROP and t.options.no_drop_on_three:
        raise ValueError("with no_drop_on_three a three-card move drops no bear card")
    if phase == DEPORT_TO and not t.travel_discard[RAINBOW]:
        raise ValueError("a rainbow card was drawn, so it lies on the travel discard pile")
    _ending(t, board)


def _hands(t: State | View, in_hand: Sequence[int], hand: Sequence[int] | None) -> None:
    """Hand sizes by phase, and the three-card move in progress."""
    phase = t.phase
    current = t.current
    if any(c > HAND_SIZE for c in in_hand):
        raise ValueError(f"no hand holds more than {HAND_SIZE} travel cards: {list(in_hand)}")
    if any(c != HAND_SIZE for p, c in enumerate(in_hand) if p != current):
        raise ValueError(f"a seat holds {HAND_SIZE} cards outside its own turn: {list(in_hand)}")
    pending = sum(t.pending)
    if phase in (USE, TARGET):
        colours = [c for c in range(NUM_COLOURS) if t.pending[c]]
        if len(colours) > 1:
            raise ValueError("a three-card move plays rainbow cards and one truck colour")
        if phase == USE and pending >= _THREE:
            raise ValueError("three cards are played: the colour must be chosen")
        if phase == TARGET and pending != _THREE:
            raise ValueError("a three-card move needs three cards before its colour is chosen")
    elif pending:
        raise ValueError("three-card move cards are pending outside a three-card move")
    held = in_hand[current]
    if phase in _FULL_HAND_PHASES:
        want: tuple[int, ...] = (HAND_SIZE,)
    elif phase == EXCHANGE:
        want = tuple(range(HAND_SIZE))
    elif phase in (USE, TARGET):
        want = (HAND_SIZE - pending,)
    else:  # BOX: after a walk (one card) or a three-card move (three)
        want = (HAND_SIZE - 1, HAND_SIZE - _THREE)
    if held not in want:
        raise ValueError(f"the seat to act holds {held} travel cards in this phase, not {want}")
    if hand is not None and phase in (DROP, USE):
        fixed = next((c for c in range(NUM_COLOURS) if t.pending[c]), None)
        best = hand[fixed] if fixed is not None else max(hand[:NUM_COLOURS])
        if hand[RAINBOW] + best < _THREE - pending:
            raise ValueError("the seat to act holds too few cards to finish its three-card move")


def _ending(t: State | View, board: Board) -> None:
    """The last round begins when a pawn reaches Edinburgh (or a set is complete: not
    checked, the rule tests build positions with complete sets mid-game) and lists the
    seats still to play, in turn order."""
    n = t.players
    arriving = t.current if t.phase == BOX else None
    if not t.ending:
        if t.last_round:
            raise ValueError("seats wait for a last turn but the last round has not begun")
        for p, pos in enumerate(t.positions):
            if pos == board.finish and p != arriving:
                raise ValueError(f"pawn {p} reached Edinburgh, so the last round has begun")
        return
    if t.round == 1:
        raise ValueError("the last round cannot begin in the deportation round")
    if t.phase == OVER and t.last_round:
        raise ValueError("seats wait for a last turn after the game ended")
    steps = [(q - t.current) % n for q in t.last_round]
    if steps != sorted(set(steps)):  # (the seat to act itself is tolerated first)
        raise ValueError("the last round lists later seats in turn order, each once")
    if any(t.positions[q] == board.finish for q in t.last_round):
        raise ValueError("a seat in Edinburgh takes no last turn")


def _tally(groups: Sequence[Sequence[int]], width: int) -> list[int]:
    """Per kind, the cards of several piles counted by kind (each `width` counts long,
    as `_counts` has checked, or empty: a spectator's hand)."""
    total = list(map(sum, zip_longest(*groups, fillvalue=0)))
    return total + [0] * (width - len(total))


def _within(ids: Sequence[int], limit: int) -> bool:
    """Whether every id is one of 0..limit-1."""
    return not ids or (min(ids) >= 0 and max(ids) < limit)


def _face_up_bears(t: State | View) -> list[int]:
    """Per kind, the bear cards on the table: collections, discards and the display."""
    bears = _tally((*t.collections, t.bear_discard), BEAR_KINDS)
    for k in t.display:
        if k != NO_CARD:
            bears[k] += 1
    return bears


def _counts(groups: Sequence[Sequence[int]], limits: Sequence[int], what: str) -> None:
    """Each group counts cards by kind: one count per kind, within the kind's copies."""
    width = len(limits)
    for group in groups:
        if len(group) != width:
            raise ValueError(f"a {what} needs {width} counts (one per kind), not {len(group)}")
        if min(group) < 0 or any(map(gt, group, limits)):
            for k, (c, limit) in enumerate(zip(group, limits, strict=True)):
                if not 0 <= c <= limit:
                    raise ValueError(f"a {what} holds 0-{limit} cards of kind {k}, not {c}")

"""What a legal action does, chance included, and who decides next (pure functions).

Every successor is one `replace(state, ...)` naming only what changes; the helpers
return changed values, never a half-built state. A turn that moves the pawn runs
`_arrive` (move, claim a city card) and then `_end_turn` (take the box's bear
card, refill the hand, pass the turn on). Card draws and reshuffles happen in
`piles`, on the rng threaded through ``state.rng``.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache
from operator import add
from typing import TYPE_CHECKING
from typing import Any
from typing import Final

from meeple.core import NOBODY
from meeple.core import ONE_SEAT
from meeple.core import replace
from meeple.core.edit import bump
from meeple.core.edit import put

from .actions import Action
from .actions import Box
from .actions import Done
from .actions import Draw
from .actions import Drop
from .actions import Exchange
from .actions import Three
from .actions import To
from .actions import Truck
from .actions import Use
from .actions import Walk
from .board import Board
from .board import load_board
from .components import CARDS_PER_TYPE
from .components import NO_BEARS
from .components import NO_CARD
from .components import RAINBOW
from .components import ZERO_TRAVEL
from .piles import discard_bears
from .piles import draw_one
from .piles import refill
from .piles import take_box
from .route import three_card_targets
from .route import truck_target
from .route import walk_targets
from .scoring import completes_set
from .scoring import set_sizes
from .state import BOX
from .state import DEPORT
from .state import DEPORT_TO
from .state import DROP
from .state import EXCHANGE
from .state import OVER
from .state import TARGET
from .state import TURN
from .state import USE
from .state import Phase

if TYPE_CHECKING:
    from .state import State

__all__ = ["successor"]

_AFTER: Final = tuple(
    tuple(tuple((p + i) % n for i in range(1, n)) for p in range(n)) if n else () for n in range(6)
)
"""_AFTER[players][seat]: the other seats in turn order after `seat`."""
_NO_BOX: Final = -1
"""`_arrive`'s box when the player picks one (walked or three-carded into Edinburgh)."""


def successor(state: State, action: Action, player: int) -> State:
    """The state after a legal `action` of `player`."""
    return _STEPS[type(action)](state, action, player)


@cache  # a pure function of a hand and a kind: a few thousand entries at most
def _without(hand: tuple[int, ...], kind: int) -> tuple[int, ...]:
    """The hand after one card of `kind` leaves it."""
    out = list(hand)
    out[kind] -= 1
    return tuple(out)


# -- steps that do not end the turn ------------------------------------------------


def _exchange(s: State, a: Exchange, p: int) -> State:
    """Discard one card for an exchange (the commonest step)."""
    kind = a.kind
    return replace(
        s,
        phase=EXCHANGE,
        hands=put(s.hands, p, _without(s.hands[p], kind)),
        travel_discard=bump(s.travel_discard, kind, 1),
    )


def _three(s: State, a: Three, p: int) -> State:
    """Start a three-card move: drop a bear card first, unless none is left or the
    variant skips it."""
    skip = s.options.no_drop_on_three or all(card == NO_CARD for card in s.display)
    return replace(s, phase=USE if skip else DROP)


def _drop(s: State, a: Drop, p: int) -> State:
    """Discard the bear card of a box and refill the box from the stack."""
    colour = a.colour
    pile = discard_bears(s.bear_discard, (s.display[colour],))
    card, bear_deck, bear_discard, rng = draw_one(s.bear_deck, pile, s.rng, NO_BEARS)
    return replace(
        s,
        rng=rng,
        phase=USE,
        bear_deck=bear_deck,
        bear_discard=bear_discard,
        display=put(s.display, colour, card),
    )


def _use(s: State, a: Use, p: int) -> State:
    """Play one card of a three-card move; after the third, the colour is chosen."""
    kind = a.kind
    pending = bump(s.pending, kind, 1)
    return replace(
        s,
        phase=TARGET if sum(pending) == 3 else USE,
        hands=put(s.hands, p, _without(s.hands[p], kind)),
        pending=pending,
    )


# -- moves -------------------------------------------------------------------------


def _draw(s: State, a: Draw, p: int) -> State:
    """The deportation: the drawn card is used up and decides the site."""
    card, deck, discard, rng = draw_one(s.travel_deck, s.travel_discard, s.rng, ZERO_TRAVEL)
    discard = bump(discard, card, 1)
    if card == RAINBOW:
        return replace(s, rng=rng, phase=DEPORT_TO, travel_deck=deck, travel_discard=discard)
    board = load_board(s.options.board)
    return _arrive(s, p, board, board.sites[card], card, s.hands, deck, discard, rng)


def _truck(s: State, a: Truck, p: int) -> State:
    colour = a.colour
    board = load_board(s.options.board)
    space = truck_target(board, s.positions, s.positions[p], colour)
    hands = put(s.hands, p, _without(s.hands[p], colour))
    discard = bump(s.travel_discard, colour, 1)
    return _arrive(s, p, board, space, colour, hands, s.travel_deck, discard, s.rng)


def _walk(s: State, a: Walk, p: int) -> State:
    board = load_board(s.options.board)
    space = walk_targets(board, s.positions, s.positions[p])[a.target]
    hands = put(s.hands, p, _without(s.hands[p], RAINBOW))
    discard = bump(s.travel_discard, RAINBOW, 1)
    return _arrive(s, p, board, space, _NO_BOX, hands, s.travel_deck, discard, s.rng)


def _to(s: State, a: To, p: int) -> State:
    """Go to a deportation site (rainbow draw) or end a three-card move."""
    board = load_board(s.options.board)
    target = a.target
    if s.phase == DEPORT_TO:
        site = board.sites[target]
        return _arrive(s, p, board, site, target, s.hands, s.travel_deck, s.travel_discard, s.rng)
    discard = tuple(map(add, s.travel_discard, s.pending))
    space = three_card_targets(board, s.positions, s.positions[p])[target]
    return _arrive(s, p, board, space, _NO_BOX, s.hands, s.travel_deck, discard, s.rng)


def _arrive(
    s: State,
    p: int,
    board: Board,
    space: int,
    box: int,
    hands: tuple[tuple[int, ...], ...],
    travel_deck: tuple[int, ...],
    travel_discard: tuple[int, ...],
    rng: int,
) -> State:
    """Move the pawn, claim a city card, take a bear card (or ask which, in Edinburgh).

    `box` is the colour whose bear card is taken, or _NO_BOX for a walk or a
    three-card move (the colour of the space decides, or in Edinburgh the player).
    """
    positions = put(s.positions, p, space)
    city_owner = s.city_owner
    city = board.city_of[space]
    first = city >= 0 and city_owner[city] < 0
    if first:
        city_owner = put(city_owner, city, p)
    if box == _NO_BOX:
        if space == board.finish:
            if any(card != NO_CARD for card in s.display):
                return replace(
                    s,
                    rng=rng,
                    phase=BOX,
                    positions=positions,
                    hands=hands,
                    travel_deck=travel_deck,
                    travel_discard=travel_discard,
                    city_owner=city_owner,
                    pending=ZERO_TRAVEL,
                )
            # Every box is empty: no card to take.
            return _end_turn(
                s,
                p,
                board,
                _NO_BOX,
                False,
                positions,
                hands,
                travel_deck,
                travel_discard,
                rng,
                city_owner,
            )
        box = board.colours[space]
    refresh = _refreshes(s, board, space, first)
    return _end_turn(
        s, p, board, box, refresh, positions, hands, travel_deck, travel_discard, rng, city_owner
    )


def _refreshes(s: State, board: Board, space: int, first: bool) -> bool:
    """Whether arriving on `space` replaces the display: a city's first arrival, or
    (option ``refresh_every_edinburgh``) any arrival in Edinburgh; never for younger
    children."""
    options = s.options
    if options.no_city_refresh:
        return False
    return first or (options.refresh_every_edinburgh and space == board.finish)


# -- steps that end the turn ---------------------------------------------------------


def _box(s: State, a: Box, p: int) -> State:
    """In Edinburgh after a walk or three cards: take the bear card of any box."""
    board = load_board(s.options.board)
    space = s.positions[p]
    city = board.city_of[space]
    refresh = _refreshes(s, board, space, city >= 0 and s.city_owner[city] == p)
    return _end_turn_in_place(s, p, board, a.colour, refresh)


def _done(s: State, a: Done, p: int) -> State:
    """End an exchange: refill the hand and pass the turn on (no bear card is taken)."""
    return _end_turn_in_place(s, p, load_board(s.options.board), _NO_BOX, False)


def _end_turn_in_place(s: State, p: int, board: Board, box: int, refresh: bool) -> State:
    """`_end_turn` after a step that moved no pawn and played no travel card (taking
    a box in Edinburgh, the end of an exchange)."""
    return _end_turn(
        s,
        p,
        board,
        box,
        refresh,
        s.positions,
        s.hands,
        s.travel_deck,
        s.travel_discard,
        s.rng,
        s.city_owner,
    )


def _end_turn(
    s: State,
    p: int,
    board: Board,
    box: int,
    refresh: bool,
    positions: tuple[int, ...],
    hands: tuple[tuple[int, ...], ...],
    travel_deck: tuple[int, ...],
    travel_discard: tuple[int, ...],
    rng: int,
    city_owner: tuple[int, ...],
) -> State:
    """Take the `box` bear card (see `take_box`), refill the hand, pass the turn on."""
    display = s.display
    collections = s.collections
    bear_deck = s.bear_deck
    bear_discard = s.bear_discard
    taken = NO_CARD
    if box != _NO_BOX:
        taken, display, collections, bear_deck, bear_discard, rng = take_box(
            p, box, refresh, display, collections, bear_deck, bear_discard, rng
        )
    hand, travel_deck, travel_discard, rng = refill(hands[p], travel_deck, travel_discard, rng)
    to_act, phase, current, round_, last_round, ending = _next_turn(
        s, p, board, positions, collections[p], taken, city_owner
    )
    return replace(
        s,
        to_act=to_act,
        rng=rng,
        phase=phase,
        current=current,
        round=round_,
        positions=positions,
        hands=put(hands, p, hand),
        travel_deck=travel_deck,
        travel_discard=travel_discard,
        bear_deck=bear_deck,
        bear_discard=bear_discard,
        display=display,
        collections=collections,
        city_owner=city_owner,
        pending=ZERO_TRAVEL,
        last_round=last_round,
        ending=ending,
    )


def _next_turn(
    s: State,
    p: int,
    board: Board,
    positions: tuple[int, ...],
    collection: tuple[int, ...],
    taken: int,
    city_owner: tuple[int, ...],
) -> tuple[frozenset[int], Phase, int, int, tuple[int, ...], bool]:
    """Who plays next, after `p`'s turn: (to_act, phase, current, round, last_round, ending).

    The last round begins when `p` reached Edinburgh or completed a set with the
    card just `taken` (or, with ``substitute_sets_end_game``, with substitutes); the
    game ends when the last round is played out, when everyone is in Edinburgh or
    after the round limit.
    """
    finish = board.finish
    after = _AFTER[s.players][p]
    ending = s.ending
    last_round = s.last_round
    if not ending and (
        positions[p] == finish
        or completes_set(collection, taken)
        or (s.options.substitute_sets_end_game and _substitutes_complete(p, collection, city_owner))
    ):
        ending = True
        last_round = tuple(q for q in after if positions[q] != finish)
    if ending:
        if not last_round:
            return NOBODY, OVER, p, s.round, (), ending
        nxt = last_round[0]
        last_round = last_round[1:]
    else:
        for nxt in after:
            if positions[nxt] != finish:
                break
        else:  # everyone is in Edinburgh (the last round always ends first)
            return NOBODY, OVER, p, s.round, (), ending
    round_ = s.round
    if nxt <= p:
        round_ += 1
        if round_ > s.options.round_limit:
            return NOBODY, OVER, p, s.round, (), ending
    return ONE_SEAT[nxt], DEPORT if round_ == 1 else TURN, nxt, round_, last_round, ending


def _substitutes_complete(p: int, collection: tuple[int, ...], city_owner: tuple[int, ...]) -> bool:
    """Option ``substitute_sets_end_game``: whether `p`'s best set holds six, counting
    pairs of city and person cards (a city card claimed this turn included)."""
    cities = sum(1 for owner in city_owner if owner == p)
    sizes = set_sizes(collection, cities)
    return bool(sizes) and sizes[0] == CARDS_PER_TYPE


_STEPS: Final[dict[type, Callable[[State, Any, int], State]]] = {
    Truck: _truck,
    Walk: _walk,
    Three: _three,
    Drop: _drop,
    Use: _use,
    To: _to,
    Exchange: _exchange,
    Done: _done,
    Box: _box,
    Draw: _draw,
}
"""The transition of each action class."""

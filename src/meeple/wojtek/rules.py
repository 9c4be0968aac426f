"""Legal actions and transitions of Miś Wojtek: pure functions over a `State`.

A turn is split into phases, each a short list of choices (DESIGN.md principle 4):

========== ============================================================
phase      choices
========== ============================================================
DEPORT     ``draw`` (first round: draw a travel card, go to its site)
DEPORT_TO  ``to <colour>`` (the drawn card was a rainbow card)
TURN       ``truck <c>``, ``walk <c>``, ``three``, ``exchange <kind>``
EXCHANGE   ``exchange <kind>`` again, or ``done``
DROP       ``drop <c>`` (three-card move: discard a display card)
USE        ``use <kind>`` (three-card move: play a card, three times)
TARGET     ``to <c>`` / ``to edinburgh`` (three-card move: where to)
BOX        ``box <c>`` (walked or three-carded into Edinburgh: any box)
========== ============================================================

Chance (drawing travel and bear cards, reshuffling discards) happens inside the
transition with `meeple.core.rng`, threaded through ``state.rng``.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache
from typing import Any

from .actions import (
    BOX,
    DONE,
    DRAW,
    DROP,
    EDINBURGH,
    EXCHANGE,
    THREE,
    TO,
    TRUCK,
    USE,
    WALK,
    Action,
    Box,
    Done,
    Draw,
    Drop,
    Exchange,
    Three,
    To,
    Truck,
    Use,
    Walk,
)
from .chance import shuffled
from .components import (
    BEAR_KINDS,
    COLOURS,
    HAND_SIZE,
    NO_CARD,
    NUM_COLOURS,
    RAINBOW,
    TRAVEL_KINDS,
    Board,
    load_board,
)
from .scoring import completes_set
from .state import (
    BOX_PHASE,
    DEPORT,
    DEPORT_TO,
    DROP_PHASE,
    EXCHANGE_PHASE,
    OVER,
    SEATS,
    TARGET,
    TURN,
    USE_PHASE,
    ZERO_TRAVEL,
    State,
)

__all__ = ["legal", "refusal", "successor", "three_card_targets", "truck_target", "walk_targets"]

_NOBODY: frozenset[int] = frozenset()
_AFTER: tuple[tuple[tuple[int, ...], ...], ...] = tuple(
    tuple(tuple((p + i) % n for i in range(1, n)) for p in range(n)) if n else () for n in range(6)
)
"""_AFTER[players][seat]: the other seats in turn order after `seat`."""
_COLOURS = range(NUM_COLOURS)
_KINDS = range(TRAVEL_KINDS)


# -- geometry ---------------------------------------------------------------
def truck_target(board: Board, positions: tuple[int, ...], at: int, colour: int) -> int:
    """The nearest empty space of `colour` ahead of `at`, jumping pawns; else Edinburgh."""
    for space in board.colour_ahead[at][colour]:
        if space not in positions:
            return space
    return board.finish


def walk_targets(board: Board, positions: tuple[int, ...], at: int) -> dict[int, int]:
    """Target (colour id or EDINBURGH) -> space a walking card reaches, passing no pawn.

    Each colour goes to its nearest space before the first pawn ahead; if the way
    to Edinburgh is clear, Edinburgh stands in for every colour not seen on the way.
    """
    finish = board.finish
    colours = board.colours
    found: dict[int, int] = {}
    for space in board.ahead[at]:
        if space == finish:
            if len(found) < NUM_COLOURS:
                found[EDINBURGH] = finish
            break
        if space in positions:
            break
        colour = colours[space]
        if colour not in found:
            found[colour] = space
    return found


def three_card_targets(board: Board, positions: tuple[int, ...], at: int) -> dict[int, int]:
    """Target -> space of a three-card move (truck-style); colours sharing Edinburgh merge."""
    found: dict[int, int] = {}
    for colour in _COLOURS:
        space = truck_target(board, positions, at, colour)
        found[EDINBURGH if space == board.finish else colour] = space
    return dict(sorted(found.items()))


# -- legal actions ------------------------------------------------------------
# The memo tables below cache pure functions of a hand (a few hundred distinct
# hands exist), so `legal` allocates little on the hot path.
@cache
def _turn_parts(
    hand: tuple[int, ...],
) -> tuple[tuple[Action, ...], tuple[Action, ...], tuple[Action, ...]]:
    """(truck moves, three-card move and exchanges, both together) of a turn's start."""
    trucks = tuple(TRUCK[c] for c in _COLOURS if hand[c])
    three: tuple[Action, ...] = (THREE,) if hand[RAINBOW] + max(hand[:NUM_COLOURS]) >= 3 else ()
    rest = three + tuple(EXCHANGE[k] for k in _KINDS if hand[k])
    return trucks, rest, trucks + rest


@cache
def _without(hand: tuple[int, ...], kind: int) -> tuple[int, ...]:
    """The hand after one card of `kind` leaves it."""
    out = list(hand)
    out[kind] -= 1
    return tuple(out)


@cache
def _exchange_actions(hand: tuple[int, ...]) -> tuple[Action, ...]:
    return (*(EXCHANGE[k] for k in _KINDS if hand[k]), DONE)


@cache
def _use_actions(hand: tuple[int, ...], pending: tuple[int, ...]) -> tuple[Action, ...]:
    return tuple(USE[k] for k in _usable(hand, pending))


def _box_actions(display: tuple[int, ...], table: tuple[Action, ...]) -> tuple[Action, ...]:
    return tuple(table[c] for c in _COLOURS if display[c] != NO_CARD)


def legal(state: State, player: int) -> tuple[Action, ...]:
    """Every legal action of `player` (who is to act) in a fixed order."""
    phase = state.phase
    hand = state.hands[player]
    if phase == TURN:
        trucks, rest, both = _turn_parts(hand)
        if hand[RAINBOW]:
            board = load_board(state.options.board)
            targets = walk_targets(board, state.positions, state.positions[player])
            return (*trucks, *(WALK[t] for t in sorted(targets)), *rest)
        return both
    if phase == EXCHANGE_PHASE:
        return _exchange_actions(hand)
    if phase == USE_PHASE:
        return _use_actions(hand, state.pending)
    if phase == DEPORT:
        return (DRAW,)
    if phase == DROP_PHASE:
        return _box_actions(state.display, DROP)
    if phase == TARGET:
        board = load_board(state.options.board)
        targets = three_card_targets(board, state.positions, state.positions[player])
        return tuple(TO[t] for t in targets)
    if phase == DEPORT_TO:
        return TO[:NUM_COLOURS]
    if phase == BOX_PHASE:
        return _box_actions(state.display, BOX)
    return ()


def _usable(hand: tuple[int, ...], pending: tuple[int, ...]) -> list[int]:
    """Card kinds that can be played next in a three-card move and still make three."""
    need = 3 - sum(pending)
    fixed = next((c for c in _COLOURS if pending[c]), None)
    rainbow = hand[RAINBOW]
    out: list[int] = []
    for c in _COLOURS:
        if hand[c] and (fixed is None or fixed == c) and rainbow + hand[c] >= need:
            out.append(c)
    if rainbow:
        best = hand[fixed] if fixed is not None else max(hand[:NUM_COLOURS])
        if rainbow - 1 + best >= need - 1:
            out.append(RAINBOW)
    return out


def refusal(state: State, action: object, player: int) -> str:
    """Which rule refuses `action` (it is not legal for `player` now)."""
    phase = state.phase
    hand = state.hands[player]
    expected = {
        DEPORT: "the deportation round: draw a travel card ('draw')",
        DEPORT_TO: "a deportation on a rainbow card: choose a site ('to <colour>')",
        TURN: "the start of a turn: travel ('truck', 'walk', 'three') or 'exchange'",
        EXCHANGE_PHASE: "an exchange: discard more cards ('exchange <kind>') or 'done'",
        DROP_PHASE: "a three-card move: first discard a bear card from the board ('drop')",
        USE_PHASE: "a three-card move: play travel cards ('use <kind>')",
        TARGET: "a three-card move: choose the colour to travel to ('to <colour>')",
        BOX_PHASE: "an arrival in Edinburgh: choose a box to take from ('box <colour>')",
    }.get(phase, "the end of the game")
    wrong_phase = f"this is {expected}"
    if isinstance(action, Truck | Walk | Three) and phase == TURN:
        if isinstance(action, Truck):
            name = COLOURS[action.colour]
            return f"a truck move needs a {name} truck card in hand, and you hold none"
        if isinstance(action, Walk):
            if not hand[RAINBOW]:
                return "walking needs a rainbow card in hand, and you hold none"
            return (
                f"walking cannot reach a {str(action)[5:]} space: a walking bear stops at "
                "the nearest empty space of its colour and may not pass another pawn"
            )
        return (
            "the three-card move needs three travel cards: rainbow cards plus truck "
            "cards of one colour"
        )
    if isinstance(action, Exchange) and phase in (TURN, EXCHANGE_PHASE):
        return f"you hold no {str(action)[9:]} travel card to exchange"
    if isinstance(action, Use) and phase == USE_PHASE:
        if not hand[action.kind]:
            return f"you hold no {str(action)[4:]} travel card"
        return (
            "a three-card move plays rainbow cards and truck cards of one single colour; "
            f"{action} cannot complete three such cards"
        )
    if (isinstance(action, Drop) and phase == DROP_PHASE) or (
        isinstance(action, Box) and phase == BOX_PHASE
    ):
        return f"the {COLOURS[action.colour]} box on the board is empty"
    if isinstance(action, To) and phase == TARGET:
        return (
            "Edinburgh is reached only when no empty space of the chosen colour lies ahead; "
            "name that colour's space otherwise"
            if action.target == EDINBURGH
            else "no empty space of that colour lies ahead: it is 'to edinburgh' now"
        )
    if isinstance(action, To) and phase == DEPORT_TO:
        return "deportation sends the pawn to a site of one of the seven colours"
    return wrong_phase


# -- transitions ----------------------------------------------------------------
class _Work:
    """Mutable scratch copy of the parts of a state one transition changes."""

    __slots__ = (
        "bear_deck",
        "bear_discard",
        "board",
        "city_owner",
        "collections",
        "display",
        "ending",
        "hands",
        "last_round",
        "pending",
        "phase",
        "positions",
        "rng",
        "round",
        "state",
        "taken",
        "travel_deck",
        "travel_discard",
    )

    def __init__(self, state: State) -> None:
        self.state = state
        self.board = load_board(state.options.board)
        self.rng = state.rng
        self.phase = state.phase
        self.round = state.round
        self.positions = state.positions
        self.hands = state.hands
        self.travel_deck = state.travel_deck
        self.travel_discard = state.travel_discard
        self.bear_deck = state.bear_deck
        self.bear_discard = state.bear_discard
        self.display = state.display
        self.collections = state.collections
        self.city_owner = state.city_owner
        self.pending = state.pending
        self.last_round = state.last_round
        self.ending = state.ending
        self.taken = NO_CARD

    def build(self, current: int, to_act: frozenset[int]) -> State:
        s = self.state
        return State(
            s.players,
            to_act,
            self.rng,
            s.options,
            self.phase,
            current,
            self.round,
            self.positions,
            self.hands,
            self.travel_deck,
            self.travel_discard,
            self.bear_deck,
            self.bear_discard,
            self.display,
            self.collections,
            self.city_owner,
            self.pending,
            self.last_round,
            self.ending,
        )

    # travel cards
    def set_hand(self, player: int, hand: list[int]) -> None:
        hands = list(self.hands)
        hands[player] = tuple(hand)
        self.hands = tuple(hands)

    def play_card(self, player: int, kind: int) -> None:
        hands = list(self.hands)
        hands[player] = _without(hands[player], kind)
        self.hands = tuple(hands)

    def discard_travel(self, kind: int, count: int = 1) -> None:
        pile = list(self.travel_discard)
        pile[kind] += count
        self.travel_discard = tuple(pile)

    def draw_travel(self) -> int:
        """The top travel card; the discards are reshuffled when the deck runs out."""
        deck = self.travel_deck
        if not deck:
            pile = self.travel_discard
            cards = [k for k in _KINDS for _ in range(pile[k])]
            if not cards:
                return -1
            deck, self.rng = shuffled(self.rng, cards)
            self.travel_discard = ZERO_TRAVEL
        self.travel_deck = deck[:-1]
        return deck[-1]

    def refill_hand(self, player: int) -> None:
        hand = self.hands[player]
        missing = HAND_SIZE - sum(hand)
        if missing <= 0:
            return
        new = list(hand)
        deck = self.travel_deck
        if len(deck) >= missing:  # the usual case: take them all at once
            for card in deck[-missing:]:
                new[card] += 1
            self.travel_deck = deck[:-missing]
        else:
            for _ in range(missing):
                card = self.draw_travel()
                if card < 0:
                    break
                new[card] += 1
        self.set_hand(player, new)

    # bear cards
    def draw_bear(self) -> int:
        """The top bear card; the discards are reshuffled when the stack runs out."""
        deck = self.bear_deck
        if not deck:
            pile = self.bear_discard
            cards = [k for k in range(BEAR_KINDS) for _ in range(pile[k])]
            if not cards:
                return NO_CARD
            deck, self.rng = shuffled(self.rng, cards)
            self.bear_discard = (0,) * BEAR_KINDS
        self.bear_deck = deck[:-1]
        return deck[-1]

    def discard_bears(self, cards: list[int]) -> None:
        pile = list(self.bear_discard)
        for card in cards:
            if card != NO_CARD:
                pile[card] += 1
        self.bear_discard = tuple(pile)

    def take_box(self, player: int, colour: int, *, refill: bool = True) -> None:
        """Take the bear card of a box (if any) and refill the box from the stack."""
        display = list(self.display)
        card = display[colour]
        if card != NO_CARD:
            self.taken = card
            collections = list(self.collections)
            mine = list(collections[player])
            mine[card] += 1
            collections[player] = tuple(mine)
            self.collections = tuple(collections)
        display[colour] = self.draw_bear() if refill else NO_CARD
        self.display = tuple(display)

    def drop_box(self, colour: int) -> None:
        display = list(self.display)
        self.discard_bears([display[colour]])
        display[colour] = self.draw_bear()
        self.display = tuple(display)

    def refresh_display(self) -> None:
        """A city's first arrival: discard the whole display and deal seven new cards."""
        self.discard_bears(list(self.display))
        self.display = ()
        self.display = tuple(self.draw_bear() for _ in _COLOURS)

    def move(self, player: int, space: int) -> None:
        positions = list(self.positions)
        positions[player] = space
        self.positions = tuple(positions)


def successor(state: State, action: Action, player: int) -> State:
    """The state after a legal `action` of `player`."""
    return _STEPS[type(action)](state, action, player)


def _truck(state: State, action: Truck, player: int) -> State:
    work = _Work(state)
    colour = action.colour
    work.play_card(player, colour)
    work.discard_travel(colour)
    at = state.positions[player]
    return _land(work, player, truck_target(work.board, state.positions, at, colour), colour)


def _walk(state: State, action: Walk, player: int) -> State:
    work = _Work(state)
    work.play_card(player, RAINBOW)
    work.discard_travel(RAINBOW)
    space = walk_targets(work.board, state.positions, state.positions[player])[action.target]
    return _land(work, player, space, None)


def _done(state: State, action: Done, player: int) -> State:
    return _end_turn(_Work(state), player)


def _three(state: State, action: Three, player: int) -> State:
    work = _Work(state)
    display_empty = all(card == NO_CARD for card in state.display)
    skip = state.options.no_drop_on_three or display_empty
    work.phase = USE_PHASE if skip else DROP_PHASE
    return work.build(player, state.to_act)


def _drop(state: State, action: Drop, player: int) -> State:
    work = _Work(state)
    work.drop_box(action.colour)
    work.phase = USE_PHASE
    return work.build(player, state.to_act)


def _to(state: State, action: To, player: int) -> State:
    work = _Work(state)
    board = work.board
    target = action.target
    if state.phase == DEPORT_TO:
        return _land(work, player, board.sites[target], target)
    pile = list(state.travel_discard)
    for kind in _KINDS:
        pile[kind] += state.pending[kind]
    work.travel_discard = tuple(pile)
    work.pending = ZERO_TRAVEL
    space = three_card_targets(board, state.positions, state.positions[player])[target]
    return _land(work, player, space, None)


def _box(state: State, action: Box, player: int) -> State:
    return _take_and_finish(_Work(state), player, action.colour)


def _draw(state: State, action: Draw, player: int) -> State:
    """The deportation: the drawn card is used up and decides the site."""
    work = _Work(state)
    card = work.draw_travel()
    work.discard_travel(card)
    if card == RAINBOW:
        work.phase = DEPORT_TO
        return work.build(player, state.to_act)
    return _land(work, player, work.board.sites[card], card)


def _exchange_step(state: State, action: Exchange, player: int) -> State:
    return _exchange(state, action.kind, player)


def _use_step(state: State, action: Use, player: int) -> State:
    return _use(state, action.kind, player)


def _exchange(state: State, kind: int, player: int) -> State:
    """Discard one card for an exchange (built directly: the commonest step)."""
    hands = list(state.hands)
    hands[player] = _without(hands[player], kind)
    pile = list(state.travel_discard)
    pile[kind] += 1
    return State(
        state.players,
        state.to_act,
        state.rng,
        state.options,
        EXCHANGE_PHASE,
        state.current,
        state.round,
        state.positions,
        tuple(hands),
        state.travel_deck,
        tuple(pile),
        state.bear_deck,
        state.bear_discard,
        state.display,
        state.collections,
        state.city_owner,
        state.pending,
        state.last_round,
        state.ending,
    )


def _use(state: State, kind: int, player: int) -> State:
    """Play one card of a three-card move; after the third, the colour is chosen."""
    hands = list(state.hands)
    hands[player] = _without(hands[player], kind)
    pending = list(state.pending)
    pending[kind] += 1
    return State(
        state.players,
        state.to_act,
        state.rng,
        state.options,
        TARGET if sum(pending) == 3 else USE_PHASE,
        state.current,
        state.round,
        state.positions,
        tuple(hands),
        state.travel_deck,
        state.travel_discard,
        state.bear_deck,
        state.bear_discard,
        state.display,
        state.collections,
        state.city_owner,
        tuple(pending),
        state.last_round,
        state.ending,
    )


def _land(work: _Work, player: int, space: int, box: int | None) -> State:
    """Move the pawn, claim a city card, take a bear card (or ask which, in Edinburgh)."""
    work.move(player, space)
    board = work.board
    city = board.city_of[space]
    if city >= 0 and work.city_owner[city] < 0:
        owners = list(work.city_owner)
        owners[city] = player
        work.city_owner = tuple(owners)
    if box is None:
        if space == board.finish:
            if any(card != NO_CARD for card in work.display):
                work.phase = BOX_PHASE
                return work.build(player, work.state.to_act)
            return _end_turn(work, player)
        box = board.colours[space]
    return _take_and_finish(work, player, box)


def _take_and_finish(work: _Work, player: int, box: int) -> State:
    """Take the box's bear card; a first city arrival then replaces the whole display."""
    city = work.board.city_of[work.positions[player]]
    refresh = (
        city >= 0
        and work.city_owner[city] == player
        and (work.state.city_owner[city] < 0 or work.state.phase == BOX_PHASE)
        and not work.state.options.no_city_refresh
    )
    work.take_box(player, box, refill=not refresh)
    if refresh:
        work.refresh_display()
    return _end_turn(work, player)


def _end_turn(work: _Work, player: int) -> State:
    """Refill the hand, start the last round if triggered, and pass the turn on."""
    work.refill_hand(player)
    work.pending = ZERO_TRAVEL
    players = work.state.players
    finish = work.board.finish
    positions = work.positions
    if not work.ending and (
        positions[player] == finish or completes_set(work.collections[player], work.taken)
    ):
        work.ending = True
        work.last_round = tuple(s for s in _AFTER[players][player] if positions[s] != finish)
    if work.ending:
        if not work.last_round:
            return _over(work, player)
        nxt = work.last_round[0]
        work.last_round = work.last_round[1:]
    else:
        for nxt in _AFTER[players][player]:
            if positions[nxt] != finish:
                break
        else:  # everyone is in Edinburgh (the last round always ends first)
            return _over(work, player)
    if nxt <= player:
        work.round += 1
        if work.round > work.state.options.round_limit:
            work.round -= 1
            return _over(work, player)
    work.phase = DEPORT if work.round == 1 else TURN
    return work.build(nxt, SEATS[nxt])


def _over(work: _Work, player: int) -> State:
    work.phase = OVER
    work.last_round = ()
    return work.build(player, _NOBODY)


_STEPS: dict[type, Callable[[State, Any, int], State]] = {
    Truck: _truck,
    Walk: _walk,
    Three: _three,
    Drop: _drop,
    Use: _use_step,
    To: _to,
    Exchange: _exchange_step,
    Done: _done,
    Box: _box,
    Draw: _draw,
}
"""The transition of each action class."""

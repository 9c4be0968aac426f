"""Invariants every state keeps; the codec checks them whenever a state is loaded."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .components import (
    BEAR_COUNTS,
    BEAR_KINDS,
    CITIES,
    HAND_SIZE,
    NO_CARD,
    NUM_COLOURS,
    TRAVEL_COUNTS,
    TRAVEL_KINDS,
    load_board,
)
from .state import BOX, DEPORT, DEPORT_TO, DROP, EXCHANGE, OVER, TARGET, TURN, USE

if TYPE_CHECKING:
    from .state import State

__all__ = ["validate"]


def validate(s: State) -> None:
    """Raise ValueError naming the first broken invariant (cards conserved, pawns on the board)."""
    n = s.players
    if not 2 <= n <= 5:
        raise ValueError(f"wojtek is for 2-5 players, not {n}")
    board = load_board(s.options.board)
    if not 0 <= s.phase <= OVER:
        raise ValueError(f"unknown phase {s.phase}")
    if not 0 <= s.current < n:
        raise ValueError(f"current seat {s.current} is not a seat")
    expected = frozenset() if s.phase == OVER else frozenset({s.current})
    if s.to_act != expected:
        raise ValueError(f"to_act {set(s.to_act)} does not match the phase and seat")
    if not 1 <= s.round <= s.options.round_limit:
        raise ValueError(f"round {s.round} is outside 1..{s.options.round_limit}")
    if (s.phase in (DEPORT, DEPORT_TO)) != (s.round == 1 and s.phase != OVER):
        raise ValueError("deportation phases happen in round 1 only")
    if len(s.positions) != n or len(s.hands) != n or len(s.collections) != n:
        raise ValueError("positions, hands and collections need one entry per seat")
    spaces = len(board.ids)
    for p, pos in enumerate(s.positions):
        if not 0 <= pos < spaces:
            raise ValueError(f"pawn {p} stands on no space ({pos})")
        if pos not in board.shared and s.positions.count(pos) > 1:
            raise ValueError(f"two pawns share the space {board.ids[pos]!r}")
        if s.round > 1 and pos == board.start:
            raise ValueError(f"pawn {p} was never deported")
    _counts(s.hands, TRAVEL_KINDS, "hand")
    _counts(s.collections, BEAR_KINDS, "collection")
    _counts((s.travel_discard, s.pending), TRAVEL_KINDS, "travel pile")
    _counts((s.bear_discard,), BEAR_KINDS, "bear discard")
    if any(not 0 <= k < TRAVEL_KINDS for k in s.travel_deck):
        raise ValueError("the travel deck holds an unknown card")
    if any(not 0 <= k < BEAR_KINDS for k in s.bear_deck):
        raise ValueError("the bear stack holds an unknown card")
    if len(s.display) != NUM_COLOURS or any(not NO_CARD <= k < BEAR_KINDS for k in s.display):
        raise ValueError("the display needs one bear card (or -1) per colour")
    travel = [0] * TRAVEL_KINDS
    for group in (*s.hands, s.travel_discard, s.pending):
        for k, c in enumerate(group):
            travel[k] += c
    for k in s.travel_deck:
        travel[k] += 1
    if tuple(travel) != TRAVEL_COUNTS:
        raise ValueError(f"travel cards are not conserved: {travel} != {TRAVEL_COUNTS}")
    bears = [0] * BEAR_KINDS
    for group in (*s.collections, s.bear_discard):
        for k, c in enumerate(group):
            bears[k] += c
    for k in (*s.bear_deck, *s.display):
        if k != NO_CARD:
            bears[k] += 1
    if tuple(bears) != BEAR_COUNTS:
        raise ValueError(f"bear cards are not conserved: {bears} != {BEAR_COUNTS}")
    if len(s.city_owner) != len(CITIES) or any(not -1 <= o < n for o in s.city_owner):
        raise ValueError("each of the 6 city cards is on the board (-1) or held by a seat")
    for city, owner in enumerate(s.city_owner):
        space = board.city_of.index(city)
        if owner >= 0 and s.positions[owner] not in (space, *board.ahead[space]):
            raise ValueError(f"player {owner} holds {CITIES[city]} without having reached it")
    in_hand = [sum(h) for h in s.hands]
    if s.phase in (DEPORT, DEPORT_TO, TURN) and any(c != HAND_SIZE for c in in_hand):
        raise ValueError(f"hands must hold {HAND_SIZE} cards between turns: {in_hand}")
    if sum(s.pending) and s.phase not in (USE, TARGET):
        raise ValueError("three-card move cards are pending outside a three-card move")
    if s.phase == TARGET and sum(s.pending) != 3:
        raise ValueError("a three-card move needs three cards before its colour is chosen")
    if not s.ending and s.last_round:
        raise ValueError("seats wait for a last turn but the last round has not begun")
    if any(not 0 <= q < n for q in s.last_round):
        raise ValueError("the last round lists a seat that does not exist")
    if any(c > HAND_SIZE for c in in_hand):
        raise ValueError(f"no hand holds more than {HAND_SIZE} travel cards: {in_hand}")
    at = s.positions[s.current]
    if s.phase in (DEPORT, DEPORT_TO) and at != board.start:
        raise ValueError("a player being deported must still be in Poland")
    if s.phase in (TURN, EXCHANGE, DROP, USE, TARGET) and (at in (board.start, board.finish)):
        raise ValueError("a player in Poland or Edinburgh cannot be travelling")
    if s.phase == BOX and at != board.finish:
        raise ValueError("only a player arriving in Edinburgh picks any box")
    if s.phase == USE and sum(s.pending) >= 3:
        raise ValueError("three cards are played: the colour must be chosen")


def _counts(groups: tuple[tuple[int, ...], ...], width: int, what: str) -> None:
    for group in groups:
        if len(group) != width or any(c < 0 for c in group):
            raise ValueError(f"a {what} needs {width} non-negative counts, got {group}")

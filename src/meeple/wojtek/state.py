"""The frozen state of a game of Miś Wojtek.

Cards are counted by kind (see `components`): a hand is 8 counts (7 truck colours
and rainbow), a collection is 25 counts (24 bear cards and the persons). Decks are
tuples of kinds with the top card last. The state delegates to `rules` for what
may happen and to `view` for what a seat may see.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar

import attrs

from meeple.core import Outcome, StateBase

from .components import (
    BEAR_COUNTS,
    BEAR_KINDS,
    CITIES,
    HAND_SIZE,
    NO_CARD,
    NUM_COLOURS,
    PAWNS,
    TRAVEL_COUNTS,
    TRAVEL_KINDS,
    load_board,
)
from .options import Options
from .scoring import arrange

if TYPE_CHECKING:
    from .actions import Action
    from .view import View

__all__ = [
    "BOX_PHASE",
    "DEPORT",
    "DEPORT_TO",
    "DROP_PHASE",
    "EXCHANGE_PHASE",
    "OVER",
    "PHASE_NAMES",
    "SEATS",
    "TARGET",
    "TURN",
    "USE_PHASE",
    "ZERO_TRAVEL",
    "State",
    "outcome_of",
]

DEPORT, DEPORT_TO, TURN, EXCHANGE_PHASE, DROP_PHASE, USE_PHASE, TARGET, BOX_PHASE, OVER = range(9)
PHASE_NAMES = (
    "deport",
    "deport-choose",
    "turn",
    "exchange",
    "drop",
    "use",
    "target",
    "box",
    "over",
)
"""Phase names for display, indexed by phase number."""
SEATS: tuple[frozenset[int], ...] = tuple(frozenset({p}) for p in range(5))
ZERO_TRAVEL: tuple[int, ...] = (0,) * TRAVEL_KINDS


@attrs.frozen
class State(StateBase):
    """A complete position, including the hidden hands, decks and the rng."""

    GAME_NAME: ClassVar[str] = "wojtek"

    players: int
    """Number of seats (2-5)."""
    to_act: frozenset[int]
    """The seat whose turn it is; empty once the game is over."""
    rng: int
    """`meeple.core.rng` state for the next draw or reshuffle (never in a view)."""
    options: Options
    """The variant being played."""
    phase: int
    """Which decision is due (DEPORT ... BOX_PHASE, or OVER)."""
    current: int
    """The seat whose turn it is (the last one to act once the game is over)."""
    round: int
    """The round number; round 1 is the deportation round."""
    positions: tuple[int, ...]
    """Board space of each pawn."""
    hands: tuple[tuple[int, ...], ...]
    """Per seat, travel cards held, counted by kind (hidden from other seats)."""
    travel_deck: tuple[int, ...]
    """Face-down travel cards, top last (hidden)."""
    travel_discard: tuple[int, ...]
    """Travel cards played or exchanged, counted by kind (face up)."""
    bear_deck: tuple[int, ...]
    """Face-down bear cards, top last (hidden)."""
    bear_discard: tuple[int, ...]
    """Discarded bear cards, counted by kind (face up)."""
    display: tuple[int, ...]
    """The bear card on each of the seven coloured boxes, or NO_CARD."""
    collections: tuple[tuple[int, ...], ...]
    """Per seat, bear cards taken (face up), counted by kind."""
    city_owner: tuple[int, ...]
    """Per city card, the seat holding it, or -1 while it lies on the board."""
    pending: tuple[int, ...]
    """Travel cards played so far in a three-card move, counted by kind (face up)."""
    last_round: tuple[int, ...]
    """Seats still to take their final turn, in order, once the last round began."""
    ending: bool
    """Whether the last round has begun (Edinburgh reached or a complete set)."""

    # -- rules ---------------------------------------------------------------
    def _legal(self, player: int) -> tuple[Action, ...]:
        return rules.legal(self, player)

    def _next(self, action: Action, player: int) -> State:
        return rules.successor(self, action, player)

    def _refusal(self, action: Any, player: int) -> str:
        return rules.refusal(self, action, player)

    def outcome(self) -> Outcome:
        """Sets per player, ranked by the largest set, then the next, and so on."""
        return outcome_of(self.collections, self.city_owner, final=self.is_over)

    def view(self, player: int | None) -> View:
        """What `player` may see (None: a spectator)."""
        from .view import make_view

        return make_view(self, player)

    def prompt(self, player: int | None = None) -> str:
        """One line saying what the seat to act is deciding."""
        if not self.to_act:
            return "the game is over"
        seat = self.current
        if player is not None and player != seat:
            return f"waiting for player {seat}"
        board = load_board(self.options.board)
        where = board.titles[self.positions[seat]]
        who = f"player {seat} ({PAWNS[seat]} bear, at {where})"
        what = {
            DEPORT: "draw a travel card to be deported",
            DEPORT_TO: "choose the deportation site (to <colour>)",
            TURN: "travel (truck / walk / three) or exchange travel cards",
            EXCHANGE_PHASE: "exchange another travel card or done",
            DROP_PHASE: "discard a bear card from the board (drop <colour>)",
            USE_PHASE: f"play travel card {sum(self.pending) + 1} of 3 (use <kind>)",
            TARGET: "choose the colour to travel to (to <colour>)",
            BOX_PHASE: "in Edinburgh: take a bear card from any box (box <colour>)",
        }[self.phase]
        last = ", last round" if self.ending else ""
        return f"round {self.round}{last}: {who}: {what}"

    # -- loading -------------------------------------------------------------
    def validate(self) -> None:
        """Raise ValueError if an invariant fails (cards conserved, pawns on the board)."""
        n = self.players
        if not 2 <= n <= 5:
            raise ValueError(f"wojtek is for 2-5 players, not {n}")
        board = load_board(self.options.board)
        if not 0 <= self.phase <= OVER:
            raise ValueError(f"unknown phase {self.phase}")
        if not 0 <= self.current < n:
            raise ValueError(f"current seat {self.current} is not a seat")
        expected = frozenset() if self.phase == OVER else frozenset({self.current})
        if self.to_act != expected:
            raise ValueError(f"to_act {set(self.to_act)} does not match the phase and seat")
        if not 1 <= self.round <= self.options.round_limit:
            raise ValueError(f"round {self.round} is outside 1..{self.options.round_limit}")
        if (self.phase in (DEPORT, DEPORT_TO)) != (self.round == 1 and self.phase != OVER):
            raise ValueError("deportation phases happen in round 1 only")
        if len(self.positions) != n or len(self.hands) != n or len(self.collections) != n:
            raise ValueError("positions, hands and collections need one entry per seat")
        spaces = len(board.ids)
        for p, pos in enumerate(self.positions):
            if not 0 <= pos < spaces:
                raise ValueError(f"pawn {p} stands on no space ({pos})")
            if pos not in board.shared and self.positions.count(pos) > 1:
                raise ValueError(f"two pawns share the space {board.ids[pos]!r}")
            if self.round > 1 and pos == board.start:
                raise ValueError(f"pawn {p} was never deported")
        _counts(self.hands, TRAVEL_KINDS, "hand")
        _counts(self.collections, BEAR_KINDS, "collection")
        _counts((self.travel_discard, self.pending), TRAVEL_KINDS, "travel pile")
        _counts((self.bear_discard,), BEAR_KINDS, "bear discard")
        if any(not 0 <= k < TRAVEL_KINDS for k in self.travel_deck):
            raise ValueError("the travel deck holds an unknown card")
        if any(not 0 <= k < BEAR_KINDS for k in self.bear_deck):
            raise ValueError("the bear stack holds an unknown card")
        if len(self.display) != NUM_COLOURS or any(
            not NO_CARD <= k < BEAR_KINDS for k in self.display
        ):
            raise ValueError("the display needs one bear card (or -1) per colour")
        travel = [0] * TRAVEL_KINDS
        for group in (*self.hands, self.travel_discard, self.pending):
            for k, c in enumerate(group):
                travel[k] += c
        for k in self.travel_deck:
            travel[k] += 1
        if tuple(travel) != TRAVEL_COUNTS:
            raise ValueError(f"travel cards are not conserved: {travel} != {TRAVEL_COUNTS}")
        bears = [0] * BEAR_KINDS
        for group in (*self.collections, self.bear_discard):
            for k, c in enumerate(group):
                bears[k] += c
        for k in (*self.bear_deck, *self.display):
            if k != NO_CARD:
                bears[k] += 1
        if tuple(bears) != BEAR_COUNTS:
            raise ValueError(f"bear cards are not conserved: {bears} != {BEAR_COUNTS}")
        if len(self.city_owner) != len(CITIES) or any(not -1 <= o < n for o in self.city_owner):
            raise ValueError("each of the 6 city cards is on the board (-1) or held by a seat")
        for city, owner in enumerate(self.city_owner):
            space = board.city_of.index(city)
            if owner >= 0 and self.positions[owner] not in (space, *board.ahead[space]):
                raise ValueError(f"player {owner} holds {CITIES[city]} without having reached it")
        in_hand = [sum(h) for h in self.hands]
        if self.phase in (DEPORT, DEPORT_TO, TURN) and any(c != HAND_SIZE for c in in_hand):
            raise ValueError(f"hands must hold {HAND_SIZE} cards between turns: {in_hand}")
        if sum(self.pending) and self.phase not in (USE_PHASE, TARGET):
            raise ValueError("three-card move cards are pending outside a three-card move")
        if self.phase == TARGET and sum(self.pending) != 3:
            raise ValueError("a three-card move needs three cards before its colour is chosen")
        if not self.ending and self.last_round:
            raise ValueError("seats wait for a last turn but the last round has not begun")
        if any(not 0 <= s < n for s in self.last_round):
            raise ValueError("the last round lists a seat that does not exist")
        if any(c > HAND_SIZE for c in in_hand):
            raise ValueError(f"no hand holds more than {HAND_SIZE} travel cards: {in_hand}")
        at = self.positions[self.current]
        if self.phase in (DEPORT, DEPORT_TO) and at != board.start:
            raise ValueError("a player being deported must still be in Poland")
        if self.phase in (TURN, EXCHANGE_PHASE, DROP_PHASE, USE_PHASE, TARGET) and (
            at in (board.start, board.finish)
        ):
            raise ValueError("a player in Poland or Edinburgh cannot be travelling")
        if self.phase == BOX_PHASE and at != board.finish:
            raise ValueError("only a player arriving in Edinburgh picks any box")
        if self.phase == USE_PHASE and sum(self.pending) >= 3:
            raise ValueError("three cards are played: the colour must be chosen")


def _counts(groups: tuple[tuple[int, ...], ...], width: int, what: str) -> None:
    for group in groups:
        if len(group) != width or any(c < 0 for c in group):
            raise ValueError(f"a {what} needs {width} non-negative counts, got {group}")


def outcome_of(
    collections: tuple[tuple[int, ...], ...], city_owner: tuple[int, ...], *, final: bool
) -> Outcome:
    """Rank collections by their best sets (largest first; a missing set loses)."""
    keys: list[tuple[int, ...]] = []
    scores: list[int] = []
    details: list[dict[str, Any]] = []
    for seat, collection in enumerate(collections):
        cities = tuple(CITIES[c] for c, owner in enumerate(city_owner) if owner == seat)
        arrangement = arrange(collection, len(cities))
        keys.append(arrangement.key)
        scores.append(arrangement.key[0] if arrangement.key else 0)
        details.append(
            {
                "largest set": scores[-1],
                "set sizes": arrangement.key,
                "sets": tuple(s.describe() for s in arrangement.sets),
                "city cards": cities,
                "persons": collection[-1],
                "unused city/person cards": arrangement.unused,
            }
        )
    return Outcome.from_keys(scores, keys, details, final=final)


from . import rules  # noqa: E402  # rules needs State defined first (they build each other)

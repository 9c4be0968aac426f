"""The full, frozen game state: everything on the table plus the rng.

The rules themselves are pure functions in `legal.py` (what may be done) and
`transitions.py` (what it does); this class stores the position, checks its
invariants when loaded, and answers the contract's questions.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar, Literal

import attrs

from ..core.base import StateBase
from ..core.outcome import Outcome
from . import explain, legal, scoring, transitions
from .components import (
    CAPACITY,
    CARDS,
    COLOURS,
    KINDS,
    MAX_HAND,
    MOD_NAMES,
    OFF_BOARD,
    PART_P,
    PART_P_PLAYERS,
    PER_COLOUR,
    TEMPLE_SPACES,
    TOKEN_BASE,
    TOKENS_IN_PLAY,
    VILLAGES,
)
from .options import MAX_ROUNDS_LIMIT

if TYPE_CHECKING:
    from .actions import Action
    from .view import View

__all__ = ["Phase", "State"]

Phase = Literal["main", "extra", "pay", "ritual", "return", "over"]
"""Where the current turn stands (see `legal` for what each phase offers)."""

_PHASES = ("main", "extra", "pay", "ritual", "return", "over")


class _FastState(StateBase):
    """Adds a slot for the current player's legal actions (see `State.legal_actions`)."""

    __slots__ = ("_acts",)

    _acts: tuple[Any, ...]


@attrs.frozen(slots=False)  # a dict, not slots: transitions copy it in one step
class State(_FastState):
    """A position of The Way of the Bear, including the hidden Seal cards and the rng."""

    GAME_NAME: ClassVar[str] = "way_of_bear"

    players: int
    """Number of seats (2-4)."""
    to_act: frozenset[int]
    """The current player, or nobody once the game is over."""
    rng: int
    """meeple.core.rng state for bag draws; never shown in a view."""
    max_rounds: int
    """The round limit from the options (our stall rule)."""
    round: int
    """Full rounds finished so far."""
    current: int
    """Whose turn it is (seat 0 holds the Golden Bear and starts each round)."""
    phase: Phase
    """What the current player is deciding: see `legal`."""
    board: tuple[int, ...]
    """Per village: stele colour 0-3, token kind + 4, or -1 when not in play."""
    temples: tuple[int, ...]
    """Steles on each colour's temple track (0-4; the 5th space empties it)."""
    bag: tuple[int, ...]
    """Steles of each colour in the bag."""
    reserves: tuple[tuple[int, ...], ...]
    """Per player, steles of each colour in their reserve."""
    tokens: tuple[tuple[int, ...], ...]
    """Per player, knowledge tokens of each kind on their board."""
    hands: tuple[tuple[int, ...], ...]
    """Per player, the Seal cards held, ascending (hidden from other players)."""
    deck: tuple[int, ...]
    """The face-down Seal pile, top card first (hidden except for the top card's back)."""
    played: tuple[int, ...]
    """Seal cards played so far, in order; they have left the game."""
    fresh: tuple[int, ...]
    """Seal cards the current player drew this turn (they cannot be played yet)."""
    regular_done: bool
    """Whether the current player has used their regular action this turn."""
    mods: tuple[int, ...]
    """Rule-bending modifiers from type-A Seal cards this turn, in `MOD_NAMES` order."""
    extra: str
    """The additional action a type-B card is granting now: ``place``, ``take`` or empty."""
    extra_count: int
    """Steles the granted take moves."""
    owed: tuple[int, ...]
    """Offering still to pay, per colour."""
    waivers: int
    """Steles of the offering that may still be waived (discount cards)."""
    ritual_temple: int
    """The temple whose Ritual is being resolved, else -1."""

    # -- the contract ------------------------------------------------------
    def legal_actions(self, player: int | None = None) -> tuple[Action, ...]:
        """Every legal action of `player` (empty if that player may not act now).

        A fast path for the player to act (the playout hot loop); every other case,
        including each error, goes through `StateBase`.
        """
        if (player is None or (player.__class__ is int and player == self.current)) and (
            self.to_act
        ):
            # getattr with a default, not try/except: on a fresh state the slot is
            # empty, and raising and catching AttributeError costs ~0.5 us a step.
            cached: tuple[Action, ...] | None = getattr(self, "_acts", None)
            if cached is None:
                cached = legal.legal_actions(self)
                object.__setattr__(self, "_acts", cached)
            return cached
        found: tuple[Action, ...] = super().legal_actions(player)
        return found

    def apply(self, action: Action, player: int | None = None) -> State:
        """The successor state; raises IllegalActionError and changes nothing.

        Legal actions of the player to act take a fast path; anything else goes through
        `StateBase.apply`, which raises the contract's errors.
        """
        if (player is None or (player.__class__ is int and player == self.current)) and (
            self.to_act
        ):
            acts = getattr(self, "_acts", None)
            if acts is None:
                acts = self.legal_actions(player)
            if action in acts:
                return transitions.advance(self, action)
        return super().apply(action, player)

    def _legal(self, player: int) -> tuple[Action, ...]:
        return legal.legal_actions(self)

    def _next(self, action: Action, player: int) -> State:
        return transitions.advance(self, action)

    def _refusal(self, action: Action, player: int) -> str:
        return explain.refusal(self, action)

    def outcome(self) -> Outcome:
        """Ranks by tokens on the board, then Dragon Seals (only completers can win)."""
        return scoring.outcome(self)

    def view(self, player: int | None) -> View:
        """What `player` may see (None: a spectator)."""
        from .view import make_view

        return make_view(self, player)

    def __getstate__(self) -> dict[str, Any]:
        """The fields only, for copy and pickle (OpenSpiel clones states with deepcopy).

        The memo slots (`_acts`, `_legal_cache`) are left out: restoring them would go
        through the frozen ``__setattr__`` and fail, and a copy recomputes them anyway.
        """
        return dict(self.__dict__)

    def prompt(self, player: int | None = None) -> str:
        """One line saying what the current player is deciding."""
        return explain.prompt(self, player)

    # -- helpers -----------------------------------------------------------
    @property
    def capacity(self) -> int:
        """Spaces per knowledge type on each player board (3 with 2 players, else 2)."""
        return CAPACITY[self.players]

    def completed(self, player: int) -> bool:
        """Whether `player` has filled every space of their board."""
        return scoring.completed(self.tokens[player], self.capacity)

    def validate(self) -> None:
        """Raise ValueError if an invariant fails (stele, token and card conservation...)."""
        n = self.players
        _check(n in CAPACITY, f"players must be 2-4, not {n}")
        _check(self.phase in _PHASES, f"unknown phase {self.phase!r}")
        _check(0 <= self.current < n, "current is a seat")
        _check(1 <= self.max_rounds <= MAX_ROUNDS_LIMIT, "max_rounds is within the limit")
        _check(0 <= self.round <= self.max_rounds, "round is within the limit")
        _check(0 <= self.rng < 2**64, "rng is a 64-bit state")
        over = self.phase == "over"
        _check(self.to_act == (frozenset() if over else frozenset({self.current})), "to_act")
        nc = len(COLOURS)
        _check(len(self.board) == len(VILLAGES), "one cell per village")
        for tup, size, what in (
            (self.temples, nc, "temples"),
            (self.bag, nc, "bag"),
            (self.owed, nc, "owed"),
            (self.mods, len(MOD_NAMES), "mods"),
        ):
            _check(len(tup) == size and all(x >= 0 for x in tup), f"{what} are counts")
        _check(all(t < TEMPLE_SPACES for t in self.temples), "a full temple is emptied")
        _check(len(self.reserves) == n and len(self.tokens) == n and len(self.hands) == n, "seats")
        for res in self.reserves:
            _check(len(res) == nc and all(x >= 0 for x in res), "reserves are counts")
        for tok in self.tokens:
            _check(len(tok) == KINDS and all(x >= 0 for x in tok), "tokens are counts")
            for t in range(KINDS // 2):
                _check(tok[2 * t] + tok[2 * t + 1] <= self.capacity, "a column overflows")
        # steles: 21 of each colour, all accounted for
        for c in range(nc):
            total = self.bag[c] + self.temples[c] + self.board.count(c)
            total += sum(res[c] for res in self.reserves)
            _check(total == PER_COLOUR, f"{COLOURS[c]} steles add up to {total}, not 21")
        # the board and the tokens
        for v, cell in enumerate(self.board):
            if PART_P[v] and n < PART_P_PLAYERS:
                _check(cell == OFF_BOARD, f"{VILLAGES[v]} is not in play with {n} players")
            else:
                _check(0 <= cell < TOKEN_BASE + KINDS, f"{VILLAGES[v]} holds a stele or token")
        for k in range(KINDS):
            total = self.board.count(TOKEN_BASE + k) + sum(tok[k] for tok in self.tokens)
            _check(total == TOKENS_IN_PLAY[n][k], f"tokens of kind {k} add up to {total}")
        # Seal cards: each exactly once
        cards = [c for hand in self.hands for c in hand] + list(self.deck) + list(self.played)
        _check(sorted(cards) == list(range(len(CARDS))), "each Seal card is somewhere once")
        for hand in self.hands:
            _check(list(hand) == sorted(hand) and len(hand) <= MAX_HAND, "hands are sorted")
        _check(set(self.fresh) <= set(self.hands[self.current]), "fresh cards are held")
        _check(list(self.fresh) == sorted(self.fresh), "fresh cards are sorted")
        # the turn's phase data
        paying = self.phase in ("pay", "ritual")
        _check(paying or sum(self.owed) == 0, "an offering is owed only while paying")
        _check(self.phase != "pay" or sum(self.owed) > 0, "paying needs something owed")
        _check((self.phase == "ritual") == (self.ritual_temple >= 0), "ritual temple")
        _check(self.ritual_temple < nc, "ritual temple is a colour")
        _check((self.phase == "extra") == (self.extra in ("place", "take")), "extra action")
        _check(self.extra in ("", "place", "take"), "extra is place, take or empty")
        _check(self.extra_count >= 0 and self.waivers >= 0, "counts are not negative")
        _check(self.phase in ("main", "extra", "pay", "ritual") or not self.extra, "stale extra")
        if over:
            _check(not self.fresh and not self.regular_done and not any(self.mods), "turn reset")


def _check(cond: bool, what: str) -> None:
    if not cond:
        raise ValueError(f"way_of_bear state: {what}")

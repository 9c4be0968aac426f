"""The frozen game state shared by every mode."""

from __future__ import annotations

from typing import ClassVar

import attrs

from meeple.core import Outcome, StateBase

from . import explain, invariants, rules
from . import outcome as _outcome
from .actions import Action
from .options import Options
from .view import Phase, View, view_of

__all__ = ["Phase", "State"]


@attrs.frozen
class State(StateBase):
    """A whole position, hidden parts and rng included (never shown to players as is)."""

    GAME_NAME: ClassVar[str] = "bear_mountain"

    players: int
    """Number of seats (1 in solo)."""
    to_act: frozenset[int]
    """Who may act now; several at once in the drafting steps."""
    rng: int
    """meeple.core.rng state; hidden from every view."""
    options: Options
    """The options the game was started with."""
    phase: Phase
    """What the game waits for (see `Phase`)."""
    score_cards: tuple[int, ...]
    """Score card ids in play, ascending."""
    hikes: tuple[tuple[int, ...], ...]
    """Per seat (or, in solo, per hike 1..5) the landscape cards laid out, left to right."""
    deck: tuple[int, ...]
    """Face-down cards in draw order: the draw pile, the drafting leftovers, the solo deck."""
    row: tuple[int, ...] = ()
    """Standard game: the face-up cards, slot 1 first."""
    hands: tuple[tuple[int, ...], ...] = ()
    """Drafting: each seat's hidden hand, ascending (tiebreaker: the dealt card)."""
    picks: tuple[tuple[int, ...], ...] = ()
    """Drafting: each seat's face-down selected cards, ascending."""
    round: int = 0
    """Drafting: which of the three pick-and-place rounds (0, 1, 2)."""
    pending: frozenset[int] = frozenset()
    """Tiebreaker: tied players who have not yet added this round's card."""
    discard: tuple[int, ...] = ()
    """Solo: the face-up discard pile, top card last."""
    drawn: int = 0
    """Solo: the card just drawn and waiting to be placed (0 for none)."""
    assigned: tuple[tuple[int, ...], ...] = ()
    """Solo: score card ids assigned to each hike, in the order assigned."""
    active: int = -1
    """Solo: index of the hike whose score cards are being assigned (-1 for none)."""

    def _legal(self, player: int) -> tuple[Action, ...]:
        return rules.legal(self, player)

    def _next(self, action: Action, player: int) -> State:
        return rules.successor(self, action, player)

    def _refusal(self, action: object, player: int) -> str:
        return explain.refusal(self, action, player)

    def outcome(self) -> Outcome:
        """Scores as the rulebook counts them; provisional until the game is over."""
        return _outcome.outcome(self)

    def view(self, player: int | None) -> View:
        """What `player` may see (None: a spectator)."""
        return view_of(self, player)

    def prompt(self, player: int | None = None) -> str:
        """One line saying what `player` decides now."""
        return explain.prompt(self, player)

    def validate(self) -> None:
        """Raise ValueError if an invariant is broken (used when loading JSON)."""
        invariants.validate(self)

    @property
    def is_solo(self) -> bool:
        """Whether this is the Big Kid solo game."""
        return self.options.mode == "solo"

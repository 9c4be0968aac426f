"""What one seat (or a spectator) sees: never the deck order, others' hands or picks."""

from __future__ import annotations

from typing import TYPE_CHECKING, Literal

import attrs

from meeple.core import InvalidPlayerError

from .options import Options

if TYPE_CHECKING:
    from .state import State

__all__ = ["Phase", "View", "view_of"]

Phase = Literal["take", "pick", "place", "sudden", "draw", "drawn", "assign", "over"]
"""What the game waits for: standard ``take``; drafting ``pick`` and ``place``;
Big Kid tiebreaker ``sudden``; solo ``draw``, ``drawn`` and ``assign``; ``over``."""


@attrs.frozen
class View:
    """The public table plus the viewer's own hidden cards."""

    player: int | None
    """The seat this view belongs to; None for a spectator."""
    players: int
    """Number of seats."""
    to_act: frozenset[int]
    """Who may act now."""
    options: Options
    """The game's options (public)."""
    phase: Phase
    """What the game waits for."""
    score_cards: tuple[int, ...]
    """Score cards in play (face up)."""
    hikes: tuple[tuple[int, ...], ...]
    """Every hike, left to right (face up)."""
    deck_count: int
    """How many cards are face down in the draw pile / leftovers / solo deck."""
    row: tuple[int, ...]
    """Standard game: the face-up cards."""
    hand: tuple[int, ...]
    """Drafting: the viewer's own hand (empty for a spectator)."""
    hand_counts: tuple[int, ...]
    """Drafting: how many cards each seat holds."""
    picks: tuple[int, ...]
    """Drafting: the viewer's own face-down selected cards."""
    pick_counts: tuple[int, ...]
    """Drafting: how many face-down selected cards each seat has."""
    round: int
    """Drafting round (0, 1, 2)."""
    pending: frozenset[int]
    """Tiebreaker: tied players still to add this round's card."""
    discard: tuple[int, ...]
    """Solo: the face-up discard pile, top last."""
    drawn: int
    """Solo: the card just drawn (0 for none)."""
    assigned: tuple[tuple[int, ...], ...]
    """Solo: score cards assigned to each hike."""
    active: int
    """Solo: the hike being assigned score cards (-1 for none)."""


def view_of(s: State, player: int | None) -> View:
    """The view of `player`; a seat out of range is refused like any player argument."""
    if player is not None and (
        isinstance(player, bool) or not isinstance(player, int) or not 0 <= player < s.players
    ):
        raise InvalidPlayerError(f"bear_mountain: there is no seat {player!r} to view from")
    mine = player is not None and bool(s.hands)
    return View(
        player=player,
        players=s.players,
        to_act=s.to_act,
        options=s.options,
        phase=s.phase,
        score_cards=s.score_cards,
        hikes=s.hikes,
        deck_count=len(s.deck),
        row=s.row,
        hand=s.hands[player] if mine and player is not None else (),
        hand_counts=tuple(len(h) for h in s.hands),
        picks=s.picks[player] if mine and player is not None else (),
        pick_counts=tuple(len(h) for h in s.picks),
        round=s.round,
        pending=s.pending,
        discard=s.discard,
        drawn=s.drawn,
        assigned=s.assigned,
        active=s.active,
    )

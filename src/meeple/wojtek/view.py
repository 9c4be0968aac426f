"""What one seat may see, and how to rebuild a full state from it (`determinize`).

Hidden: the other seats' travel hands (shown as counts) and the order of both decks
(shown as sizes). Everything else lies face up on the table: pawns, the display,
the cards each player took, city cards, the discard piles and the cards of a
three-card move being played.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import attrs

from meeple.core import rng as rngmod

from .chance import shuffled
from .components import BEAR_COUNTS, BEAR_KINDS, NO_CARD, TRAVEL_COUNTS, TRAVEL_KINDS
from .options import Options

if TYPE_CHECKING:
    from .state import State

__all__ = ["View", "determinize", "make_view"]


@attrs.frozen
class View:
    """A seat's (or a spectator's) picture of the game."""

    player: int | None
    """Whose view this is; None for a spectator."""
    players: int
    """Number of seats."""
    to_act: frozenset[int]
    """Who acts now."""
    options: Options
    """The variant being played."""
    phase: int
    """Which decision is due (see `state`)."""
    current: int
    """Whose turn it is."""
    round: int
    """Round number (1 = deportation)."""
    positions: tuple[int, ...]
    """Board space of each pawn."""
    hand: tuple[int, ...]
    """This seat's travel cards by kind; empty for a spectator."""
    hand_sizes: tuple[int, ...]
    """How many travel cards each seat holds."""
    travel_deck_size: int
    """Cards left in the travel deck."""
    travel_discard: tuple[int, ...]
    """Travel discard pile by kind."""
    bear_deck_size: int
    """Cards left in the bear stack."""
    bear_discard: tuple[int, ...]
    """Bear discard pile by kind."""
    display: tuple[int, ...]
    """The bear card on each box."""
    collections: tuple[tuple[int, ...], ...]
    """Bear cards each seat took."""
    city_owner: tuple[int, ...]
    """Holder of each city card, -1 if none yet."""
    pending: tuple[int, ...]
    """Cards played so far in a three-card move."""
    last_round: tuple[int, ...]
    """Seats still to take a final turn."""
    ending: bool
    """Whether the last round has begun."""


def make_view(state: State, player: int | None) -> View:
    """The view of `state` for `player` (None: spectator)."""
    return View(
        player,
        state.players,
        state.to_act,
        state.options,
        state.phase,
        state.current,
        state.round,
        state.positions,
        state.hands[player] if player is not None else (),
        tuple(sum(h) for h in state.hands),
        len(state.travel_deck),
        state.travel_discard,
        len(state.bear_deck),
        state.bear_discard,
        state.display,
        state.collections,
        state.city_owner,
        state.pending,
        state.last_round,
        state.ending,
    )


def determinize(view: View, seed: int) -> State:
    """A full state that `view` could come from, its unseen cards dealt at random."""
    from .state import State

    rng = rngmod.seed_rng(seed)
    # Travel cards nobody in this view can see: the deck and other seats' hands.
    unseen = list(TRAVEL_COUNTS)
    for k in range(TRAVEL_KINDS):
        unseen[k] -= view.travel_discard[k] + view.pending[k]
        if view.player is not None:
            unseen[k] -= view.hand[k]
    if any(c < 0 for c in unseen):
        raise ValueError("the view shows more travel cards than the game has")
    pool = [k for k in range(TRAVEL_KINDS) for _ in range(unseen[k])]
    cards, rng = shuffled(rng, pool)
    hands: list[tuple[int, ...]] = []
    at = 0
    for seat in range(view.players):
        if seat == view.player:
            hands.append(view.hand)
            continue
        size = view.hand_sizes[seat]
        hand = [0] * TRAVEL_KINDS
        for k in cards[at : at + size]:
            hand[k] += 1
        at += size
        hands.append(tuple(hand))
    travel_deck = cards[at:]
    if len(travel_deck) != view.travel_deck_size:
        raise ValueError("the view's travel card counts do not add up")
    hidden_bears = list(BEAR_COUNTS)
    for group in (*view.collections, view.bear_discard):
        for k in range(BEAR_KINDS):
            hidden_bears[k] -= group[k]
    for k in view.display:
        if k != NO_CARD:
            hidden_bears[k] -= 1
    if any(c < 0 for c in hidden_bears):
        raise ValueError("the view shows more bear cards than the game has")
    bear_pool = [k for k in range(BEAR_KINDS) for _ in range(hidden_bears[k])]
    bear_deck, rng = shuffled(rng, bear_pool)
    if len(bear_deck) != view.bear_deck_size:
        raise ValueError("the view's bear card counts do not add up")
    state = State(
        view.players,
        view.to_act,
        rng,
        view.options,
        view.phase,
        view.current,
        view.round,
        view.positions,
        tuple(hands),
        travel_deck,
        view.travel_discard,
        bear_deck,
        view.bear_discard,
        view.display,
        view.collections,
        view.city_owner,
        view.pending,
        view.last_round,
        view.ending,
    )
    state.validate()
    return state

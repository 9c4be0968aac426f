"""What one seat (or a spectator) sees, and a full state dealt back from a view.

A view never holds the deck order, other seats' hands or their face-down picks;
`determinize` re-deals exactly those from a seed.
"""

from __future__ import annotations

import attrs

from meeple.core import rng as _rng

from .components import BEAR_CARDS
from .components import CARD_IDS
from .components import SOLO_BLOCK
from .components import SOLO_DECK
from .components import SOLO_HIKES
from .options import Options
from .state import Phase
from .state import State

__all__ = ["View", "determinize", "seen_to_act", "view_of"]


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


def seen_to_act(s: State, player: int | None) -> frozenset[int]:
    """The seats every view shows to act: all of them (nobody is asked in secret)."""
    return s.to_act


def view_of(s: State, player: int | None) -> View:
    """The view of `player` (the core has checked the seat)."""
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


def determinize(view: View, seed: int) -> State:
    """A state whose view for ``view.player`` equals `view`; hidden cards shuffled from `seed`."""
    rng = _rng.seed_rng(seed)
    seen = {c for h in view.hikes for c in h}
    seen.update(view.row, view.hand, view.picks, view.discard)
    if view.drawn:
        seen.add(view.drawn)
    unseen = [c for c in CARD_IDS if c not in seen]
    unseen_t, rng = _rng.shuffled(rng, unseen)
    pool = list(unseen_t)
    hands: tuple[tuple[int, ...], ...] = ()
    picks: tuple[tuple[int, ...], ...] = ()
    if view.hand_counts:
        hand_list = []
        pick_list = []
        for p, (hn, pn) in enumerate(zip(view.hand_counts, view.pick_counts, strict=True)):
            if p == view.player:
                hand_list.append(view.hand)
                pick_list.append(view.picks)
                continue
            hand_list.append(tuple(sorted(pool[:hn])))
            del pool[:hn]
            pick_list.append(tuple(sorted(pool[:pn])))
            del pool[:pn]
        hands = tuple(hand_list)
        picks = tuple(pick_list)
    if view.options.mode == "solo":
        deck, rng = _solo_deck(view, pool, rng)
    else:
        deck = tuple(pool)
    return State(
        players=view.players,
        to_act=view.to_act,
        rng=rng,
        options=view.options,
        phase=view.phase,
        score_cards=view.score_cards,
        hikes=view.hikes,
        deck=deck,
        row=view.row,
        hands=hands,
        picks=picks,
        round=view.round,
        pending=view.pending,
        discard=view.discard,
        drawn=view.drawn,
        assigned=view.assigned,
        active=view.active,
    )


def _solo_deck(view: View, pool: list[int], rng: int) -> tuple[tuple[int, ...], int]:
    """Rebuild the solo deck so that each remaining pile of 8 keeps its one bear card."""
    bears = [c for c in pool if c in BEAR_CARDS]
    others = [c for c in pool if c not in BEAR_CARDS]
    drawn_so_far = SOLO_DECK - view.deck_count
    done_piles = drawn_so_far // SOLO_BLOCK
    deck: list[int] = []
    position = drawn_so_far
    while position < SOLO_DECK:
        pile = position // SOLO_BLOCK
        size = SOLO_BLOCK * (pile + 1) - position
        needs_bear = pile > done_piles or len(bears) == SOLO_HIKES - done_piles
        chunk = others[: size - needs_bear]
        del others[: size - needs_bear]
        if needs_bear:
            chunk.append(bears.pop())
        shuffled, rng = _rng.shuffled(rng, chunk)
        deck.extend(shuffled)
        position += size
    return tuple(deck), rng

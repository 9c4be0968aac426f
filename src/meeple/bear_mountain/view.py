"""What one seat (or a spectator) sees, and a full state dealt back from a view.

A view never holds the deck order, other seats' hands or their face-down picks;
`determinize` re-deals exactly those from a seed.
"""

from __future__ import annotations

import attrs

from meeple.core import rng as _rng
from meeple.core.field_order import in_order
from meeple.core.table import table_reader
from meeple.core.table import view_maker

from .components import BEAR_CARDS
from .components import CARD_IDS
from .components import SOLO_BLOCK
from .components import SOLO_DECK
from .components import SOLO_HIKES
from .state import State
from .state import Table

__all__ = ["View", "determinize", "seen_to_act", "view_of"]


@attrs.frozen
class Seen:
    """What a view holds beside the open `Table`: the seat, its own hidden cards,
    and of the others' only how many there are (the fields `view_of` gives
    `view_maker`'s function)."""

    player: int | None
    """The seat this view belongs to; None for a spectator."""
    deck_count: int
    """How many cards are face down in the draw pile / leftovers / solo deck."""
    hand: tuple[int, ...]
    """Drafting: the viewer's own hand (empty for a spectator)."""
    hand_counts: tuple[int, ...]
    """Drafting: how many cards each seat holds."""
    picks: tuple[int, ...]
    """Drafting: the viewer's own face-down selected cards."""
    pick_counts: tuple[int, ...]
    """Drafting: how many face-down selected cards each seat has."""


@attrs.frozen(
    field_transformer=in_order(
        """player players to_act options phase score_cards hikes deck_count row hand
        hand_counts picks pick_counts round pending discard drawn assigned active"""
    ),  # the order of 0.1's documents (`meeple.core.field_order`)
)
class View(Seen, Table):
    """A seat's (or a spectator's) picture of the game: the open `Table`, the viewer's
    own hidden cards, and of the others' only how many there are."""


_table = table_reader(View, Table)
"""A view's open `Table` fields, which `determinize` takes back as they are."""


_make = view_maker(State, View, Table, Seen)
"""A `View` of a state: its `Table` as it is, the rest as `view_of` says."""


def seen_to_act(s: State, player: int | None) -> frozenset[int]:
    """The seats every view shows to act: all of them (nobody is asked in secret)."""
    return s.to_act


def view_of(s: State, player: int | None) -> View:
    """The view of `player` (the core has checked the seat)."""
    mine = player is not None and bool(s.hands)
    return _make(
        s,
        player=player,
        deck_count=len(s.deck),
        hand=s.hands[player] if mine and player is not None else (),
        hand_counts=tuple(len(h) for h in s.hands),
        picks=s.picks[player] if mine and player is not None else (),
        pick_counts=tuple(len(h) for h in s.picks),
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
    return State(rng=rng, deck=deck, hands=hands, picks=picks, **_table(view))


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

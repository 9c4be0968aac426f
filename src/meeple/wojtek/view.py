"""What one seat may see, and how to rebuild a full state from it (`determinize`).

Hidden: the other seats' travel hands (shown as counts) and the order of both decks
(shown as sizes). Everything else lies face up on the table: pawns, the display,
the cards each player took, city cards, the discard piles and the cards of a
three-card move being played.
"""

from __future__ import annotations

import operator
from collections.abc import Iterable
from collections.abc import Sequence

import attrs

from meeple.core import rng as _rng
from meeple.core.table import table_reader
from meeple.core.table import view_maker

from .components import BEAR_COUNTS
from .components import BEAR_KINDS
from .components import NO_CARD
from .components import NUM_COLOURS
from .components import RAINBOW
from .components import TRAVEL_COUNTS
from .components import TRAVEL_KINDS
from .invariants import validate
from .state import Phase
from .state import State
from .state import Table

__all__ = ["View", "determinize", "view_of"]


@attrs.frozen
class Seen:
    """What a view holds beside the open `Table`: the seat, its own hand, and of the
    rest only how many cards there are (the fields `view_of` gives `view_maker`'s
    function)."""

    player: int | None
    """Whose view this is; None for a spectator."""
    hand: tuple[int, ...]
    """This seat's travel cards by kind; empty for a spectator."""
    hand_sizes: tuple[int, ...]
    """How many travel cards each seat holds."""
    travel_deck_size: int
    """Cards left in the travel deck."""
    bear_deck_size: int
    """Cards left in the bear stack."""


@attrs.frozen
class View(Seen, Table):
    """A seat's (or a spectator's) picture of the game: the open `Table`, the seat's
    own hand, and of the rest only how many cards there are."""


_table = table_reader(View, Table)
"""A view's open `Table` fields, which `determinize` takes back as they are."""


_make = view_maker(State, View, Table, Seen)
"""A `View` of a state: its `Table` as it is, the rest as `view_of` says."""


def view_of(state: State, player: int | None) -> View:
    """The view of `state` for `player` (None: a spectator; the core has checked the seat)."""
    return _make(
        state,
        player=player,
        hand=state.hands[player] if player is not None else (),
        hand_sizes=tuple(sum(h) for h in state.hands),
        travel_deck_size=len(state.travel_deck),
        bear_deck_size=len(state.bear_deck),
    )


def determinize(view: View, seed: int) -> State:
    """A full state that `view` could come from, its unseen cards dealt at random."""
    rng = _rng.seed_rng(seed)
    # Travel cards nobody in this view can see: the deck and other seats' hands.
    own = (view.hand,) if view.player is not None else ()
    pool = _unseen(TRAVEL_COUNTS, (view.travel_discard, view.pending, *own), "travel")
    cards, rng = _rng.shuffled32(rng, pool)
    hands, at = _deal(view, cards)
    if not _can_finish(view, hands):
        hands, at, cards, rng = _deal_a_finishable_move(view, pool, rng)
    travel_deck = cards[at:]
    if len(travel_deck) != view.travel_deck_size:
        raise ValueError("the view's travel card counts do not add up")
    on_boxes = [0] * BEAR_KINDS
    for k in view.display:
        if k != NO_CARD:
            on_boxes[k] += 1
    bear_pool = _unseen(BEAR_COUNTS, (*view.collections, view.bear_discard, on_boxes), "bear")
    bear_deck, rng = _rng.shuffled32(rng, bear_pool)
    if len(bear_deck) != view.bear_deck_size:
        raise ValueError("the view's bear card counts do not add up")
    state = State(
        rng=rng,
        hands=tuple(hands),
        travel_deck=travel_deck,
        bear_deck=bear_deck,
        **_table(view),
    )
    validate(state)
    return state


_MOVE_CARDS = 3
"""Travel cards a three-card move plays."""


def _unseen(counts: Sequence[int], seen: Iterable[Sequence[int]], what: str) -> list[int]:
    """The cards of a deck with `counts` of each kind that none of the `seen` piles
    (counts by kind, as long as `counts`: the invariants hold a view to that) hold:
    one entry per card, by kind."""
    left = list(counts)
    for pile in seen:
        left = list(map(operator.sub, left, pile))
    if min(left) < 0:
        raise ValueError(f"the view shows more {what} cards than the game has")
    return [k for k, n in enumerate(left) for _ in range(n)]


def _deal(view: View, cards: tuple[int, ...]) -> tuple[list[tuple[int, ...]], int]:
    """Hidden hands dealt in seat order from `cards`; (hands, cards used)."""
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
    return hands, at


def _need(view: View) -> tuple[int, int | None]:
    """(cards the seat to act still has to play in its three-card move, the truck colour
    it is bound to or None); 0 cards when no three-card move is under way."""
    if view.phase not in (Phase.DROP, Phase.USE):
        return 0, None
    fixed = next((c for c in range(NUM_COLOURS) if view.pending[c]), None)
    return _MOVE_CARDS - sum(view.pending), fixed


def _can_finish(view: View, hands: list[tuple[int, ...]]) -> bool:
    need, fixed = _need(view)
    if need <= 0:
        return True
    hand = hands[view.current]
    best = hand[fixed] if fixed is not None else max(hand[:NUM_COLOURS])
    return hand[RAINBOW] + best >= need


def _deal_a_finishable_move(
    view: View, pool: list[int], rng: int
) -> tuple[list[tuple[int, ...]], int, tuple[int, ...], int]:
    """Deal again so that the seat to act can finish the three-card move it began (it
    held such cards when it began, so every real view allows it).

    A few fresh shuffles first, which sample deals exactly as the game does given
    that fact; if none fits (the fitting cards are rare), the cards the move needs are
    drawn first from the unseen truck colours that can supply them, then the rest.
    """
    for _ in range(16):
        cards, rng = _rng.shuffled32(rng, pool)
        hands, at = _deal(view, cards)
        if _can_finish(view, hands):
            return hands, at, cards, rng
    need, fixed = _need(view)
    unseen = [pool.count(k) for k in range(TRAVEL_KINDS)]
    colours = [
        c
        for c in range(NUM_COLOURS)
        if (fixed is None or c == fixed) and unseen[c] + unseen[RAINBOW] >= need
    ]
    if not colours:
        raise ValueError("no deal lets the seat to act finish its three-card move")
    colour, rng = _rng.choice(rng, colours)
    fitting = [k for k in pool if k in (colour, RAINBOW)]
    chosen, rng = _rng.shuffled32(rng, fitting)
    move = list(chosen[:need])
    rest = list(pool)
    for k in move:
        rest.remove(k)
    shuffled_rest, rng = _rng.shuffled32(rng, rest)
    # The seat to act's hand takes the move's cards first, then its share of the rest.
    order: list[int] = []
    taken = 0
    for seat in range(view.players):
        if seat == view.player:
            continue
        size = view.hand_sizes[seat]
        if seat == view.current:
            order += move + list(shuffled_rest[taken : taken + size - need])
            taken += size - need
        else:
            order += shuffled_rest[taken : taken + size]
            taken += size
    cards = (*order, *shuffled_rest[taken:])
    hands, at = _deal(view, cards)
    return hands, at, cards, rng

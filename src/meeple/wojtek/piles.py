"""The card piles: drawing with reshuffles, refilling a hand, taking from the boxes.

Miś Wojtek differs from the other games here: both decks are drawn from in the
middle of a turn (a travel card to be deported, bear cards to refill a box or
the whole display), and an empty deck is made again from its discard pile right
then, so chance happens part-way through a transition. These helpers are the
only places that spend the state's rng after set-up. Each is a pure function
that returns the changed piles as a tuple, for `transitions` to put into one
`meeple.core.replace`.

Piles are counted by kind; a reshuffle lays the discards out in kind order and
shuffles them with `meeple.core.rng.shuffled32`, the shuffle every seed of this
game was recorded with.
"""

from __future__ import annotations

from meeple.core.edit import bump
from meeple.core.edit import put
from meeple.core.rng import draw
from meeple.core.rng import shuffled32

from .components import HAND_SIZE
from .components import NO_BEARS
from .components import NO_CARD
from .components import NUM_COLOURS
from .components import ZERO_TRAVEL

__all__ = ["discard_bears", "draw_one", "refill", "take_box"]

_COLOURS = range(NUM_COLOURS)


def _cards(counts: tuple[int, ...]) -> tuple[int, ...]:
    """A pile counted by kind as cards, in kind order (what a reshuffle starts from)."""
    return tuple([k for k, n in enumerate(counts) for _ in range(n)])


def draw_one(
    deck: tuple[int, ...], discard: tuple[int, ...], rng: int, empty: tuple[int, ...]
) -> tuple[int, tuple[int, ...], tuple[int, ...], int]:
    """(top card, deck, discard, rng); the discards (counts by kind, `empty` when none)
    are reshuffled into a new deck first when the deck is empty. NO_CARD if both are."""
    if not deck:
        if not any(discard):
            return NO_CARD, deck, discard, rng
        deck, rng = shuffled32(rng, _cards(discard))
        discard = empty
    return deck[-1], deck[:-1], discard, rng


def refill(
    hand: tuple[int, ...], deck: tuple[int, ...], discard: tuple[int, ...], rng: int
) -> tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...], int]:
    """(hand, travel deck, travel discard, rng) after drawing the hand back up to five."""
    missing = HAND_SIZE - sum(hand)
    if missing <= 0:
        return hand, deck, discard, rng
    if len(deck) >= missing:  # the usual case: take them all at once
        cards = deck[-missing:]
        deck = deck[:-missing]
    else:  # the deck runs out part-way: the discards become the new deck
        cards, deck, _, rng = draw(deck, _cards(discard), rng, missing, shuffle=shuffled32)
        discard = ZERO_TRAVEL
    new = list(hand)
    for card in cards:
        new[card] += 1
    return tuple(new), deck, discard, rng


def discard_bears(pile: tuple[int, ...], cards: tuple[int, ...]) -> tuple[int, ...]:
    """The bear discard pile with `cards` (NO_CARD skipped) added."""
    out = list(pile)
    for card in cards:
        if card != NO_CARD:
            out[card] += 1
    return tuple(out)


def take_box(
    player: int,
    colour: int,
    refresh: bool,
    display: tuple[int, ...],
    collections: tuple[tuple[int, ...], ...],
    bear_deck: tuple[int, ...],
    bear_discard: tuple[int, ...],
    rng: int,
) -> tuple[
    int, tuple[int, ...], tuple[tuple[int, ...], ...], tuple[int, ...], tuple[int, ...], int
]:
    """`player` takes the bear card of the `colour` box (if any), which is refilled.

    With `refresh` (a city's first arrival) the box is not refilled: the rest of
    the display is discarded and seven new cards are dealt instead. Returns (the
    card taken or NO_CARD, display, collections, bear deck, bear discard, rng).
    """
    taken = display[colour]
    if taken != NO_CARD:
        collections = put(collections, player, bump(collections[player], taken, 1))
    if not refresh:
        card, bear_deck, bear_discard, rng = draw_one(bear_deck, bear_discard, rng, NO_BEARS)
        return taken, put(display, colour, card), collections, bear_deck, bear_discard, rng
    bear_discard = discard_bears(bear_discard, put(display, colour, NO_CARD))
    dealt = []
    for _ in _COLOURS:
        card, bear_deck, bear_discard, rng = draw_one(bear_deck, bear_discard, rng, NO_BEARS)
        dealt.append(card)
    return taken, tuple(dealt), collections, bear_deck, bear_discard, rng

"""What one seat may see, and how a full state is rebuilt from it.

Only the Seal cards are secret. Everything else (board, temples, reserves, player
boards, cards already played) lies open on the table, and the bag's contents per
colour follow from it, so the view shows them as counts. Seal cards show their
backs, which carry Dragon Seals and differ between cards: a seat sees the backs of
every held card and of the pile's top card, the faces only of its own hand. When the
game is over every seat shows the cards it still holds (`Seen.shown_hands`): the
final outcome counts their faces (the Dragon Hoard's 3 seals), and a score that
counts a card nobody was shown would tell who held it.
"""

from __future__ import annotations

from functools import lru_cache

import attrs

from meeple.core import rng as _rng
from meeple.core.field_order import in_order
from meeple.core.table import table_reader
from meeple.core.table import view_maker

from . import invariants
from .components import CARDS
from .state import State
from .state import Table

__all__ = ["View", "determinize", "view_of"]


@attrs.frozen
class Seen:
    """What a view holds beside the open `Table`: the seat, its own Seal cards, and
    of the others only their backs (the fields `view_of` gives `view_maker`'s
    function)."""

    player: int | None
    """The seat this view belongs to; None for a spectator."""
    hand: tuple[int, ...]
    """This seat's own Seal cards (empty for a spectator)."""
    fresh: tuple[int, ...]
    """Own cards drawn this turn (cannot be played yet)."""
    hand_backs: tuple[tuple[int, ...], ...]
    """Per player, the Dragon Seals on the backs of their held cards, ascending."""
    fresh_backs: tuple[int, ...]
    """Backs of the cards the current player drew this turn, ascending."""
    deck_size: int
    """Cards left in the Seal pile."""
    deck_top_back: int
    """Dragon Seals on the back of the pile's top card, -1 if the pile is empty."""
    shown_hands: tuple[tuple[int, ...], ...]
    """Once the game is over, per player, the Seal cards still held, face up (what the
    final outcome counts); empty before the end."""


@attrs.frozen(
    field_transformer=in_order(
        """player players to_act max_rounds round current phase board temples bag reserves
        tokens hand fresh hand_backs fresh_backs deck_size deck_top_back played
        regular_done mods extra extra_count owed waivers ritual_temple
        reserve_pays_offering take_fewer shown_hands"""
    ),  # 0.1's order, then shown_hands (0.2) (`meeple.core.field_order`)
)
class View(Seen, Table):
    """A seat's (or a spectator's) picture of the game: the open `Table`, this seat's
    own Seal cards, and of the others only their backs."""


_table = table_reader(View, Table)
"""A view's open `Table` fields, which `determinize` takes back as they are."""


@lru_cache(maxsize=1024)
def _backs(hand: tuple[int, ...]) -> tuple[int, ...]:
    return tuple(sorted(CARDS[c].back_seals for c in hand))


@lru_cache(maxsize=1024)
def _all_backs(hands: tuple[tuple[int, ...], ...]) -> tuple[tuple[int, ...], ...]:
    return tuple(_backs(h) for h in hands)


_make = view_maker(State, View, Table, Seen)
"""A `View` of a state: its `Table` as it is, the rest as `view_of` says."""


def view_of(s: State, player: int | None) -> View:
    """The view of `s` for `player` (None: spectator; the core has checked the seat)."""
    return _make(
        s,
        player=player,
        hand=s.hands[player] if player is not None else (),
        fresh=s.fresh if player == s.current else (),
        hand_backs=_all_backs(s.hands),
        fresh_backs=_backs(s.fresh),
        deck_size=len(s.deck),
        deck_top_back=CARDS[s.deck[0]].back_seals if s.deck else -1,
        shown_hands=s.hands if s.is_over else (),
    )


def _with_backs(hand: tuple[int, ...], backs: tuple[int, ...]) -> tuple[int, ...]:
    """Cards of `hand` with these `backs` (the fresh cards of a hand shown face up: any
    cards with the same backs make the same view)."""
    left = list(hand)
    picked = []
    for back in backs:
        card = next(c for c in left if CARDS[c].back_seals == back)
        left.remove(card)
        picked.append(card)
    return tuple(sorted(picked))


def determinize(view: View, seed: int) -> State:
    """A full state that `view` could come from; unseen Seal cards dealt from `seed`.

    Cards with the same back are interchangeable as far as the view goes, so the
    unseen cards are shuffled within each back value and dealt where those backs show.
    """
    rng = _rng.seed_rng(seed)
    seen = {*view.hand, *view.played, *(c for hand in view.shown_hands for c in hand)}
    by_back: dict[int, list[int]] = {}
    for card in range(len(CARDS)):
        if card not in seen:
            by_back.setdefault(CARDS[card].back_seals, []).append(card)
    for back in sorted(by_back):
        shuffled, rng = _rng.shuffled(rng, by_back[back])
        by_back[back] = list(shuffled)

    def deal(back: int) -> int:
        pile = by_back.get(back)
        if not pile:
            raise ValueError(f"way_of_bear view: no unseen Seal card has {back} seals on its back")
        return pile.pop()

    hands: list[tuple[int, ...]] = []
    fresh: tuple[int, ...] = view.fresh
    for q in range(view.players):
        if q == view.player:
            hands.append(view.hand)
            continue
        if view.shown_hands:  # the game is over: every hand lies face up
            hands.append(view.shown_hands[q])
            if q == view.current:
                fresh = _with_backs(view.shown_hands[q], view.fresh_backs)
            continue
        backs = list(view.hand_backs[q])
        cards: list[int] = []
        if q == view.current:
            picked = []
            for back in view.fresh_backs:
                backs.remove(back)
                picked.append(deal(back))
            fresh = tuple(sorted(picked))
            cards.extend(picked)
        cards.extend(deal(back) for back in backs)
        hands.append(tuple(sorted(cards)))
    deck: list[int] = []
    if view.deck_size:
        deck.append(deal(view.deck_top_back))
        rest = [c for pile in by_back.values() for c in pile]
        if len(rest) != view.deck_size - 1:
            raise ValueError("way_of_bear view: the Seal pile size does not add up")
        shuffled_rest, rng = _rng.shuffled(rng, sorted(rest))
        deck.extend(shuffled_rest)
    state_rng, _ = _rng.next_u64(rng)
    state = State(
        rng=state_rng,
        hands=tuple(hands),
        deck=tuple(deck),
        fresh=fresh,
        **_table(view),
    )
    invariants.validate(state)
    return state

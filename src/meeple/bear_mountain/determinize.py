"""Turning a view back into a full state: the unseen cards re-dealt from a seed."""

from __future__ import annotations

from meeple.core import InvalidPlayerError
from meeple.core import rng as _rng

from .components import BEAR_CARDS, CARD_IDS
from .rules import SOLO_BLOCK, SOLO_DECK, SOLO_HIKES
from .state import State
from .view import View

__all__ = ["determinize"]


def determinize(view: View, seed: int) -> State:
    """A state whose view for ``view.player`` equals `view`; hidden cards shuffled from `seed`."""
    if not isinstance(view, View):
        raise TypeError(f"bear_mountain: determinize needs a bear_mountain View, not {view!r}")
    if view.player is not None and not 0 <= view.player < view.players:
        raise InvalidPlayerError(f"bear_mountain: the view names seat {view.player}")
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

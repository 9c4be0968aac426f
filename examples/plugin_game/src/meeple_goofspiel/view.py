"""What one seat may see, and a full state dealt back from a view (for bots)."""

from __future__ import annotations

import attrs

from meeple.core import rng as R  # noqa: N812  # R reads well for "the rng module"

from .state import State

__all__ = ["View", "determinize", "seen_to_act", "view_of"]


@attrs.frozen
class View:
    """What a seat sees: its own hand and bid, the prize, everyone's scores."""

    player: int | None
    players: int
    to_act: frozenset[int]
    cards: int
    hand: tuple[int, ...] | None
    my_bid: int | None
    bid_placed: tuple[bool, ...]
    prize: int | None
    prizes_left: int
    scores: tuple[int, ...]
    history: tuple[tuple[int, tuple[int, ...]], ...]
    """Each finished round: (prize, every player's bid)."""


def view_of(s: State, player: int | None) -> View:
    """Own hand and bid only; the prize deck's order stays hidden (the core checked the seat)."""
    return View(
        player=player,
        players=s.players,
        to_act=s.to_act,
        cards=s.cards,
        hand=None if player is None else s.hands[player],
        my_bid=None if player is None else s.bids[player],
        bid_placed=tuple(b is not None for b in s.bids),
        prize=s.prizes[0] if s.prizes else None,
        prizes_left=len(s.prizes),
        scores=s.scores,
        history=s.history,
    )


def seen_to_act(s: State, player: int | None) -> frozenset[int]:
    """``view_of(s, player).to_act`` without making the view: everyone may see who
    is still to bid. Drivers ask this at every step where several seats act, which
    in Goofspiel is every step."""
    return s.to_act


def determinize(view: View, seed: int) -> State:
    """Shuffle the unseen prizes; deal the other players' unknown bids from their hands."""
    won = {prize for prize, _ in view.history}
    unseen = [c for c in range(1, view.cards + 1) if c not in won and c != view.prize]
    rest, rng = R.shuffled(R.seed_rng(seed), unseen)
    hands: list[tuple[int, ...]] = []
    bids: list[int | None] = []
    for p in range(view.players):
        spent = {bids_[p] for _, bids_ in view.history}
        hand = tuple(c for c in range(1, view.cards + 1) if c not in spent)
        if p == view.player:
            hands.append(view.hand or ())
            bids.append(view.my_bid)
        elif view.bid_placed[p]:
            pick, rng = R.choice(rng, hand)
            hands.append(tuple(c for c in hand if c != pick))
            bids.append(pick)
        else:
            hands.append(hand)
            bids.append(None)
    prizes = ((view.prize,) if view.prize is not None else ()) + rest
    return State(
        players=view.players,
        to_act=view.to_act,
        rng=rng,
        cards=view.cards,
        prizes=prizes,
        hands=tuple(hands),
        bids=tuple(bids),
        scores=view.scores,
        history=view.history,
    )

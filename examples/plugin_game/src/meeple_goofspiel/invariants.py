"""What every state and view keeps; the codec checks them whenever one is loaded from JSON.

A loaded document is hostile: the checks first bound every number that sizes work
(the cards in a hand, one entry per seat), and only then count the cards, so any
document is judged in bounded time.

`validate` proves the codec's trial of the outcome and the views
(`meeple.core.trust.proves_trial`): scoring reads one score per seat, and a view reads
the seat's hand and bid (one per seat), the prize deck, the scores and the history,
every list checked here to have one entry per seat.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from meeple.core.trust import proves_trial

from .options import MAX_CARDS
from .options import MIN_CARDS

if TYPE_CHECKING:
    from .state import State
    from .view import View

__all__ = ["validate", "validate_view"]


def _table(
    players: int,
    cards: int,
    scores: tuple[int, ...],
    history: tuple[tuple[int, tuple[int, ...]], ...],
) -> None:
    """What states and views share: the hand size in range, one score and bid a seat."""
    if not MIN_CARDS <= cards <= MAX_CARDS:
        raise ValueError(f"cards must be {MIN_CARDS}-{MAX_CARDS}, not {cards}")
    if len(scores) != players or any(len(bids) != players for _, bids in history):
        raise ValueError("every score and past bid needs one entry per seat")
    if len(history) > cards:
        raise ValueError("more rounds were played than there are prizes")


@proves_trial
def validate(s: State) -> None:
    """Cards in hands, bids and history add up; prizes are a subset of 1..N."""
    _table(s.players, s.cards, s.scores, s.history)
    if len(s.hands) != s.players or len(s.bids) != s.players:
        raise ValueError("every seat needs one hand and one bid")
    for p in range(s.players):
        spent = [bids[p] for _, bids in s.history]
        bid = s.bids[p]
        pending = [] if bid is None else [bid]
        if sorted([*s.hands[p], *spent, *pending]) != list(range(1, s.cards + 1)):
            raise ValueError(f"player {p}'s cards do not add up")
    won = [prize for prize, _ in s.history]
    if sorted([*won, *s.prizes]) != list(range(1, s.cards + 1)):
        raise ValueError("prize cards do not add up")


def validate_view(v: View) -> None:
    """The shared bounds, and what the seat sees fits in its cards."""
    _table(v.players, v.cards, v.scores, v.history)
    if len(v.bid_placed) != v.players:
        raise ValueError("every seat needs one bid placed or not")
    if not 0 <= v.prizes_left <= v.cards:
        raise ValueError(f"{v.prizes_left} prizes left of {v.cards}")
    if v.hand is not None and len(v.hand) > v.cards:
        raise ValueError(f"a hand of {len(v.hand)} cards holds more than {v.cards}")

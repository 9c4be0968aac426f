"""What a legal action does, in every mode, and who decides next (pure functions).

Every successor is `replace(state, ...)` naming only what changes. The only
chance after set-up is the order of the face-down cards, fixed when they were
shuffled, so no transition draws from the rng.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from meeple.core import ALL_SEATS
from meeple.core import NOBODY
from meeple.core import ONE_SEAT
from meeple.core import replace
from meeple.core.edit import put

from .actions import Action
from .actions import Assign
from .actions import Draw
from .actions import Pick
from .actions import Place
from .actions import SoloPlace
from .actions import Take
from .components import ANIMAL_SET
from .components import BEAR_CARDS
from .components import DRAFT_KEEP
from .components import DRAFT_PICKS
from .components import HAB_SET
from .components import HIKE_LENGTH
from .legal import is_closed
from .legal import solo_ends
from .legal import solo_targets
from .scoring import top_group
from .state import ASSIGN
from .state import DRAW
from .state import DRAWN
from .state import OVER
from .state import PICK
from .state import PLACE
from .state import SUDDEN
from .state import TAKE

if TYPE_CHECKING:
    from .state import State

__all__ = ["successor"]


def successor(s: State, a: Action, p: int) -> State:
    """The state after legal action `a` by player `p`."""
    if isinstance(a, Take):
        return _take(s, a.slot - 1, p)
    if isinstance(a, Pick):
        return _pick(s, a.card, p)
    if isinstance(a, Place):
        return _place(s, a, p)
    if isinstance(a, Draw):
        return _draw(s)
    if isinstance(a, SoloPlace):
        return _solo_place(s, a.card, a.hike - 1, a.side == "left")
    if isinstance(a, Assign):
        return _assign(s, a.score)
    return _finish_assigning(s, s.assigned)


def _take(s: State, slot: int, p: int) -> State:
    row = s.row
    deck = s.deck
    card = row[slot]
    if deck:
        row = (*row[:slot], deck[0], *row[slot + 1 :])
        deck = deck[1:]
    else:
        row = (*row[:slot], *row[slot + 1 :])
    hike = (*s.hikes[p], card)
    hikes = put(s.hikes, p, hike)
    n = s.players
    if s.phase == TAKE:
        if p == n - 1 and len(hike) == HIKE_LENGTH:
            return _hikes_complete(s, hikes, deck, row, s.hands, s.picks)
        return replace(
            s, to_act=ONE_SEAT[p + 1 if p + 1 < n else 0], hikes=hikes, deck=deck, row=row
        )
    pending = s.pending - ONE_SEAT[p]
    if pending:
        return replace(
            s, to_act=ONE_SEAT[min(pending)], hikes=hikes, deck=deck, row=row, pending=pending
        )
    return _hikes_complete(s, hikes, deck, row, s.hands, s.picks)


def _pick(s: State, card: int, p: int) -> State:
    hands = put(s.hands, p, tuple([c for c in s.hands[p] if c != card]))
    picks = put(s.picks, p, tuple(sorted((*s.picks[p], card))))
    to_act = s.to_act - ONE_SEAT[p]
    phase = s.phase
    if not to_act:
        hands = (hands[-1], *hands[:-1])  # everyone passes their hand to the left
        to_act = ALL_SEATS[s.players]
        if len(picks[0]) == DRAFT_PICKS[0]:  # 4, then 1 reserved + 3, then 1 + 3
            phase = PLACE
    return replace(s, to_act=to_act, phase=phase, hands=hands, picks=picks)


def _place(s: State, a: Place, p: int) -> State:
    card = a.card
    hike = s.hikes[p]
    hike = (card, *hike) if a.side == "left" else (*hike, card)
    hikes = put(s.hikes, p, hike)
    if s.phase == SUDDEN:
        hands = put(s.hands, p, ())
        to_act = s.to_act - ONE_SEAT[p]
        if to_act:
            return replace(s, to_act=to_act, hikes=hikes, hands=hands, pending=to_act)
        return _hikes_complete(s, hikes, s.deck, s.row, hands, s.picks)
    picks = put(s.picks, p, tuple([c for c in s.picks[p] if c != card]))
    to_act = s.to_act
    if len(picks[p]) == DRAFT_KEEP[s.round]:
        to_act = to_act - ONE_SEAT[p]
    if to_act:
        return replace(s, to_act=to_act, hikes=hikes, picks=picks)
    if s.round + 1 < len(DRAFT_PICKS):
        return replace(
            s, to_act=ALL_SEATS[s.players], phase=PICK, hikes=hikes, picks=picks, round=s.round + 1
        )
    return _hikes_complete(s, hikes, s.deck, s.row, s.hands, picks)


def _hikes_complete(
    s: State,
    hikes: tuple[tuple[int, ...], ...],
    deck: tuple[int, ...],
    row: tuple[int, ...],
    hands: tuple[tuple[int, ...], ...],
    picks: tuple[tuple[int, ...], ...],
) -> State:
    """All hikes are laid out (or a tiebreaker round ended): the game ends or ties play on."""
    over = replace(
        s,
        to_act=NOBODY,
        phase=OVER,
        hikes=hikes,
        deck=deck,
        row=row,
        hands=hands,
        picks=picks,
        pending=NOBODY,
    )
    if not s.options.tiebreaker:
        return over
    group = top_group(hikes, s.score_cards)
    if len(group) == 1 or len(row) + len(deck) < len(group):
        return over  # a clear winner, or not enough cards left: a shared win
    if s.options.mode == "standard":
        return replace(over, to_act=ONE_SEAT[min(group)], phase=SUDDEN, pending=group)
    dealt = list(hands)
    for i, p in enumerate(sorted(group)):
        dealt[p] = (deck[i],)
    return replace(
        over,
        to_act=group,
        phase=SUDDEN,
        deck=deck[len(group) :],
        hands=tuple(dealt),
        pending=group,
    )


def _draw(s: State) -> State:
    card = s.deck[0]
    deck = s.deck[1:]
    fits = solo_ends(s.hikes, card) if s.options.solo_either_end else solo_targets(s.hikes, card)
    if not fits:
        return replace(s, deck=deck, discard=(*s.discard, card))
    return replace(s, phase=DRAWN, deck=deck, drawn=card)


def _solo_place(s: State, card: int, k: int, left: bool) -> State:
    discard = s.discard if s.phase == DRAWN else s.discard[:-1]
    hikes = put(s.hikes, k, (card, *s.hikes[k]) if left else (*s.hikes[k], card))
    if card in BEAR_CARDS:  # the bear closes the hike: assign its score cards next
        return replace(s, phase=ASSIGN, hikes=hikes, discard=discard, drawn=0, active=k)
    return replace(s, phase=DRAW, hikes=hikes, discard=discard, drawn=0, active=-1)


def _assign(s: State, score: int) -> State:
    k = s.active
    assigned = put(s.assigned, k, (*s.assigned[k], score))
    mine = assigned[k]
    if sum(1 for c in mine if c in ANIMAL_SET) == 2 and any(c in HAB_SET for c in mine):
        return _finish_assigning(s, assigned)
    return replace(s, assigned=assigned)


def _finish_assigning(s: State, assigned: tuple[tuple[int, ...], ...]) -> State:
    if all(is_closed(h) for h in s.hikes):
        return replace(s, to_act=NOBODY, phase=OVER, assigned=assigned, active=-1)
    return replace(s, phase=DRAW, assigned=assigned, active=-1)

"""What one seat (or a spectator) sees, and a full state dealt back from a view.

A view never holds the deck, other seats' hands (only their sizes and what this
seat knows of them), the baca's drawn or face-down lot (unless this seat is the
baca), other seats' face-down bid cards, the cards other seats discarded face
down after an unchecked bluff (only their number), or which other seats are
offered a special card or said ``wait`` to one; `determinize` re-deals exactly
those (another seat that could play a special card is dealt as having said wait
for this moment).
"""

from __future__ import annotations

from collections import Counter

import attrs

from meeple.core import NOBODY
from meeple.core import ONE_SEAT
from meeple.core import rng as _rng
from meeple.core.edit import merge_sorted
from meeple.core.field_order import in_order
from meeple.core.table import table_reader
from meeple.core.table import view_maker

from .components import DECK
from .components import SHEEP_DECK
from .invariants import seen_in_view
from .offers import SEATS_OF
from .offers import with_offers
from .state import State
from .state import Table

__all__ = ["View", "determinize", "view_of"]


@attrs.frozen
class Seen:
    """What a view holds beside the open `Table`: the seat, who it knows to act, its
    own cards and what it knows of the hidden rest (the fields `view_of` gives
    `view_maker`'s function)."""

    player: int | None
    """The seat this view belongs to; None for a spectator."""
    to_act: frozenset[int]
    """Who this seat knows may act now: the seat to act, and this seat itself if it is
    offered a special card (other seats' offers are secret; a spectator sees the seat
    to act only)."""
    hand: tuple[int, ...]
    """This seat's own cards (empty for a spectator)."""
    hand_counts: tuple[int, ...]
    """How many cards each seat holds."""
    deck_count: int
    """Cards left in the draw pile."""
    discard: tuple[int, ...]
    """The discard pile as this seat saw it: every card discarded face up, and its own
    face-down ones (the others' face-down cards are only counted, in `buried_counts`)."""
    drawn: tuple[int, ...]
    """Lots the baca drew and has not laid out: shown to the baca only."""
    drawn_count: int
    """How many lots the baca drew and has not laid out."""
    face_down: int
    """The face-down lot's kind if this seat is the baca, else -1."""
    has_face_down: bool
    """Whether a face-down lot is on the table."""
    down: tuple[int, ...]
    """Face-down bid cards: this seat's own kind, -2 for another seat's, -1 none."""
    waited: int
    """This seat's bit if it said ``wait`` to an offer since the last other move (the
    other seats' waits are secret); 0 for a spectator."""
    known: tuple[tuple[int, ...], ...]
    """Per seat, cards this seat knows to be in that seat's hand (empty for a spectator)."""
    buried: tuple[int, ...]
    """Bluff rule: the cards this seat discarded face down (in `discard`); empty for a
    spectator."""
    buried_counts: tuple[int, ...]
    """Bluff rule: per seat, how many cards it discarded face down (public: everyone saw
    a card go face down)."""


@attrs.frozen(
    slots=True,
    field_transformer=in_order(
        """player players to_act options round baca phase actor hand hand_counts deck_count
        discard pens wolves fleeces points bonus drawn drawn_count lots face_down
        has_face_down opener lot laid bids high down declared checkers passed finished
        passes resume waited pending dogs chain final_from final_left known buried
        buried_counts"""
    ),  # the order of 0.1's documents (`meeple.core.field_order`)
)
class View(Seen, Table):
    """A seat's (or a spectator's) picture of the table: the open `Table`, and of the
    rest what this seat may know: its own hand, the others' as counts, the deck as a count."""


_table = table_reader(View, Table)
"""A view's open `Table` fields, which `determinize` takes back as they are."""


def seen_to_act(s: State, player: int | None) -> frozenset[int]:
    """The seats `player` sees to act: while offers are out, the actor and, if asked,
    itself (nobody learns who else was asked)."""
    to_act = s.to_act
    if len(to_act) > 1:
        actor = s.actor
        if player is not None and player in to_act:
            return SEATS_OF[1 << actor | 1 << player]
        return ONE_SEAT[actor]
    return to_act


_make = view_maker(State, View, Table, Seen)
"""A `View` of a state: its `Table` as it is, the rest as `view_of` says."""


def view_of(s: State, player: int | None) -> View:
    """The view of `player` (None: a spectator; the core has checked the seat)."""
    n = s.players
    is_baca = player == s.baca
    to_act = seen_to_act(s, player)
    waited = 0
    if player is not None:
        waited = s.waited & 1 << player
    return _make(
        s,
        player=player,
        to_act=to_act,
        hand=s.hands[player] if player is not None else (),
        hand_counts=tuple(len(h) for h in s.hands),
        deck_count=len(s.deck),
        discard=_seen_discard(s, player) if any(s.buried) else s.discard,
        drawn=s.drawn if is_baca else (),
        drawn_count=len(s.drawn),
        face_down=s.face_down if is_baca else -1,
        has_face_down=s.face_down >= 0,
        down=tuple(d if d < 0 or q == player else -2 for q, d in enumerate(s.down)),
        waited=waited,
        known=s.known[player] if player is not None else ((),) * n,
        buried=s.buried[player] if player is not None else (),
        buried_counts=tuple(len(b) for b in s.buried),
    )


def _seen_discard(s: State, player: int | None) -> tuple[int, ...]:
    """The discard pile without the cards other seats discarded face down."""
    hidden = Counter[int]()
    for q, cards in enumerate(s.buried):
        if q != player:
            hidden.update(cards)
    seen = Counter(s.discard) - hidden
    return tuple(sorted(seen.elements()))


def determinize(view: View, seed: int) -> State:
    """A full state that `view.player` cannot tell from the real one; hidden cards dealt
    at random (from `seed`) out of the cards this seat has not seen."""
    n = view.players
    p = view.player
    unseen = Counter(DECK if view.options.specials else SHEEP_DECK)
    unseen.subtract(seen_in_view(view))
    if any(c < 0 for c in unseen.values()):
        raise ValueError("the view shows more cards of some kind than the game has")
    pool, rng = _rng.shuffled(_rng.seed_rng(seed), sorted(unseen.elements()))
    rest = list(pool)

    def deal(k: int) -> list[int]:
        if k < 0 or k > len(rest):
            raise ValueError("the view's card counts do not add up")
        got = rest[len(rest) - k :]
        del rest[len(rest) - k :]
        return got

    hands = []
    for t in range(n):
        if t == p:
            hands.append(view.hand)
        else:
            own = list(view.known[t])
            hands.append(tuple(sorted(own + deal(view.hand_counts[t] - len(own)))))
    face_down = view.face_down
    if view.has_face_down and face_down < 0:
        (face_down,) = deal(1)
    drawn = view.drawn
    if view.drawn_count and not drawn:
        drawn = tuple(sorted(deal(view.drawn_count)))
    down = tuple(deal(1)[0] if d == -2 else d for d in view.down)
    buried = tuple(
        view.buried if q == p else tuple(sorted(deal(c))) for q, c in enumerate(view.buried_counts)
    )
    discard = view.discard
    for q, cards in enumerate(buried):
        if q != p and cards:
            discard = merge_sorted(discard, cards)
    if len(rest) != view.deck_count:
        raise ValueError("the view's card counts do not add up")
    empty: tuple[int, ...] = ()
    known = tuple(view.known if o == p else (empty,) * n for o in range(n))
    state = State(
        to_act=ONE_SEAT[view.actor] if view.actor >= 0 else NOBODY,
        rng=rng,
        hands=tuple(hands),
        deck=tuple(rest),
        discard=discard,
        drawn=drawn,
        face_down=face_down,
        down=down,
        waited=0,
        known=known,
        buried=buried,
        **_table(view),
    )
    if not view.options.specials:
        return state
    # Whether another seat is offered a special card now, or has said wait to it, the
    # seat cannot tell: in the world dealt here every other seat that could play one
    # has let this moment go by (said wait), so exactly the seats of the view are to
    # act, and a search over this world goes on from the move the seat is asked for.
    # The next move by another seat offers them their cards again, as in play.
    could = with_offers(state, view.waited).to_act - view.to_act
    return with_offers(state, view.waited | sum(1 << q for q in could))

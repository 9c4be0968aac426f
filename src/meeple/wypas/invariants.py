"""Invariants every state and every view keeps; the codec checks them on each load.

A loaded document is hostile until checked. Every number that sizes work (a card
kind, a seat, a count, a bit mask) is bounded here, and every field must agree
with the others the way play produces them: cards are conserved (in a view: no
kind is seen more often than the deck holds it, and the hidden counts add up),
the phase fits the table (a lot to choose in ``choose``, drawn lots to hide in
``hide``, a well-formed special card pending in ``react`` and ``take``, the
auction's fields only during an auction), the bluff fields follow the bluff rule
and the ``known`` table only names cards that are really in those hands.

State and view share most field names; `_check_table` reads those, so a view is
held to the same rules as the state it was made from.

`validate` proves the codec's trial of the outcome and the views
(`meeple.core.trust.proves_trial`): scoring reads each seat's points, bonus and
fleeces, one entry per seat; a view copies the table and indexes only per-seat
fields (hands, the known table, face-down discards and bid cards), all of one
entry per seat, the seat tables by the seat to act and the viewer (`to_act` is
checked to be that seat and the seats offered a card), and counts discards of
checked card kinds. A field that scoring or
a view comes to index must be bounded here too (the fuzz tests hold this claim).
"""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING

from meeple.core.trust import proves_trial

from .components import DECK
from .components import DOG
from .components import KIND_NAME
from .components import KINDS
from .components import SHEEP_DECK
from .components import WOLF
from .components import kind_of
from .invariants_cards import check
from .invariants_cards import check_kinds
from .invariants_cards import kinds_fine
from .invariants_table import check_table
from .invariants_table import turn_of
from .offers import SEATS_OF
from .offers import offered_mask
from .specials import holding
from .state import HIDE
from .state import REACT
from .state import TAKE
from .state import Phase

if TYPE_CHECKING:
    from .state import State
    from .view import View

__all__ = ["cards_in_play", "seen_in_view", "validate", "validate_view"]


# -- states ---------------------------------------------------------------------------


@proves_trial
def validate(s: State) -> None:
    """Raise ValueError naming the first broken invariant of a full state."""
    n = s.players
    if not 3 <= n <= 6:
        raise ValueError(f"wypas is played by 3-6 players, not {n}")
    check(0 <= s.rng < 2**64, "the rng state is a 64-bit number")
    per_seat = (
        s.hands,
        s.pens,
        s.wolves,
        s.fleeces,
        s.points,
        s.bonus,
        s.laid,
        s.bids,
        s.down,
        s.declared,
        s.known,
        s.buried,
    )
    check(
        set(map(len, per_seat)) == {n} and set(map(len, s.known)) == {n},
        "every per-seat field needs one entry per seat",
    )
    if not 0 <= s.phase < len(Phase):
        raise ValueError(f"unknown phase {s.phase}")
    for q, hand in enumerate(() if kinds_fine(s.hands) else s.hands):  # to name the bad one
        check_kinds(hand, f"seat {q}'s hand")
    check_kinds(s.deck, "the deck", ordered=False)
    check_kinds(s.drawn, "the drawn lots")
    check(s.face_down == -1 or 0 <= s.face_down < KINDS, "the face-down lot is not a card")
    for q, d in enumerate(s.down):
        if not (d == -1 or 0 <= d < KINDS):
            raise ValueError(f"seat {q}'s face-down bid card is not a card")
    for o, row in enumerate(s.known):
        if not any(row):
            continue  # this seat knows nothing of any hand (its own included)
        if row[o]:
            raise ValueError(f"seat {o} 'knows' its own hand: the known table is about others")
        for t, cards in enumerate(row):
            if not cards:
                continue
            check_kinds(cards, f"what seat {o} knows of seat {t}'s hand")
            if not _among(cards, s.hands[t]):
                raise ValueError(f"seat {o} 'knows' cards seat {t} does not hold")
    for q, cards in enumerate(() if kinds_fine(s.buried) else s.buried):
        if cards:
            check_kinds(cards, f"the cards seat {q} discarded face down")
    _check_buried(s.options.bluff, len(s.discard), [len(b) for b in s.buried])
    if any(s.buried):
        face_down = Counter[int]()
        for cards in s.buried:
            face_down.update(cards)
        check(not face_down - Counter(s.discard), "face-down discards must be in the discard pile")
    hand_sizes = tuple(len(h) for h in s.hands)
    check_table(s, hand_sizes, len(s.drawn), s.face_down >= 0, s.down)
    _check_offers(s.hands, holding(s.hands), s, None)
    have = cards_in_play(s)
    have.sort()
    if have != (_WITH_SPECIALS if s.options.specials else _SHEEP_ONLY):
        counted, want = Counter(have), Counter(DECK if s.options.specials else SHEEP_DECK)
        extra, missing = counted - want, want - counted
        raise ValueError(f"cards are not conserved (extra {dict(extra)}, missing {dict(missing)})")


_WITH_SPECIALS = sorted(DECK)
_SHEEP_ONLY = sorted(SHEEP_DECK)
"""The kinds of the game's cards, in order, with and without the special cards."""


def _among(cards: tuple[int, ...], hand: tuple[int, ...]) -> bool:
    """Whether every one of `cards` is in `hand`, as many times as `cards` names it."""
    rest = list(hand)
    try:
        for c in cards:
            rest.remove(c)
    except ValueError:
        return False
    return True


def _check_offers(
    hands: tuple[tuple[int, ...], ...], holders: int, x: State | View, seat: int | None
) -> None:
    """`to_act` is the seat to act plus the offered seats, and only a seat that would be
    offered has waited. `hands` are the hands the reader sees (in a view, the seat's
    own; `seat` is that seat, None for a state or a spectator)."""
    if x.actor < 0:
        return  # over: check_table has checked that nobody acts
    specials = x.options.specials
    args = (x.phase, x.actor, hands, holders, x.pens, x.wolves)
    could = offered_mask(*args, 0) if specials else 0
    check(not x.waited & ~could, "only a seat offered a special card can have waited")
    offered = could & ~x.waited
    if seat is not None:
        offered &= 1 << seat
    check(
        x.to_act == SEATS_OF[offered | 1 << x.actor],
        "to_act must be the seat to act and the seats offered a special card they could play",
    )


def _check_buried(bluff: bool, discards: int, counts: list[int]) -> None:
    """Face-down discards come from unchecked bluffs and lie in the discard pile."""
    check(bluff or not any(counts), "face-down discards belong to the bluff rule")
    check(sum(counts) <= discards, "more face-down discards than discards")


def cards_in_play(s: State) -> list[int]:
    """Every shuffled card's kind, wherever it is: the 103 (or 84) are all here."""
    out: list[int] = list(s.deck) + list(s.discard) + list(s.lots) + list(s.drawn)
    for hand in s.hands:
        out += hand
    out += _table_cards(s)
    out += [kind for kind in s.down if kind >= 0]
    if s.face_down >= 0:
        out.append(s.face_down)
    return out


def _table_cards(x: State | View) -> list[int]:
    """Kinds shown to everyone outside the hands, deck and lots: pens, wolves, fleeces,
    bid cards, the lot under auction, the special cards of a chain not resolved yet and
    their Sheepdogs."""
    out: list[int] = []
    for pair in x.pens:
        for pen in pair:
            out += map(kind_of, pen)
    for mask in x.wolves:
        out += [WOLF] * ((mask & 1) + (mask >> 1 & 1))
    for fleeces in x.fleeces:
        for fleece in fleeces:
            out += fleece
    for laid in x.laid:
        out += laid
    if x.lot >= 0:
        out.append(x.lot)
    if x.phase == REACT:
        out.append(x.pending[1])
    out += [DOG] * len(x.dogs)
    for card in x.chain:  # cards of the chain not resolved yet, and their Sheepdogs
        out.append(card[1])
        out += [DOG] * (len(card) - 5)
    return out


# -- views ----------------------------------------------------------------------------


def validate_view(v: View) -> None:
    """Raise ValueError naming the first thing no real game could show this seat."""
    n = v.players
    check(3 <= n <= 6, f"wypas is played by 3-6 players, not {n}")
    p = v.player
    check(p is None or 0 <= p < n, f"the view belongs to seat {p}, not a seat")
    per_seat = (
        v.hand_counts,
        v.pens,
        v.wolves,
        v.fleeces,
        v.points,
        v.bonus,
        v.laid,
        v.bids,
        v.down,
        v.declared,
        v.known,
        v.buried_counts,
    )
    check(all(len(x) == n for x in per_seat), "every per-seat field needs one entry per seat")
    check_kinds(v.buried, "the cards this seat discarded face down")
    check(all(c >= 0 for c in v.buried_counts), "a count of face-down discards is negative")
    check(
        (not v.buried if p is None else v.buried_counts[p] == len(v.buried)),
        "a seat sees exactly its own face-down discards",
    )
    check(_among(v.buried, v.discard), "own face-down discards lie in the pile")
    _check_buried(v.options.bluff, len(v.discard), [len(v.buried)])
    check(v.options.bluff or not any(v.buried_counts), "face-down discards need the bluff rule")
    check(0 <= v.phase < len(Phase), f"unknown phase {v.phase}")
    check_kinds(v.hand, "the hand")
    for t, cards in enumerate(v.known):
        check_kinds(cards, f"what this seat knows of seat {t}'s hand")
        check(t != p or not cards, "a seat's known table is about the others' hands")
        check(
            0 <= len(cards) <= v.hand_counts[t],
            f"seat {t} holds {v.hand_counts[t]} cards, fewer than the view knows of",
        )
    if p is None:
        check(not v.hand, "a spectator holds no hand")
        check(not any(v.known), "a spectator knows nothing of the hands")
        check(v.face_down == -1 and not v.drawn, "a spectator sees no hidden lot")
    else:
        check(v.hand_counts[p] == len(v.hand), "the seat's hand count must match its hand")
    check(0 <= v.deck_count <= len(DECK), f"the deck cannot hold {v.deck_count} cards")
    check_kinds(v.drawn, "the drawn lots")
    if p == v.baca:
        check(v.drawn_count == len(v.drawn), "the baca sees every lot it drew")
        check(v.face_down == -1 or 0 <= v.face_down < KINDS, "the face-down lot is not a card")
        check((v.face_down >= 0) == v.has_face_down, "the baca sees the face-down lot it hid")
    else:
        check(not v.drawn, "only the baca sees the drawn lots")
        check(v.face_down == -1, "only the baca sees the face-down lot")
    for q, d in enumerate(v.down):
        if q == p:
            check(d == -1 or 0 <= d < KINDS, "the seat's own face-down bid card is not a card")
        else:
            check(d in (-1, -2), f"seat {q}'s face-down bid card is hidden from this view")
    check_table(v, v.hand_counts, v.drawn_count, v.has_face_down, v.down)
    check(p is not None or not v.waited, "a spectator never waits")
    check(p is None or not v.waited & ~(1 << p), "a seat sees only its own wait")
    holders = sum(1 << t for t, count in enumerate(v.hand_counts) if count)
    own = tuple(v.hand if t == p else () for t in range(n))
    _check_offers(own, holders, v, p)
    # A fact `validate` leaves to the codec's trial of a state (no legal action),
    # since the rule tests' hand-made positions break it without playing on.
    if turn_of(v)[0] == HIDE:
        check(v.drawn_count > 0, "the baca hides one of the lots it drew: there must be some")
    if v.phase == TAKE and p == v.pending[0]:
        victim = v.pending[2]
        check(
            len(v.known[victim]) == v.hand_counts[victim],
            "a Thief that resolved has looked at the whole hand it robs",
        )
    _check_view_counts(v)


def seen_in_view(v: View) -> list[int]:
    """The kinds `v` shows, one entry a card: the seat's own hand, the discard pile as it
    saw it, the lots, the drawn lots and the face-down lot it sees, the cards on the
    table, the face-down bid cards it sees, and what it knows of the other hands
    (`determinize` deals the rest of the deck)."""
    seen = [*v.hand, *v.discard, *v.lots, *v.drawn]
    seen += _table_cards(v)
    seen += [d for d in v.down if d >= 0]
    if v.face_down >= 0:
        seen.append(v.face_down)
    for t, cards in enumerate(v.known):
        if t != v.player:
            seen += cards
    return seen


def _check_view_counts(v: View) -> None:
    """No kind is seen more often than the deck holds it, and the unseen cards fill
    exactly the hidden places (other hands, the deck, hidden lots and bid cards)."""
    p = v.player
    seen = Counter(seen_in_view(v))
    deck = SHEEP_DECK if not v.options.specials else DECK
    box = Counter(deck)
    for kind, count in seen.items():
        if count > box[kind]:
            raise ValueError(
                f"the view shows {count} {KIND_NAME[kind]} cards; the game has {box[kind]}"
            )
    hidden = v.deck_count + sum(1 for d in v.down if d == -2)
    hidden += sum(c for t, c in enumerate(v.buried_counts) if t != p)
    hidden += sum(v.hand_counts[t] - len(v.known[t]) for t in range(v.players) if t != p)
    if v.has_face_down and v.face_down < 0:
        hidden += 1
    if not v.drawn:
        hidden += v.drawn_count
    unseen = len(deck) - sum(seen.values())
    check(
        hidden == unseen,
        f"the view's hidden places hold {hidden} cards but {unseen} cards are unseen",
    )

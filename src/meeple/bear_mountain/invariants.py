"""Invariants every state keeps and every view shows; the codec checks them on each load.

A state must be one a real game can reach: all 45 landscape cards in exactly one
place, and every count (hike lengths, hand and selection sizes, the face-up row,
the solo deck's piles and score card assignments) where the rules of its mode
and phase put it. A view must show what a reachable state shows: card ids that
exist, no card twice, counts that add up to the deck, and then a full state dealt
from it (`determinize`) must keep every state invariant. Together they bound
every number that sizes work, so whatever loads, every method runs in bounded time.

`validate` proves the codec's trial of the outcome and the views
(`meeple.core.trust.proves_trial`): scoring reads the card ids on the hikes (each
one of the 45 cards: all of them are in exactly one place), the score card ids
(known ids; in solo the 13 solo cards, and the assigned ones among them), one hike
per seat (solo: 5 hikes and 5 assignment lists), so every table it indexes is
indexed in range and every per-seat zip has one entry per seat. A view copies the
state's fields and reads ``hands[p]`` and ``picks[p]`` only when there are hands,
which drafting has one of per seat, and picks beside them.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

from meeple.core import ALL_SEATS
from meeple.core.trust import proves_trial

from .components import BEAR_CARDS
from .components import CARD_IDS
from .components import DRAFT_KEEP
from .components import DRAFT_PICKS
from .components import HAB_SET
from .components import HAND_SIZE
from .components import HIKE_LENGTH
from .components import ROW_SIZE
from .components import SCORE_BY_SLUG
from .components import SCORE_IDS
from .components import SOLO_BLOCK
from .components import SOLO_DECK
from .components import SOLO_HIKES
from .components import card_name
from .invariants_solo import check
from .invariants_solo import validate_solo
from .legal import is_closed
from .setup import default_score_count
from .state import Phase
from .view import determinize

if TYPE_CHECKING:
    from .state import State
    from .view import View

__all__ = ["validate", "validate_view"]

_N_CARDS = len(CARD_IDS)
_RNG_LIMIT = 2**64
_DRAFT_HIKE = tuple(sum(DRAFT_PICKS[0] - k for k in DRAFT_KEEP[:r]) for r in range(3))
"""Drafting: cards on each hike while picking in rounds 0, 1, 2: (0, 3, 6)."""
_DRAFT_HAND = tuple(HAND_SIZE - sum(DRAFT_PICKS[: r + 1]) for r in range(3))
"""Drafting: cards in each hand while placing in rounds 0, 1, 2: (6, 3, 0)."""


# -- states ----------------------------------------------------------------------------


_PHASES = {
    "standard": frozenset({Phase.TAKE, Phase.SUDDEN, Phase.OVER}),
    "draft": frozenset({Phase.PICK, Phase.PLACE, Phase.SUDDEN, Phase.OVER}),
    "solo": frozenset({Phase.DRAW, Phase.DRAWN, Phase.ASSIGN, Phase.OVER}),
}
"""The phases each mode goes through."""
_ALL_CARDS = list(CARD_IDS)
_KNOWN_SCORES = frozenset(SCORE_IDS)


@proves_trial
def validate(s: State) -> None:
    """Raise ValueError naming the first broken invariant."""
    check(0 <= s.rng < _RNG_LIMIT, "the rng state is a 64-bit number")
    mode = s.options.mode
    if mode is None:
        raise ValueError("a state's options name its mode")
    n = s.players
    if mode == "solo":
        check(n == 1, "the solo game has exactly 1 player")
    elif not 2 <= n <= 4:
        raise ValueError(f"{mode} is played by 2-4 players, not {n}")
    if not s.to_act <= ALL_SEATS[n]:
        raise ValueError(f"to_act {sorted(s.to_act)} names a seat that does not exist")
    check(
        (s.phase == Phase.OVER) == (not s.to_act),
        "to_act must be empty exactly when the phase is over",
    )
    if s.phase not in _PHASES[mode]:
        raise ValueError(f"phase {s.phase!r} does not occur in {mode} mode")
    everything = [c for h in s.hikes for c in h]
    everything += s.deck
    everything += s.row
    for h in s.hands:
        everything += h
    for h in s.picks:
        everything += h
    everything += s.discard
    if s.drawn:
        everything.append(s.drawn)
    everything.sort()
    check(everything == _ALL_CARDS, "every landscape card must be in exactly one place")
    scores = s.score_cards
    check(
        len(set(scores)) == len(scores) and list(scores) == sorted(scores),
        "score cards must be distinct and in ascending order",
    )
    check(_KNOWN_SCORES.issuperset(scores), "unknown score card id")
    if mode == "solo":
        validate_solo(s)
        return
    if len(scores) != default_score_count(s.options, n):
        raise ValueError(f"{len(scores)} score cards, the options call for another number")
    check(
        not s.options.score_cards
        or scores == tuple(sorted(SCORE_BY_SLUG[x] for x in s.options.score_cards)),
        "the score cards differ from those the options name",
    )
    check(
        not (s.options.animals_only and not HAB_SET.isdisjoint(scores)),
        "animals_only games have no habitat or elevation score cards",
    )
    check(len(s.hikes) == n, "there must be one hike per player")
    check(
        not (s.discard or s.drawn or s.assigned or s.active != -1),
        "discard, drawn card and assignments belong to the solo game",
    )
    if s.phase == Phase.SUDDEN:
        check(
            s.options.tiebreaker and bool(s.pending) and s.pending <= ALL_SEATS[n],
            "tiebreaker rounds need the option and a set of tied players",
        )
        if not all(len(h) >= HIKE_LENGTH for h in s.hikes):
            raise ValueError(f"tiebreaker rounds start once every hike has {HIKE_LENGTH} cards")
    else:
        check(not s.pending, "only tiebreaker rounds have pending players")
    if mode == "standard":
        _validate_standard(s)
    else:
        _validate_draft(s)


def _validate_standard(s: State) -> None:
    check(not (s.hands or s.picks), "the standard game has no hands or selected cards")
    check(s.round == 0, "only drafting has rounds")
    left = len(s.row) + len(s.deck)
    if len(s.row) != min(ROW_SIZE, left):
        raise ValueError(f"the face-up row holds {ROW_SIZE} cards while the pile lasts")
    if s.phase == Phase.TAKE:
        check(len(s.to_act) == 1, "one player takes a card at a time")
        (p,) = s.to_act
        k = len(s.hikes[p])
        if k >= HIKE_LENGTH:
            raise ValueError(f"hikes stop at {HIKE_LENGTH} cards")
        if not all(len(h) == (k + 1 if q < p else k) for q, h in enumerate(s.hikes)):
            raise ValueError(
                f"players take cards in turn from seat 0: player {p} cannot be to act "
                f"with hikes of {[len(h) for h in s.hikes]} cards"
            )
    elif s.phase == Phase.OVER:
        lengths = {len(h) for h in s.hikes}
        if s.options.tiebreaker:
            if min(lengths) < HIKE_LENGTH:
                raise ValueError(f"a finished hike has {HIKE_LENGTH} cards or more")
        elif lengths != {HIKE_LENGTH}:
            raise ValueError(f"a finished hike has {HIKE_LENGTH} cards")
    else:
        check(
            s.to_act == {min(s.pending)},
            "tied players take their card in seat order: the lowest pending seat acts",
        )
        check(left >= len(s.pending), "a tiebreaker round only starts with a card for each")


def _validate_draft(s: State) -> None:
    n = s.players
    check(
        len(s.hands) == n and len(s.picks) == n and not s.row,
        "drafting needs one hand and one pick list per player, no row",
    )
    for cards in (*s.hands, *s.picks):
        check(list(cards) == sorted(cards), "hands and selected cards are kept in ascending order")
    check(0 <= s.round < len(DRAFT_PICKS), "drafting has rounds 0, 1 and 2")
    r = s.round
    hands = [len(h) for h in s.hands]
    picks = [len(h) for h in s.picks]
    hikes = [len(h) for h in s.hikes]
    if s.phase in (Phase.PICK, Phase.PLACE):
        if not all(h + k + x == HAND_SIZE for h, k, x in zip(hands, picks, hikes, strict=True)):
            raise ValueError(
                f"each seat's hand, selected cards and hike hold the {HAND_SIZE} cards it was dealt"
            )
        check(
            len(s.deck) == _N_CARDS - HAND_SIZE * n,
            "the cards not dealt stay face down until the tiebreaker",
        )
    if s.phase == Phase.PICK:
        if set(hikes) != {_DRAFT_HIKE[r]}:
            raise ValueError(f"round {r + 1} is picked with {_DRAFT_HIKE[r]} cards on each hike")
        j = min(picks)
        first = DRAFT_KEEP[r - 1] if r else 0
        check(
            first <= j < DRAFT_PICKS[0] and max(picks) <= j + 1,
            "everyone selects one card before the hands pass on",
        )
        check(
            s.to_act == frozenset(p for p in range(n) if picks[p] == j),
            "exactly the players who have not selected this step are to act",
        )
    elif s.phase == Phase.PLACE:
        if set(hands) != {_DRAFT_HAND[r]}:
            raise ValueError(f"round {r + 1} is placed with {_DRAFT_HAND[r]} cards in each hand")
        if not all(DRAFT_KEEP[r] <= k <= DRAFT_PICKS[0] for k in picks):
            raise ValueError(f"round {r + 1} places selected cards until {DRAFT_KEEP[r]} remain")
        check(
            s.to_act == frozenset(p for p in range(n) if picks[p] > DRAFT_KEEP[r]),
            "exactly the players with selected cards left to lay are to act",
        )
    else:  # SUDDEN or OVER: the draft is over. A finished position may hold hikes of
        # any length (scoring examples are built so); nothing is sized by them.
        check(r == len(DRAFT_PICKS) - 1, "the draft ends after round 3")
        check(not any(picks), "no selected cards are left once the draft is over")
        check(
            all(hands[p] == (1 if p in s.pending else 0) for p in range(n)),
            "each tied player holds exactly the one card dealt for the tiebreaker",
        )
        if s.phase == Phase.SUDDEN:
            check(s.to_act == s.pending, "every tied player lays a card at once")


def _ids(cards: Iterable[int], where: str) -> list[int]:
    out = list(cards)
    if out and not (min(out) >= 1 and max(out) <= _N_CARDS):
        c = next(c for c in out if not 1 <= c <= _N_CARDS)
        raise ValueError(f"{where}: card id {c} does not exist (ids are 1-{_N_CARDS})")
    return out


def validate_view(v: View) -> None:
    """Raise ValueError naming the first thing no reachable state could show this seat.

    Bounds and counts first (card ids, no card twice, the deck's total), then a full
    state dealt from the view must keep every state invariant (`validate`).
    """
    mode = v.options.mode
    n = v.players
    check(mode is not None, "a view's options name its mode")
    check((mode == "solo") == (n == 1), f"{mode} mode is not played by {n} player(s)")
    me = v.player
    check(me is None or 0 <= me < n, f"the view belongs to seat {me!r}, not a seat")
    check(
        len(v.hikes) == (SOLO_HIKES if mode == "solo" else n),
        f"{mode} mode has {SOLO_HIKES if mode == 'solo' else n} hikes, not {len(v.hikes)}",
    )
    shown = _shown_cards(v)
    counts = (v.hand_counts, v.pick_counts)
    _check_hands_shown(v, mode, counts)
    check(0 <= v.deck_count <= _N_CARDS, f"the face-down pile holds 0-{_N_CARDS} cards")
    hidden = sum(h + k for p, (h, k) in enumerate(zip(*counts, strict=True)) if p != me)
    total = len(shown) + hidden + v.deck_count
    check(total == _N_CARDS, f"the view accounts for {total} landscape cards, not {_N_CARDS}")
    if mode != "standard":
        check(not v.row, f"{mode} mode has no face-up row")
    if mode == "solo":
        _check_solo_view(v)
    validate(determinize(v, 0))


def _shown_cards(v: View) -> list[int]:
    """Every card the view shows face up, each a card of the game and none twice."""
    shown = [
        *_ids((c for h in v.hikes for c in h), "a hike"),
        *_ids(v.row, "the face-up row"),
        *_ids(v.hand, "the hand"),
        *_ids(v.picks, "the selected cards"),
        *_ids(v.discard, "the discard pile"),
        *_ids((v.drawn,) if v.drawn else (), "the drawn card"),
    ]
    if len(set(shown)) != len(shown):
        twice = sorted({c for c in shown if shown.count(c) > 1})
        raise ValueError(f"card {card_name(twice[0])} is shown in two places")
    return shown


def _check_hands_shown(
    v: View, mode: str | None, counts: tuple[tuple[int, ...], tuple[int, ...]]
) -> None:
    """Hands and selected cards: counted per seat only when drafting, seen only by
    their own drafting seat, kept in ascending order."""
    me = v.player
    if mode == "draft":
        check(
            all(len(c) == v.players for c in counts),
            "drafting shows how many cards each seat holds and has selected",
        )
        check(
            all(0 <= h <= HAND_SIZE for h in v.hand_counts),
            f"a hand holds at most {HAND_SIZE} cards",
        )
        check(
            all(0 <= k <= DRAFT_PICKS[0] for k in v.pick_counts),
            f"a seat has at most {DRAFT_PICKS[0]} selected cards",
        )
    else:
        check(not any(counts), f"{mode} mode has no hands or selected cards")
    if me is None or mode != "draft":
        check(not (v.hand or v.picks), "only a drafting seat sees its own hand")
    else:
        check(
            len(v.hand) == v.hand_counts[me] and len(v.picks) == v.pick_counts[me],
            "the viewer's own hand and selected cards match their counts",
        )
    check(
        list(v.hand) == sorted(v.hand) and list(v.picks) == sorted(v.picks),
        "hands and selected cards are kept in ascending order",
    )


def _check_solo_view(v: View) -> None:
    """Solo: the deck's size, the assignment lists, where bear cards may lie, and as
    many bear cards out as the draws so far have reached."""
    check(v.deck_count <= SOLO_DECK, f"the solo deck holds at most {SOLO_DECK} cards")
    check(len(v.assigned) == SOLO_HIKES, f"the solo game has {SOLO_HIKES} assignment lists")
    either = v.options.solo_either_end  # then a bear card may close either end
    check(
        all(len(h) > 0 and (h[0] not in BEAR_CARDS or (either and len(h) > 1)) for h in v.hikes),
        "each solo hike starts with a card that is not a bear",
    )
    check(
        all(c not in BEAR_CARDS for h in v.hikes for c in (h[1:-1] if either else h[:-1]))
        and all(sum(1 for c in h if c in BEAR_CARDS) <= 1 for h in v.hikes)
        and all(c not in BEAR_CARDS for c in v.discard),
        "a bear card can only end a hike",
    )
    drawn_so_far = SOLO_DECK - v.deck_count
    bears_out = sum(1 for h in v.hikes if is_closed(h)) + (v.drawn in BEAR_CARDS)
    done_piles = drawn_so_far // SOLO_BLOCK
    check(
        done_piles <= bears_out <= done_piles + (1 if drawn_so_far % SOLO_BLOCK else 0),
        f"{bears_out} bear cards are out after {drawn_so_far} draws, "
        f"but each pile of {SOLO_BLOCK} holds one",
    )

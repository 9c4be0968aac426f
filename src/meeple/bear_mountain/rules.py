"""Legal actions and transitions of every mode: pure functions over the state's data.

Successor states are built directly (not with ``attrs.evolve``) because this is
the hot path of random playouts.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from .actions import Action, Assign, Done, Draw, Pick, Place, SoloPlace, Take
from .components import (
    ANIMAL_SCORES,
    BEAR_CARDS,
    CARD_IDS,
    HAB_ELEV_SCORES,
    LEFT,
    RIGHT,
    SCORE_IDS,
    SOLO_SCORES,
)
from .scoring import score_hikes

if TYPE_CHECKING:
    from .state import State

__all__ = [
    "ALL_SEATS",
    "ANIMAL_SET",
    "DRAFT_KEEP",
    "DRAFT_PICKS",
    "HAB_SET",
    "HAND_SIZE",
    "HIKE_LENGTH",
    "NOBODY",
    "ONE_SEAT",
    "ROW_SIZE",
    "SOLO_BLOCK",
    "SOLO_DECK",
    "SOLO_HIKES",
    "SOLO_PILE",
    "assign_counts",
    "is_closed",
    "legal",
    "solo_targets",
    "successor",
    "top_group",
]

HIKE_LENGTH: Final = 10
"""Standard game: every hike grows to ten cards (rulebook, "How to Play")."""
ROW_SIZE: Final = 4
"""Standard game: four face-up cards to choose from (rulebook, "Setup")."""
HAND_SIZE: Final = 10
"""Drafting: ten cards dealt to each player."""
DRAFT_PICKS: Final = (4, 3, 3)
"""Drafting: cards selected in each round (4, then 1 reserved + 3, then 1 + 3)."""
DRAFT_KEEP: Final = (1, 1, 0)
"""Drafting: cards kept face down after each round's placing (3 placed, 1 reserved; last: all)."""
SOLO_HIKES: Final = 5
"""Solo: five hikes, five piles, five bear cards."""
SOLO_PILE: Final = 7
"""Solo: 35 cards split into five piles of seven before a bear joins each."""
SOLO_BLOCK: Final = SOLO_PILE + 1
"""Solo: each stretch of 8 cards of the deck holds exactly one bear card."""
SOLO_DECK: Final = SOLO_BLOCK * SOLO_HIKES
"""Solo: the deck starts with 40 cards (45 minus the 5 that start the hikes)."""

ALL_SEATS: Final = tuple(frozenset(range(n)) for n in range(5))
"""ALL_SEATS[n]: every seat of an n-player game."""
ONE_SEAT: Final = tuple(frozenset({p}) for p in range(5))
"""ONE_SEAT[p]: just seat p (shared, so successors allocate no sets)."""
NOBODY: Final = frozenset[int]()
"""Nobody to act: the game is over."""

# Every action object made once, so legal_actions allocates nothing but tuples.
# Tables indexed by card or score id carry an unused entry 0, so ids index directly.
_TAKES: Final = tuple(tuple(Take(i) for i in range(1, k + 1)) for k in range(ROW_SIZE + 1))
_PICK: Final = (Pick(1), *(Pick(c) for c in CARD_IDS))
_LEFT: Final = (Place(1, "left"), *(Place(c, "left") for c in CARD_IDS))
_RIGHT: Final = (Place(1, "right"), *(Place(c, "right") for c in CARD_IDS))
_SOLO: Final = (
    (),
    *(tuple(SoloPlace(c, k + 1) for k in range(SOLO_HIKES)) for c in CARD_IDS),
)
_ASSIGN: Final = (
    (),
    *(tuple(Assign(s, k + 1) for k in range(SOLO_HIKES)) for s in SCORE_IDS),
)
_DRAW: Final = Draw()
_DONE: Final = Done()
ANIMAL_SET: Final = frozenset(ANIMAL_SCORES)
"""Animal score cards, as a set."""
HAB_SET: Final = frozenset(HAB_ELEV_SCORES)
"""Habitat and elevation score cards, as a set."""


# -- legal actions ------------------------------------------------------------


def legal(s: State, p: int) -> tuple[Action, ...]:
    """Player `p`'s legal actions (p is in ``s.to_act``), in a fixed order."""
    phase = s.phase
    if phase == "take":
        return _TAKES[len(s.row)]
    if phase == "pick":
        return tuple([_PICK[c] for c in s.hands[p]])
    if phase == "place":
        return _places(s.picks[p], s.hikes[p])
    if phase == "sudden":
        if s.options.mode == "standard":
            return _TAKES[len(s.row)]
        return _places(s.hands[p], s.hikes[p])
    if phase == "draw":
        if s.discard:
            top = s.discard[-1]
            sol = _SOLO[top]
            return (_DRAW, *[sol[k] for k in solo_targets(s.hikes, top)])
        return (_DRAW,)
    if phase == "drawn":
        sol = _SOLO[s.drawn]
        return tuple([sol[k] for k in solo_targets(s.hikes, s.drawn)])
    if phase == "assign":
        return _assignments(s)
    return ()


def _places(cards: tuple[int, ...], hike: tuple[int, ...]) -> tuple[Action, ...]:
    if not hike:
        return tuple([_RIGHT[c] for c in cards])
    out: list[Action] = []
    for c in cards:
        out.append(_LEFT[c])
        out.append(_RIGHT[c])
    return tuple(out)


def is_closed(hike: tuple[int, ...]) -> bool:
    """Solo: a hike is closed once a bear card ends it."""
    return hike[-1] in BEAR_CARDS


def solo_targets(hikes: tuple[tuple[int, ...], ...], card: int) -> list[int]:
    """Solo: indexes of the open hikes `card` may extend (habitats match at the edge).

    A bear card that matches no open hike may close any open hike.
    """
    left = LEFT[card]
    matching = []
    open_ = []
    for k, hike in enumerate(hikes):
        last = hike[-1]
        if last in BEAR_CARDS:
            continue
        open_.append(k)
        if RIGHT[last] == left:
            matching.append(k)
    if not matching and card in BEAR_CARDS:
        return open_
    return matching


def _animal_feasible(remaining: int, open_hikes: int, lo: int, hi: int) -> bool:
    """Whether the open hikes can each still get 1-2 of the remaining animal cards,
    after the closed hike takes between `lo` and `hi` more of them."""
    return any(open_hikes <= remaining - x <= 2 * open_hikes for x in range(lo, hi + 1))


def assign_counts(s: State) -> tuple[bool, int, int, int]:
    """(habitat/elevation card given, animal cards given, animal cards left, open hikes)."""
    mine = s.assigned[s.active]
    has_hab = any(c in HAB_SET for c in mine)
    animals = sum(1 for c in mine if c in ANIMAL_SET)
    used = {c for cards in s.assigned for c in cards}
    left = sum(1 for c in SOLO_SCORES if c in ANIMAL_SET and c not in used)
    open_hikes = sum(1 for h in s.hikes if h[-1] not in BEAR_CARDS)
    return has_hab, animals, left, open_hikes


def _assignments(s: State) -> tuple[Action, ...]:
    k = s.active
    has_hab, animals, left, open_hikes = assign_counts(s)
    used = {c for cards in s.assigned for c in cards}
    out: list[Action] = []
    for sid in SOLO_SCORES:
        if sid in used:
            continue
        if sid in HAB_SET:
            if not has_hab:
                out.append(_ASSIGN[sid][k])
        elif animals < 2 and _animal_feasible(left - 1, open_hikes, 0, 1 - animals):
            out.append(_ASSIGN[sid][k])
    if has_hab and animals == 1 and _animal_feasible(left, open_hikes, 0, 0):
        out.append(_DONE)
    return tuple(out)


# -- transitions --------------------------------------------------------------


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
        return _solo_place(s, a.card, a.hike - 1)
    if isinstance(a, Assign):
        return _assign(s, a.score)
    return _finish_assigning(s, s.assigned)


def _replace(
    items: tuple[tuple[int, ...], ...], p: int, new: tuple[int, ...]
) -> tuple[tuple[int, ...], ...]:
    return (*items[:p], new, *items[p + 1 :])


def _take(s: State, slot: int, p: int) -> State:
    row = s.row
    deck = s.deck
    card = row[slot]
    if deck:
        row = (*row[:slot], deck[0], *row[slot + 1 :])
        deck = deck[1:]
    else:
        row = (*row[:slot], *row[slot + 1 :])
    hikes = s.hikes
    hike = (*hikes[p], card)
    hikes = (*hikes[:p], hike, *hikes[p + 1 :])
    cls = type(s)
    n = s.players
    if s.phase == "take":
        if p == n - 1 and len(hike) == HIKE_LENGTH:
            return _hikes_complete(cls, s, hikes, deck, row, s.hands)
        return cls(
            n,
            ONE_SEAT[p + 1 if p + 1 < n else 0],
            s.rng,
            s.options,
            "take",
            s.score_cards,
            hikes,
            deck,
            row,
        )
    pending = s.pending - ONE_SEAT[p]
    if pending:
        return cls(
            n,
            ONE_SEAT[min(pending)],
            s.rng,
            s.options,
            "sudden",
            s.score_cards,
            hikes,
            deck,
            row,
            pending=pending,
        )
    return _hikes_complete(cls, s, hikes, deck, row, s.hands)


def _pick(s: State, card: int, p: int) -> State:
    hands = s.hands
    hand = tuple([c for c in hands[p] if c != card])
    hands = _replace(hands, p, hand)
    picks = _replace(s.picks, p, tuple(sorted((*s.picks[p], card))))
    to_act = s.to_act - ONE_SEAT[p]
    phase = s.phase
    n = s.players
    if not to_act:
        hands = (hands[-1], *hands[:-1])  # everyone passes their hand to the left
        to_act = ALL_SEATS[n]
        if len(picks[0]) == DRAFT_PICKS[0]:  # 4, then 1 reserved + 3, then 1 + 3
            phase = "place"
    return type(s)(
        n,
        to_act,
        s.rng,
        s.options,
        phase,
        s.score_cards,
        s.hikes,
        s.deck,
        hands=hands,
        picks=picks,
        round=s.round,
    )


def _place(s: State, a: Place, p: int) -> State:
    card = a.card
    hike = s.hikes[p]
    hike = (card, *hike) if a.side == "left" else (*hike, card)
    hikes = _replace(s.hikes, p, hike)
    cls = type(s)
    n = s.players
    if s.phase == "sudden":
        hands = _replace(s.hands, p, ())
        to_act = s.to_act - ONE_SEAT[p]
        if to_act:
            return cls(
                n,
                to_act,
                s.rng,
                s.options,
                "sudden",
                s.score_cards,
                hikes,
                s.deck,
                hands=hands,
                picks=s.picks,
                round=s.round,
                pending=to_act,
            )
        return _hikes_complete(cls, s, hikes, s.deck, s.row, hands)
    picks = _replace(s.picks, p, tuple([c for c in s.picks[p] if c != card]))
    to_act = s.to_act
    if len(picks[p]) == DRAFT_KEEP[s.round]:
        to_act = to_act - ONE_SEAT[p]
    if to_act:
        return cls(
            n,
            to_act,
            s.rng,
            s.options,
            "place",
            s.score_cards,
            hikes,
            s.deck,
            hands=s.hands,
            picks=picks,
            round=s.round,
        )
    if s.round + 1 < len(DRAFT_PICKS):
        return cls(
            n,
            ALL_SEATS[n],
            s.rng,
            s.options,
            "pick",
            s.score_cards,
            hikes,
            s.deck,
            hands=s.hands,
            picks=picks,
            round=s.round + 1,
        )
    return _hikes_complete(cls, s, hikes, s.deck, s.row, s.hands, picks)


def top_group(hikes: tuple[tuple[int, ...], ...], score_cards: tuple[int, ...]) -> frozenset[int]:
    """Players ranked first by points, then by fewest shared score cards."""
    points, shared, _ = score_hikes(hikes, score_cards)
    keys = [(pt, -sh) for pt, sh in zip(points, shared, strict=True)]
    best = max(keys)
    return frozenset(p for p, k in enumerate(keys) if k == best)


def _hikes_complete(
    cls: type[State],
    s: State,
    hikes: tuple[tuple[int, ...], ...],
    deck: tuple[int, ...],
    row: tuple[int, ...],
    hands: tuple[tuple[int, ...], ...],
    picks: tuple[tuple[int, ...], ...] | None = None,
) -> State:
    """All hikes are laid out (or a tiebreaker round ended): the game ends or ties play on."""
    picks = s.picks if picks is None else picks
    n = s.players
    over = cls(
        n,
        NOBODY,
        s.rng,
        s.options,
        "over",
        s.score_cards,
        hikes,
        deck,
        row,
        hands=hands,
        picks=picks,
        round=s.round,
    )
    if not s.options.tiebreaker:
        return over
    group = top_group(hikes, s.score_cards)
    if len(group) == 1 or len(row) + len(deck) < len(group):
        return over  # a clear winner, or not enough cards left: a shared win
    if s.options.mode == "standard":
        return cls(
            n,
            ONE_SEAT[min(group)],
            s.rng,
            s.options,
            "sudden",
            s.score_cards,
            hikes,
            deck,
            row,
            hands=hands,
            picks=picks,
            round=s.round,
            pending=group,
        )
    dealt = list(hands)
    for i, p in enumerate(sorted(group)):
        dealt[p] = (deck[i],)
    return cls(
        n,
        group,
        s.rng,
        s.options,
        "sudden",
        s.score_cards,
        hikes,
        deck[len(group) :],
        row,
        hands=tuple(dealt),
        picks=picks,
        round=s.round,
        pending=group,
    )


def _draw(s: State) -> State:
    card = s.deck[0]
    deck = s.deck[1:]
    cls = type(s)
    if not solo_targets(s.hikes, card):
        return cls(
            1,
            s.to_act,
            s.rng,
            s.options,
            "draw",
            s.score_cards,
            s.hikes,
            deck,
            discard=(*s.discard, card),
            assigned=s.assigned,
        )
    return cls(
        1,
        s.to_act,
        s.rng,
        s.options,
        "drawn",
        s.score_cards,
        s.hikes,
        deck,
        discard=s.discard,
        drawn=card,
        assigned=s.assigned,
    )


def _solo_place(s: State, card: int, k: int) -> State:
    discard = s.discard if s.phase == "drawn" else s.discard[:-1]
    hikes = _replace(s.hikes, k, (*s.hikes[k], card))
    closing = card in BEAR_CARDS
    return type(s)(
        1,
        s.to_act,
        s.rng,
        s.options,
        "assign" if closing else "draw",
        s.score_cards,
        hikes,
        s.deck,
        discard=discard,
        assigned=s.assigned,
        active=k if closing else -1,
    )


def _assign(s: State, score: int) -> State:
    k = s.active
    assigned = _replace(s.assigned, k, (*s.assigned[k], score))
    mine = assigned[k]
    if sum(1 for c in mine if c in ANIMAL_SET) == 2 and any(c in HAB_SET for c in mine):
        return _finish_assigning(s, assigned)
    return type(s)(
        1,
        s.to_act,
        s.rng,
        s.options,
        "assign",
        s.score_cards,
        s.hikes,
        s.deck,
        discard=s.discard,
        assigned=assigned,
        active=k,
    )


def _finish_assigning(s: State, assigned: tuple[tuple[int, ...], ...]) -> State:
    over = all(h[-1] in BEAR_CARDS for h in s.hikes)
    return type(s)(
        1,
        NOBODY if over else s.to_act,
        s.rng,
        s.options,
        "over" if over else "draw",
        s.score_cards,
        s.hikes,
        s.deck,
        discard=s.discard,
        assigned=assigned,
    )

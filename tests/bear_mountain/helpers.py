"""Shared helpers for the Bear Went Over the Mountain tests: hand-made positions,
cards chosen by their features, moves written in notation, seeded playouts.

Every position helper puts the cards a test does not mention into the face-down
pile, so the result conserves all 45 landscape cards and passes `State.validate`.
"""

from __future__ import annotations

from collections.abc import Iterable
from collections.abc import Sequence
from functools import partial

from meeple.bear_mountain import GAME
from meeple.bear_mountain import Options
from meeple.bear_mountain.components import ANIMALS
from meeple.bear_mountain.components import BEAR_CARDS
from meeple.bear_mountain.components import CARD_IDS
from meeple.bear_mountain.components import CARDS
from meeple.bear_mountain.components import HABITATS
from meeple.bear_mountain.components import SCORE_BY_SLUG
from meeple.bear_mountain.components import SOLO_SCORES
from meeple.bear_mountain.state import Phase
from meeple.bear_mountain.state import State

from .. import shared
from ..shared import texts as texts


def cards_where(
    *,
    elevation: int | None = None,
    left: str | None = None,
    right: str | None = None,
    animal: str | None = None,
    bear: bool | None = None,
    exclude: Iterable[int] = (),
) -> list[int]:
    """Card ids with the given features, ascending."""
    skip = set(exclude)
    out = []
    for c in CARDS:
        if c.id in skip:
            continue
        if elevation is not None and c.elevation != elevation:
            continue
        if left is not None and c.left != HABITATS.index(left):
            continue
        if right is not None and c.right != HABITATS.index(right):
            continue
        if animal is not None and ANIMALS.index(animal) not in c.animals:
            continue
        if bear is not None and (c.id in BEAR_CARDS) != bear:
            continue
        out.append(c.id)
    return out


def card_with(**features: object) -> int:
    """The first card id with the given features (see `cards_where`)."""
    found = cards_where(**features)  # type: ignore[arg-type]  # keyword pass-through
    assert found, f"no card has {features}"
    return found[0]


def hike_with_elevations(changes: Sequence[int]) -> tuple[int, ...]:
    """A hike of distinct cards whose elevation changes are `changes`, left to right."""
    used: list[int] = []
    for change in changes:
        used.append(card_with(elevation=change, exclude=used))
    return tuple(used)


ONE_ANIMAL_CARDS = (
    "most-bluebirds",
    "most-cardinals",
    "most-goldfinches",
    "most-squirrels",
    "most-rabbits",
    "most-skunks",
    "most-foxes",
    "most-deer",
    "most-bears",
)
"""The nine score cards that each count one animal (no habitat, no elevation, no group)."""


def scores(*slugs: str) -> tuple[int, ...]:
    """Score card ids from slugs, ascending."""
    return tuple(sorted(SCORE_BY_SLUG[s] for s in slugs))


def _rest(used: Sequence[int]) -> tuple[int, ...]:
    taken = set(used)
    assert len(taken) == len(used), "a card is used twice"
    return tuple(c for c in CARD_IDS if c not in taken)


def standard(
    hikes: Sequence[Sequence[int]],
    *,
    row: Sequence[int] | None = None,
    score_slugs: Sequence[str],
    to_act: int | None = 0,
    phase: Phase = Phase.TAKE,
    options: Options | None = None,
    deck: Sequence[int] | None = None,
    pending: Iterable[int] = (),
) -> State:
    """A standard-mode position; the row defaults to the first 4 unused cards."""
    used = [c for h in hikes for c in h]
    rest = list(_rest(used))
    if row is None:
        row = rest[:4]
    rest = [c for c in rest if c not in set(row)]
    if deck is not None:
        assert sorted(deck) == sorted(rest), "deck must hold exactly the unused cards"
        rest = list(deck)
    state = State(
        players=len(hikes),
        to_act=frozenset() if to_act is None else frozenset({to_act}),
        rng=1,
        options=(options or Options(score_cards=tuple(score_slugs))).for_players(len(hikes)),
        phase=Phase.OVER if to_act is None else phase,
        score_cards=scores(*score_slugs),
        hikes=tuple(tuple(h) for h in hikes),
        deck=tuple(rest),
        row=tuple(row),
        pending=frozenset(pending),
    )
    state.validate()
    return state


play = partial(shared.play, GAME)
"""Apply moves written in notation (`tests.shared.play` for this game)."""


def pick_lowest(state: State) -> State:
    """Drafting: every player picks the lowest card of their hand (one simultaneous pick)."""
    for p in sorted(state.to_act):
        state = state.apply(state.legal_actions(p)[0], p)
    return state


def finished(hikes: Sequence[Sequence[int]], score_slugs: Sequence[str]) -> State:
    """A finished game with any number of named score cards (a drafting game allows that)."""
    n = len(hikes)
    state = State(
        players=n,
        to_act=frozenset(),
        rng=1,
        options=Options(mode="draft", score_cards=tuple(score_slugs)),
        phase=Phase.OVER,
        score_cards=scores(*score_slugs),
        hikes=tuple(tuple(h) for h in hikes),
        deck=_rest([c for h in hikes for c in h]),
        hands=((),) * n,
        picks=((),) * n,
        round=2,
    )
    state.validate()
    return state


def solo_position(
    hikes: Sequence[Sequence[int]],
    *,
    top: Sequence[int] = (),
    discard: Sequence[int] = (),
    drawn: int = 0,
    assigned: Sequence[Sequence[str]] = ((), (), (), (), ()),
    active: int = -1,
    phase: Phase = Phase.DRAW,
) -> State:
    """A solo position whose deck starts with `top` and keeps one bear per pile of 8."""
    used = [*(c for h in hikes for c in h), *discard, *((drawn,) if drawn else ())]
    drawn_so_far = len(used) - 5
    bears_out = sum(1 for c in used if c in BEAR_CARDS)
    rest = [c for c in CARD_IDS if c not in set(used) | set(top)]
    bears = [c for c in rest if c in BEAR_CARDS]
    others = [c for c in rest if c not in BEAR_CARDS]
    deck = list(top)
    position = drawn_so_far + len(deck)
    pile_has_bear = {q: bears_out > q for q in range(5)}
    for i, c in enumerate(top):
        if c in BEAR_CARDS:
            pile_has_bear[(drawn_so_far + i) // 8] = True
    while position < 40:
        q = position // 8
        if not pile_has_bear[q] and position % 8 == 7:
            deck.append(bears.pop(0))
            pile_has_bear[q] = True
        else:
            deck.append(others.pop(0))
        position += 1
    placed = [*used, *deck]
    assert sorted(placed) == list(CARD_IDS), "a solo position must place all 45 cards"
    state = State(
        players=1,
        to_act=frozenset() if phase == Phase.OVER else frozenset({0}),
        rng=1,
        options=Options(mode="solo"),
        phase=phase,
        score_cards=SOLO_SCORES,
        hikes=tuple(tuple(h) for h in hikes),
        deck=tuple(deck),
        discard=tuple(discard),
        drawn=drawn,
        assigned=tuple(tuple(SCORE_BY_SLUG[s] for s in a) for a in assigned),
        active=active,
    )
    state.validate()
    return state


def playout(
    players: int, seed: int, options: Options, limit: int | None = None
) -> tuple[State, list[State]]:
    """A seeded random game (meeple.testing.random_playout) with bear_mountain types."""
    from meeple.testing import random_playout

    final, _, states = random_playout(GAME, players, seed, options, limit=limit)
    typed = [s for s in states if isinstance(s, State)]
    assert isinstance(final, State)
    assert len(typed) == len(states)
    return final, typed

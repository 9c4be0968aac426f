"""Invariants every state keeps; the codec checks them whenever a state is loaded."""

from __future__ import annotations

from typing import TYPE_CHECKING

from meeple.core import ALL_SEATS

from .components import (
    ANIMAL_SET,
    BEAR_CARDS,
    CARD_IDS,
    DRAFT_PICKS,
    HAB_SET,
    ROW_SIZE,
    SCORE_BY_SLUG,
    SCORE_IDS,
    SOLO_BLOCK,
    SOLO_DECK,
    SOLO_HIKES,
    SOLO_SCORES,
)
from .legal import is_closed
from .setup import default_score_count
from .state import Phase

if TYPE_CHECKING:
    from .state import State

__all__ = ["validate"]


def validate(s: State) -> None:
    """Raise ValueError naming the first broken invariant."""
    mode = s.options.mode
    if mode is None:
        raise ValueError("a state's options name its mode")
    n = s.players
    if mode == "solo":
        if n != 1:
            raise ValueError("the solo game has exactly 1 player")
    elif not 2 <= n <= 4:
        raise ValueError(f"{mode} is played by 2-4 players, not {n}")
    if not s.to_act <= ALL_SEATS[n]:
        raise ValueError(f"to_act {sorted(s.to_act)} names a seat that does not exist")
    if (s.phase == Phase.OVER) != (not s.to_act):
        raise ValueError("to_act must be empty exactly when the phase is over")
    allowed = {
        "standard": {Phase.TAKE, Phase.SUDDEN, Phase.OVER},
        "draft": {Phase.PICK, Phase.PLACE, Phase.SUDDEN, Phase.OVER},
        "solo": {Phase.DRAW, Phase.DRAWN, Phase.ASSIGN, Phase.OVER},
    }[mode]
    if s.phase not in allowed:
        raise ValueError(f"phase {s.phase!r} does not occur in {mode} mode")
    everything = [
        *(c for h in s.hikes for c in h),
        *s.deck,
        *s.row,
        *(c for h in s.hands for c in h),
        *(c for h in s.picks for c in h),
        *s.discard,
        *((s.drawn,) if s.drawn else ()),
    ]
    if sorted(everything) != list(CARD_IDS):
        raise ValueError("every landscape card must be in exactly one place")
    if len(set(s.score_cards)) != len(s.score_cards) or list(s.score_cards) != sorted(
        s.score_cards
    ):
        raise ValueError("score cards must be distinct and in ascending order")
    if any(sid not in SCORE_IDS for sid in s.score_cards):
        raise ValueError("unknown score card id")
    if mode == "solo":
        _validate_solo(s)
        return
    if len(s.score_cards) != default_score_count(s.options, n):
        raise ValueError(f"{len(s.score_cards)} score cards, the options call for another number")
    if s.options.score_cards and s.score_cards != tuple(
        sorted(SCORE_BY_SLUG[x] for x in s.options.score_cards)
    ):
        raise ValueError("the score cards differ from those the options name")
    if s.options.animals_only and any(sid in HAB_SET for sid in s.score_cards):
        raise ValueError("animals_only games have no habitat or elevation score cards")
    if len(s.hikes) != n:
        raise ValueError("there must be one hike per player")
    if mode == "standard":
        if s.hands or s.picks or len(s.row) > ROW_SIZE:
            raise ValueError("the standard game has no hands and at most 4 face-up cards")
        if s.phase == Phase.TAKE and len(s.row) != ROW_SIZE:
            raise ValueError("the face-up row holds 4 cards during the game")
        if any(len(h) > 45 - 10 * (n - 1) for h in s.hikes):
            raise ValueError("a hike is too long")
    else:
        if len(s.hands) != n or len(s.picks) != n or s.row:
            raise ValueError("drafting needs one hand and one pick list per player, no row")
        for cards in (*s.hands, *s.picks):
            if list(cards) != sorted(cards):
                raise ValueError("hands and selected cards are kept in ascending order")
        if not 0 <= s.round < len(DRAFT_PICKS):
            raise ValueError("drafting has rounds 0, 1 and 2")
    if s.phase == Phase.SUDDEN:
        if not s.options.tiebreaker or not s.pending or not s.pending <= ALL_SEATS[n]:
            raise ValueError("tiebreaker rounds need the option and a set of tied players")
    elif s.pending:
        raise ValueError("only tiebreaker rounds have pending players")
    if s.discard or s.drawn or s.assigned or s.active != -1:
        raise ValueError("discard, drawn card and assignments belong to the solo game")


def _validate_solo(s: State) -> None:
    if s.score_cards != SOLO_SCORES:
        raise ValueError("the solo game uses its 13 score cards")
    if len(s.hikes) != SOLO_HIKES or len(s.assigned) != SOLO_HIKES or any(not h for h in s.hikes):
        raise ValueError("the solo game has 5 non-empty hikes and 5 assignment lists")
    if s.row or s.hands or s.picks or s.pending:
        raise ValueError("the solo game has no face-up row, hands or tiebreaker")
    for h in s.hikes:
        if h[0] in BEAR_CARDS or any(c in BEAR_CARDS for c in h[:-1]):
            raise ValueError("a bear card can only end a hike")
    if any(c in BEAR_CARDS for c in s.discard):
        raise ValueError("bear cards are never discarded")
    given = [c for cards in s.assigned for c in cards]
    if len(set(given)) != len(given) or any(c not in SOLO_SCORES for c in given):
        raise ValueError("each solo score card is assigned at most once")
    for k, (h, cards) in enumerate(zip(s.hikes, s.assigned, strict=True)):
        if cards and not is_closed(h):
            raise ValueError(f"hike{k + 1} has score cards but is still open")
        if (
            sum(1 for c in cards if c in HAB_SET) > 1
            or sum(1 for c in cards if c in ANIMAL_SET) > 2
        ):
            raise ValueError(f"hike{k + 1} has too many score cards")
    if (s.phase == Phase.DRAWN) != bool(s.drawn):
        raise ValueError("a drawn card waits exactly in the drawn phase")
    if (s.phase == Phase.ASSIGN) != (s.active != -1):
        raise ValueError("the active hike is set exactly while assigning")
    if s.active != -1 and not (0 <= s.active < SOLO_HIKES and is_closed(s.hikes[s.active])):
        raise ValueError("score cards go to a closed hike")
    drawn_so_far = SOLO_DECK - len(s.deck)
    bears_out = sum(1 for h in s.hikes if is_closed(h)) + (s.drawn in BEAR_CARDS)
    pile = SOLO_BLOCK
    if drawn_so_far < 0 or bears_out > SOLO_HIKES:
        raise ValueError("the solo deck holds 40 cards at the start")
    # One bear in each pile of 8: after d draws, the bears out are those of the
    # finished piles, plus possibly the one of the pile in progress.
    done_piles = drawn_so_far // pile
    if not done_piles <= bears_out <= done_piles + (1 if drawn_so_far % pile else 0):
        raise ValueError("the solo deck must hold one bear card in each pile of 8")
    per_pile = [0] * SOLO_HIKES
    for j, c in enumerate(s.deck):
        if c in BEAR_CARDS:
            per_pile[(drawn_so_far + j) // pile] += 1
    for q in range(done_piles, SOLO_HIKES):
        expected = 1 if q > done_piles or bears_out == done_piles else 0
        if per_pile[q] != expected:
            raise ValueError("the solo deck must hold one bear card in each pile of 8")

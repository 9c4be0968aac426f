"""The round's skeleton: every hand-over from one phase to the next.

Why Wypas has this module: a round runs through five phases (auction, redyk,
shearing, drawing, change of baca). The steps between decisions (drawing the
lots, starting shearing, finding the next seat with sheep to shear,
drawing cards, passing the baca card, the end) live here, so each phase module
(`auction`, `redyk`, `shearing`) hands over to the next phase through this one and
no phase module imports another. (Special cards need no step of their own between
the phases: every moment of a turn offers them, `offers`.)

The auction hands its turns over itself: the copy of the state that hides a lot or
settles one also names the seat to act next, the opener of the next lot or, once
no lot is left, the baca for redyk. Likewise the end of a round and the next
round's lots make one copy (`_begin`). A second copy cost about 2% of a
three-player playout's instructions (`benchmarks/instructions.py`), more when the
move's changes were passed on as ``**changes``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from meeple.core import NOBODY
from meeple.core import ONE_SEAT
from meeple.core import replace
from meeple.core.edit import merge_sorted
from meeple.core.rng import draw

from .components import DRAW_SIZE
from .components import lots_per_round
from .state import HIDE
from .state import OVER
from .state import REDYK
from .state import SHEAR

if TYPE_CHECKING:
    from .state import State

    Hands = tuple[tuple[int, ...], ...]
    """Per seat, the kinds held, sorted (`State.hands`)."""
    Piles = tuple[tuple[int, ...], tuple[int, ...], int]
    """``(deck, discard, rng)``: what drawing cards changes (`meeple.core.rng.draw`)."""

__all__ = [
    "begin_round",
    "end_round",
    "game_over",
    "next_shearer",
    "start_shearing",
]


def begin_round(s: State) -> State:
    """The baca draws the lots (2 with 3 players, else 3) and hides one next.

    With no card left to draw (deck and discards empty) the auction is skipped.
    """
    return _begin(s, False, s.hands, (s.deck, s.discard, s.rng))


def _begin(s: State, next_round: bool, hands: Hands, piles: Piles) -> State:
    """`begin_round` with these hands and piles ``(deck, discard, rng)``, of the next
    round with the next baca if `next_round` (`end_round`), in one copy of `s`."""
    n = s.players
    baca, round_, finished = s.baca, s.round, s.finished
    if next_round:
        baca, round_, finished = (baca + 1) % n, round_ + 1, 0
    drawn, deck, discard, rng = draw(*piles, lots_per_round(n))
    phase, lots = HIDE, tuple(sorted(drawn))
    if not drawn:  # no lot to auction: redyk begins with the baca
        phase, lots, finished = REDYK, s.drawn, 0
    return replace(
        s,
        phase=phase,
        actor=baca,
        to_act=ONE_SEAT[baca],
        baca=baca,
        opener=(baca + 1) % n,
        round=round_,
        hands=hands,
        deck=deck,
        discard=discard,
        buried=s.buried if discard else _unburied(s),
        rng=rng,
        drawn=lots,
        finished=finished,
    )


def start_shearing(s: State) -> State:
    """Every seat had its redyk: shearing begins with the baca (or the next seat with a
    sheep in a pen)."""
    return next_shearer(s, s.baca, 0)  # which sets the phase, or ends the round


def next_shearer(s: State, seat: int, finished: int) -> State:
    """Give the turn to the next seat with a sheep in a pen, or end the round."""
    n = s.players
    while finished < n and not (s.pens[seat][0] or s.pens[seat][1]):
        finished += 1
        seat = (seat + 1) % n
    if finished == n:
        return end_round(s)
    return replace(s, phase=SHEAR, actor=seat, to_act=ONE_SEAT[seat], finished=finished)


def end_round(s: State) -> State:
    """Drawing and the change of baca need no decisions; then the next round's lots."""
    if s.round >= s.options.max_rounds:
        return game_over(s)
    n = s.players
    deck, discard, rng = s.deck, s.discard, s.rng
    hands = list(s.hands)
    for step in range(1, n + 1):
        seat = (s.baca + step) % n
        got, deck, discard, rng = draw(deck, discard, rng, DRAW_SIZE)
        hands[seat] = merge_sorted(hands[seat], got)
    # In one copy with the next round's lots (`_begin` clears the buried cards if the
    # discards are gone, now or when the lots are drawn: a pile emptied here stays so).
    return _begin(s, True, tuple(hands), (deck, discard, rng))


def _unburied(s: State) -> tuple[tuple[int, ...], ...]:
    """The discards were shuffled into a new deck: no face-down card is left in them."""
    if not any(s.buried):
        return s.buried
    empty: tuple[int, ...] = ()
    return (empty,) * s.players


def game_over(s: State) -> State:
    """The game has ended: nobody acts any more."""
    return replace(s, phase=OVER, actor=-1, to_act=NOBODY, final_left=0)

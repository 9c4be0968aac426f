"""Starting a game, and how long a game can last."""

from __future__ import annotations

from meeple.core import ONE_SEAT
from meeple.core import rng as _rng

from .board import load_board
from .components import BEAR_COUNTS
from .components import BEAR_KINDS
from .components import CITIES
from .components import HAND_SIZE
from .components import NO_BEARS
from .components import NUM_COLOURS
from .components import TRAVEL_COUNTS
from .components import TRAVEL_KINDS
from .components import ZERO_TRAVEL
from .options import MAX_ROUND_LIMIT
from .options import Options
from .state import DEPORT
from .state import State

__all__ = ["STEPS_PER_TURN", "max_steps", "start"]

STEPS_PER_TURN = 7
"""Most steps in one turn: three, drop, use x3, to, box (an exchange takes at most 6)."""


def max_steps(players: int, round_limit: int = MAX_ROUND_LIMIT) -> int:
    """A bound on the steps of any game: every turn of every round at its longest.

    The bound holds for every allowed `round_limit`; `spec.max_steps` uses the largest
    one so it is true whatever options are chosen.
    """
    return players * 2 + players * STEPS_PER_TURN * (round_limit - 1)


def start(players: int, seed: int, options: Options) -> State:
    """Shuffle, lay out seven bear cards, deal five travel cards each; all in Poland.

    The core has checked the player count, the seed and the options' type.
    """
    board = load_board(options.board)
    rng = _rng.seed_rng(seed)
    bears = [k for k in range(BEAR_KINDS) for _ in range(BEAR_COUNTS[k])]
    bear_deck, rng = _rng.shuffled32(rng, bears)
    display = tuple(reversed(bear_deck[-NUM_COLOURS:]))  # the top card goes on the first box
    bear_deck = bear_deck[:-NUM_COLOURS]
    travel = [k for k in range(TRAVEL_KINDS) for _ in range(TRAVEL_COUNTS[k])]
    travel_deck, rng = _rng.shuffled32(rng, travel)
    hands = []
    for _ in range(players):
        hand = [0] * TRAVEL_KINDS
        for k in travel_deck[-HAND_SIZE:]:
            hand[k] += 1
        travel_deck = travel_deck[:-HAND_SIZE]
        hands.append(tuple(hand))
    return State(
        players=players,
        to_act=ONE_SEAT[0],
        rng=rng,
        options=options,
        phase=DEPORT,
        current=0,
        round=1,
        positions=(board.start,) * players,
        hands=tuple(hands),
        travel_deck=travel_deck,
        travel_discard=ZERO_TRAVEL,
        bear_deck=bear_deck,
        bear_discard=NO_BEARS,
        display=display,
        collections=(NO_BEARS,) * players,
        city_owner=(-1,) * len(CITIES),
        pending=ZERO_TRAVEL,
        last_round=(),
        ending=False,
    )

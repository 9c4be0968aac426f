"""A fresh game, and how long a game can last."""

from __future__ import annotations

from meeple.core import ALL_SEATS
from meeple.core import rng as R  # noqa: N812  # R reads well for "the rng module"

from .options import Options
from .state import State

__all__ = ["max_steps", "start"]


def max_steps(players: int) -> int:
    """Every player bids once a round, and there are at most 13 rounds."""
    return 13 * players


def start(players: int, seed: int, options: Options) -> State:
    """Shuffle the prizes with the seed; everyone holds 1..N.

    The core has already checked the player count, the seed and the options' type.
    """
    cards = tuple(range(1, options.cards + 1))
    prizes, rng = R.shuffled(R.seed_rng(seed), cards)
    return State(
        players=players,
        to_act=ALL_SEATS[players],
        rng=rng,
        cards=options.cards,
        prizes=prizes,
        hands=(cards,) * players,
        bids=(None,) * players,
        scores=(0,) * players,
        history=(),
    )

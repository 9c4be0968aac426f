"""The rulebook set-up (temples, tokens, bear steles, reserves, Seal pile) and the step bound."""

from __future__ import annotations

from functools import cache
from typing import Final

from meeple.core import ONE_SEAT
from meeple.core import rng as _rng

from .components import BEARS
from .components import CARDS
from .components import KINDS
from .components import NC
from .components import NO_MODS
from .components import NO_STELES
from .components import OFF_BOARD
from .components import PART_P
from .components import PART_P_PLAYERS
from .components import PER_COLOUR
from .components import START_STELES
from .components import TOKEN_BASE
from .components import TOKENS_IN_PLAY
from .components import VILLAGES
from .options import MAX_ROUNDS_LIMIT
from .options import Options
from .state import MAIN
from .state import State

__all__ = ["STEPS_PER_CARD", "STEPS_PER_TURN", "max_steps", "start"]

STEPS_PER_TURN: Final = 20
"""Most actions in one turn without Seal cards: a placement (1), its offering (4 pays,
each possibly followed by a Ritual choice: 8), a closing pass (1) and returns to the
bag (at most 8: a reserve of 14 after a limit card, plus 4 drawn, down to 10)."""
STEPS_PER_CARD: Final = 15
"""Most actions one Seal card adds: the play, an extra placement with its offering (9)
and the returns its steles may force."""
_BEAR: Final = -2
"""A bear token while the villages are dealt (swapped for a random stele at once)."""


def max_steps(players: int) -> int:
    """A true bound on the actions of any game, whatever the options."""
    return MAX_ROUNDS_LIMIT * players * STEPS_PER_TURN + len(CARDS) * STEPS_PER_CARD


@cache  # one per player count
def _layout(players: int) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """The villages in play and the tokens (with the bears) dealt onto them, in order."""
    villages = [v for v in range(len(VILLAGES)) if players >= PART_P_PLAYERS or not PART_P[v]]
    tokens = [TOKEN_BASE + k for k in range(KINDS) for _ in range(TOKENS_IN_PLAY[players][k])]
    tokens += [_BEAR] * BEARS
    return tuple(villages), tuple(tokens)


def start(players: int, seed: int, options: Options) -> State:
    """The rulebook set-up for `players` seats, shuffled from `seed`.

    The core has checked the player count, the seed and the options' type.
    """
    rng = _rng.seed_rng(seed)
    bag = (PER_COLOUR - 1,) * NC  # one of each colour starts on its temple
    villages, tokens = _layout(players)
    order, rng = _rng.shuffled(rng, tokens)
    board = [OFF_BOARD] * len(VILLAGES)
    for v, token in zip(villages, order, strict=True):
        if token == _BEAR:
            drawn, bag, rng = _rng.draw_counts(rng, bag, 1)
            token = drawn.index(1)
        board[v] = token
    reserves = []
    for _ in range(players):
        drawn, bag, rng = _rng.draw_counts(rng, bag, START_STELES)
        reserves.append(drawn)
    deck, rng = _rng.shuffled(rng, range(len(CARDS)))
    return State(
        players=players,
        to_act=ONE_SEAT[0],
        rng=rng,
        max_rounds=options.max_rounds,
        round=0,
        current=0,
        phase=MAIN,
        board=tuple(board),
        temples=(1,) * NC,
        bag=bag,
        reserves=tuple(reserves),
        tokens=((0,) * KINDS,) * players,
        hands=((),) * players,
        deck=deck,
        played=(),
        fresh=(),
        regular_done=False,
        mods=NO_MODS,
        extra="",
        extra_count=0,
        owed=NO_STELES,
        waivers=0,
        ritual_temple=-1,
        reserve_pays_offering=options.reserve_pays_offering,
        take_fewer=options.take_fewer,
    )

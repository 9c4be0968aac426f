"""The rulebook set-up: temples, tokens, bear steles, reserves and the Seal pile."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..core import rng as _rng
from .chance import draw_steles
from .components import (
    BEARS,
    CARDS,
    KINDS,
    OFF_BOARD,
    PART_P,
    PART_P_PLAYERS,
    PER_COLOUR,
    START_STELES,
    TOKEN_BASE,
    TOKENS_IN_PLAY,
    VILLAGES,
)
from .tables import NC, NO_MODS, SEATS, ZERO4

if TYPE_CHECKING:
    from .state import State

__all__ = ["setup"]


def setup(state_type: type[State], players: int, seed: int, max_rounds: int) -> State:
    """The rulebook set-up: temples, tokens, bear steles, reserves, Seal pile."""
    rng = _rng.seed_rng(seed)
    bag = [PER_COLOUR - 1] * NC  # one of each colour starts on its temple
    villages = [v for v in range(len(VILLAGES)) if players >= PART_P_PLAYERS or not PART_P[v]]
    tokens = [TOKEN_BASE + k for k in range(KINDS) for _ in range(TOKENS_IN_PLAY[players][k])]
    tokens += [-2] * BEARS  # bear tokens, swapped for random steles below
    order, rng = _rng.shuffled(rng, tokens)
    board = [OFF_BOARD] * len(VILLAGES)
    for v, token in zip(villages, order, strict=True):
        if token == -2:
            drawn, rng = draw_steles(rng, bag, 1)
            token = drawn.index(1)
        board[v] = token
    reserves = []
    for _ in range(players):
        drawn, rng = draw_steles(rng, bag, START_STELES)
        reserves.append(tuple(drawn))
    deck, rng = _rng.shuffled(rng, range(len(CARDS)))
    return state_type(
        players=players,
        to_act=SEATS[0],
        rng=rng,
        max_rounds=max_rounds,
        round=0,
        current=0,
        phase="main",
        board=tuple(board),
        temples=(1,) * NC,
        bag=tuple(bag),
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
        owed=ZERO4,
        waivers=0,
        ritual_temple=-1,
    )

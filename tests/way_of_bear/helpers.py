"""Shared helpers for The Way of the Bear tests: hand-made positions with every
component accounted for, moves written in notation, named colours and villages."""

from __future__ import annotations

from collections.abc import Mapping
from collections.abc import Sequence
from functools import partial
from typing import Any

import attrs

from meeple.way_of_bear import GAME
from meeple.way_of_bear.components import CARD_BY_NAME
from meeple.way_of_bear.components import COLOURS
from meeple.way_of_bear.components import KINDS
from meeple.way_of_bear.components import OFF_BOARD
from meeple.way_of_bear.components import PART_P
from meeple.way_of_bear.components import PART_P_PLAYERS
from meeple.way_of_bear.components import PER_COLOUR
from meeple.way_of_bear.components import TOKEN_BASE
from meeple.way_of_bear.components import TOKENS_IN_PLAY
from meeple.way_of_bear.components import TYPES
from meeple.way_of_bear.components import VILLAGES
from meeple.way_of_bear.state import Phase
from meeple.way_of_bear.state import State

from .. import shared
from ..shared import texts as texts

COLOUR = {name: i for i, name in enumerate(COLOURS)}
"""Colour index by name."""
VILLAGE = {name: i for i, name in enumerate(VILLAGES)}
"""Village index by name."""
CORNER = {"v02": "black", "v09": "blue", "v11": "orange", "v17": "orange"}
"""The corner of the board the rulebook's examples use: black on v02, blue on v09,
orange on v11 and v17 (where the bear tokens were). v01 touches black and blue only;
v10 touches orange; v30 touches nothing."""


def kind(type_name: str, sealed: bool = False) -> int:
    """The token kind of a knowledge type, with or without a Dragon Seal."""
    return TYPES.index(type_name) * 2 + int(sealed)


def counts(colours: Mapping[str, int]) -> tuple[int, ...]:
    """A per-colour count tuple from ``{"black": 2}``."""
    return tuple(colours.get(name, 0) for name in COLOURS)


def cards(*codes: str) -> tuple[int, ...]:
    """Card indices from notation names, ascending."""
    return tuple(sorted(CARD_BY_NAME[c] for c in codes))


def build(
    players: int = 3,
    *,
    steles: Mapping[str, str],
    token_at: Mapping[str, int] | None = None,
    reserves: Mapping[int, Mapping[str, int]] | None = None,
    temples: Mapping[str, int] | None = None,
    player_tokens: Mapping[int, Sequence[int]] | None = None,
    hands: Mapping[int, Sequence[str]] | None = None,
    current: int = 0,
    round: int = 0,
    max_rounds: int = 60,
    **fields: Any,
) -> State:
    """A valid state with exactly these steles, tokens, reserves, temples and cards.

    Villages without a stele get the remaining tokens in kind order (or the kinds given
    in `token_at`); the bag takes every stele not placed elsewhere; the Seal pile holds
    the cards nobody holds, in index order.
    """
    base = GAME.start(players, seed=0)
    live = [v for v in range(len(VILLAGES)) if players >= PART_P_PLAYERS or not PART_P[v]]
    board = [OFF_BOARD] * len(VILLAGES)
    for name, colour in steles.items():
        board[VILLAGE[name]] = COLOUR[colour]
    toks = [tuple(0 for _ in range(KINDS)) for _ in range(players)]
    left = list(TOKENS_IN_PLAY[players])
    for p, kinds in (player_tokens or {}).items():
        row = [0] * KINDS
        for k in kinds:
            row[k] += 1
            left[k] -= 1
        toks[p] = tuple(row)
    for name, k in (token_at or {}).items():
        board[VILLAGE[name]] = TOKEN_BASE + k
        left[k] -= 1
    pool = [k for k in range(KINDS) for _ in range(left[k])]
    for v in live:
        if board[v] == OFF_BOARD:
            board[v] = TOKEN_BASE + pool.pop(0)
    assert not pool, f"{len(pool)} tokens have no village: give them to players"
    res = tuple(counts((reserves or {}).get(p, {})) for p in range(players))
    tem = counts(temples if temples is not None else dict.fromkeys(COLOURS, 1))
    bag = tuple(
        PER_COLOUR - tem[c] - board.count(c) - sum(r[c] for r in res) for c in range(len(COLOURS))
    )
    held = tuple(cards(*(hands or {}).get(p, ())) for p in range(players))
    taken = {c for h in held for c in h}
    deck = fields.pop("deck", tuple(c for c in range(16) if c not in taken))
    state = attrs.evolve(
        base,
        to_act=frozenset({current}),
        current=current,
        round=round,
        max_rounds=max_rounds,
        board=tuple(board),
        temples=tem,
        bag=bag,
        reserves=res,
        tokens=tuple(toks),
        hands=held,
        deck=tuple(deck),
        **fields,
    )
    state.validate()
    return state


play = partial(shared.play, GAME)
"""Apply moves written in notation (`tests.shared.play` for this game)."""


ALL = [kind(t, s) for t in TYPES for s in (False, True)]
"""One token of every kind: a full 3-4 player board (8 spaces)."""
SPARE = ["v05", "v07", "v14", "v16", "v23", "v25", "v27", "v30", "v12", "v04", "v32"]
SPARE += ["v20", "v22", "v28", "v21", "v06", "v13", "v18", "v26", "v29"]
"""Villages whose tokens the players hold, in the order they are given out."""


def finished(tokens: dict[int, list[int]], hands: dict[int, list[str]]) -> State:
    """A finished 3-player game where each player holds these tokens and cards."""
    steles = dict(CORNER)
    taken = sum(len(v) for v in tokens.values())
    steles.update(dict.fromkeys(SPARE[:taken], "white"))
    state = build(steles=steles, player_tokens=tokens, hands=hands)
    return attrs.evolve(state, phase=Phase.OVER, to_act=frozenset())

"""The one-call entry points front ends use."""

from __future__ import annotations

from typing import Any

from .options import build_options
from .options import check_players
from .protocols import AnyState
from .registry import get_game

__all__ = ["start"]


def start(game_name: str, players: int, seed: int, **options: Any) -> AnyState:
    """A fresh state of a registered game, options given by name (typed `AnyState`:
    its actions are `Action` objects, never notation; parse text with
    ``get_game(name).parse_action``)."""
    game = get_game(game_name)
    check_players(game.spec, players)
    built = build_options(game.spec.name, game.options_type, options)
    state: AnyState = game.start(players, seed=seed, options=built)
    return state

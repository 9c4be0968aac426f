"""A digest of seeded games of every built-in game, to compare between processes.

`tests/test_same_game_anywhere.py` computes it in its own process and in fresh ones
with other string-hash seeds (``PYTHONHASHSEED``) and compares. Run as a module, it
prints the digests as JSON: ``python -m tests.game_digests``.
"""

from __future__ import annotations

import hashlib
import json
from typing import Any

import meeple
from meeple.testing import random_playout

from .shared import BUILT_IN

SEEDS = range(2)
"""The seeds played at each player count."""
MOVES = 600
"""The moves played of each game at the most (a Wypas game can last thousands)."""


def digest(name: str) -> str:
    """SHA-256 over seeded random games of `name` at every player count (the first
    `MOVES` moves): each move, every state's JSON and outcome, and the last state's
    views: their JSON, text picture and page."""
    game: Any = meeple.get_game(name)
    found = hashlib.sha256()
    for players in game.spec.player_counts():
        for seed in SEEDS:
            last, moves, states = random_playout(game, players, seed, limit=MOVES)
            found.update(repr(moves).encode())
            for state in states:
                found.update(meeple.dumps(state, game=game).encode())
                found.update(repr(state.outcome()).encode())
            for seat in (None, *range(players)):
                view = last.view(seat)
                found.update(meeple.dumps(view, game=game).encode())
                found.update(game.render(view).encode())
                found.update(game.render_html(view).encode())
    return found.hexdigest()


def digests() -> dict[str, str]:
    """`digest` of each built-in game, by name."""
    return {name: digest(name) for name in BUILT_IN}


if __name__ == "__main__":
    print(json.dumps(digests()))

"""Seeded random playouts, transcripts and perft counts: tools for any game's tests."""

from __future__ import annotations

from typing import Any

from ..core import rng as _rng
from ..core.protocols import Game
from ..core.protocols import State

__all__ = ["perft", "random_playout", "transcript"]


def random_playout(
    game: Game, players: int, seed: int, options: Any = None, *, limit: int | None = None
) -> tuple[State, list[tuple[int, Any]], list[State]]:
    """Play uniformly random legal actions; return ``(final, moves, states)``.

    The choices come from `meeple.core.rng` seeded with `seed`, so the same call
    gives the same game everywhere. `limit` caps the number of moves.
    """
    state: State = game.start(players, seed=seed, options=options)
    chooser = _rng.seed_rng(_rng.derive_seed(seed, "playout"))
    moves: list[tuple[int, Any]] = []
    states: list[State] = [state]
    bound = game.spec.max_steps(players) if limit is None else limit
    while not state.is_over and len(moves) < bound:
        actor, chooser = _rng.choice(chooser, sorted(state.to_act))
        action, chooser = _rng.choice(chooser, state.legal_actions(actor))
        state = state.apply(action, actor)
        moves.append((actor, action))
        states.append(state)
    return state, moves, states


def transcript(game: Game, players: int, seed: int, options: Any = None) -> str:
    """A readable, stable text of a seeded random game, for golden-file tests."""
    final, moves, _ = random_playout(game, players, seed, options)
    lines = [
        f"game: {game.spec.name} (rules {game.spec.rules_version})",
        f"players: {players}  seed: {seed}  options: {options!r}",
    ]
    lines += [f"{i + 1:4d}  p{p}  {a}" for i, (p, a) in enumerate(moves)]
    outcome = final.outcome()
    lines.append(f"over: {final.is_over}")
    lines.append(f"scores: {list(outcome.scores)}")
    lines.append(f"ranks: {list(outcome.ranks)}")
    lines.append(f"winners: {sorted(outcome.winners)}")
    return "\n".join(lines) + "\n"


def perft(state: State, depth: int) -> int:
    """Count the (player, action) sequences of length `depth` from `state`.

    A finished game counts as one leaf however deep the search still had to go,
    so counts are comparable with python-chess style perft tables.
    """
    if depth == 0 or state.is_over:
        return 1
    total = 0
    for player in sorted(state.to_act):
        for action in state.legal_actions(player):
            total += perft(state.apply(action, player), depth - 1)
    return total

"""Hypothesis strategies over any game: random reachable states that shrink well."""

from __future__ import annotations

from typing import Any

from ..core.protocols import Game
from ..core.protocols import State

__all__ = ["reachable_states"]


def reachable_states(
    game: Game,
    players: int | None = None,
    *,
    options: Any = None,
    max_depth: int | None = None,
) -> Any:
    """A strategy for states reached by random legal play from a random seed.

    Each step draws the actor and the action by index, so Hypothesis shrinks
    towards short games and first choices. `max_depth` caps the number of steps
    (default: the whole game, up to ``spec.max_steps``).
    """
    from hypothesis import strategies as st

    counts = list(game.spec.player_counts()) if players is None else [players]

    @st.composite
    def build(draw: Any) -> State:
        n = draw(st.sampled_from(counts))
        seed = draw(st.integers(min_value=0, max_value=2**32 - 1))
        state: State = game.start(n, seed=seed, options=options)
        bound = game.spec.max_steps(n) if max_depth is None else max_depth
        depth = draw(st.integers(min_value=0, max_value=bound))
        for _ in range(depth):
            if state.is_over:
                break
            actors = sorted(state.to_act)
            actor = actors[draw(st.integers(0, len(actors) - 1))]
            acts = state.legal_actions(actor)
            state = state.apply(acts[draw(st.integers(0, len(acts) - 1))], actor)
        return state

    return build()

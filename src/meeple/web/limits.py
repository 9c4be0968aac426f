"""The server's resource bounds, in one place so the docs and the tests can name them."""

from __future__ import annotations

import attrs

__all__ = ["Limits"]


@attrs.frozen
class Limits:
    """Caps that keep one server's memory, CPU and disk use bounded."""

    max_matches: int = 200
    """Unfinished matches the server holds at once; creating one more gets 429."""
    max_body_bytes: int = 16_384
    """Largest request body accepted; a larger one gets 413 before it is parsed."""
    max_seats: int = 8
    """Most seats a match may have, whatever the game allows."""
    default_mcts_iterations: int = 200
    """Iterations of an ``mcts`` seat that names no budget."""
    max_mcts_iterations: int = 2_000
    """Largest ``mcts:iterations=N`` a seat may ask for."""
    max_bot_seconds: float = 5.0
    """Largest ``mcts:time_limit=S`` a seat may ask for."""
    max_greedy_worlds: int = 16
    """Largest ``greedy:worlds=N`` a seat may ask for."""
    bot_threads: int = 2
    """Bot decisions computed at once across all matches (the rest wait their turn)."""
    max_listeners: int = 32
    """Live-update connections one match accepts at once; more get 429."""
    stream_seconds: float = 600.0
    """How long one live-update connection stays open (browsers reconnect by themselves)."""
    heartbeat_seconds: float = 15.0
    """Gap between keep-alive comments on an idle live-update connection."""

    def __attrs_post_init__(self) -> None:
        for field in attrs.fields(type(self)):
            if getattr(self, field.name) <= 0:
                raise ValueError(f"limit {field.name} must be positive")

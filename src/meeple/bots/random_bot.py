"""The baseline every other bot must beat."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from .base import BotRng

__all__ = ["RandomBot"]


class RandomBot:
    """Picks a legal action uniformly at random."""

    def __init__(self, seed: int = 0) -> None:
        self.name = "random"
        self._rng = BotRng(seed)

    def choose(self, view: Any, legal: Sequence[Any]) -> Any:
        """Any legal action, uniformly."""
        return self._rng.pick(legal)

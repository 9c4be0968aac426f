"""The PyObserver that pyspiel's C++ side calls for a state's strings and tensors."""

from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np

from ._spiel_positions import _Context

if TYPE_CHECKING:
    from .openspiel import MeepleSpielState

__all__ = ["MeepleObserver"]


class MeepleObserver:
    """The PyObserver interface over meeple views (what pyspiel's C++ side calls)."""

    def __init__(self, ctx: _Context, perfect_recall: bool) -> None:
        self.ctx = ctx
        self.perfect_recall = perfect_recall
        self.tensor = np.zeros(ctx.setup.observation_size, np.float32)
        self.dict = {"observation": self.tensor}

    def set_from(self, state: MeepleSpielState, player: int) -> None:
        """Fill `tensor` with `player`'s encoded view."""
        raw = b"".join(self.ctx.blocks(state._at.state, player))
        self.tensor[:] = np.frombuffer(raw, dtype=np.float32)

    def string_from(self, state: MeepleSpielState, player: int) -> str:
        """The view as JSON; with perfect recall, prefixed by the seat's own past actions."""
        if self.perfect_recall:
            return self.ctx.information_state_string(state._at, player)
        return self.ctx.observation_string(state._at, player)

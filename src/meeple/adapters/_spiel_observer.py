"""The PyObserver that pyspiel's C++ side calls for a state's strings and tensors."""

from __future__ import annotations

from typing import TYPE_CHECKING
from typing import Any

import numpy as np
import pyspiel

from ._spiel_positions import _Context

if TYPE_CHECKING:
    from .openspiel import MeepleSpielState

__all__ = ["MeepleObserver", "observer_kind"]


def observer_kind(iig_obs_type: Any, params: Any) -> tuple[bool, bool]:
    """(perfect recall, public) of the observer OpenSpiel asks for, or ValueError.

    Offered: one seat's observation (``private_info=SINGLE_PLAYER``, OpenSpiel's default),
    with or without perfect recall; and the public observation (``private_info=NONE``),
    the spectator's view, which is the same whichever seat it is read for. Refused: every
    player's private information (``ALL_PLAYERS``: the hidden cards themselves), private
    information alone (``public_info=False``: a view does not split into the two), a
    public observation with perfect recall (meeple keeps no public move log here), and
    any parameter.
    """
    if params:
        raise ValueError(f"meeple's observers take no parameters, not {dict(params)!r}")
    if iig_obs_type is None:
        return False, False
    private = iig_obs_type.private_info
    if not iig_obs_type.public_info:
        raise ValueError(
            "meeple offers no observation without the public information (public_info=False)"
        )
    if private == pyspiel.PrivateInfoType.SINGLE_PLAYER:
        return bool(iig_obs_type.perfect_recall), False
    if private == pyspiel.PrivateInfoType.NONE:
        if iig_obs_type.perfect_recall:
            raise ValueError(
                "meeple offers the public observation (private_info=NONE) without "
                "perfect recall only"
            )
        return False, True
    raise ValueError(
        f"meeple offers no observation with private_info={private.name}: it observes for "
        "one seat (SINGLE_PLAYER) or for nobody in particular (NONE)"
    )


class MeepleObserver:
    """The PyObserver interface over meeple views (what pyspiel's C++ side calls).

    A public observer (`public`) reads the spectator's view for every seat: what the
    whole table sees, so that a string or tensor made for one seat tells nothing secret
    to another.
    """

    def __init__(self, ctx: _Context, perfect_recall: bool, public: bool = False) -> None:
        self.ctx = ctx
        self.perfect_recall = perfect_recall
        self.public = public
        self.tensor = np.zeros(ctx.setup.observation_size, np.float32)
        self.dict = {"observation": self.tensor}

    def set_from(self, state: MeepleSpielState, player: int) -> None:
        """Fill `tensor` with `player`'s encoded view (public: the spectator's)."""
        if self.public:
            self.tensor[:] = self.ctx.setup.encode(state._at.state.view(None))
            return
        raw = b"".join(self.ctx.blocks(state._at.state, player))
        self.tensor[:] = np.frombuffer(raw, dtype=np.float32)

    def string_from(self, state: MeepleSpielState, player: int) -> str:
        """The view as JSON (public: the spectator's); with perfect recall, prefixed by
        the seat's own past actions."""
        if self.public:
            return self.ctx.public_string(state._at)
        if self.perfect_recall:
            return self.ctx.information_state_string(state._at, player)
        return self.ctx.observation_string(state._at, player)

"""The Game object that plugs Bear Went Over the Mountain into meeple."""

from __future__ import annotations

from typing import Any

from meeple.core import GameSpec

from . import setup
from .actions import Action, Assign, Done, Draw, Pick, Place, SoloPlace, Take
from .determinize import determinize as _determinize
from .notation import parse_action as _parse_action
from .options import Options
from .render import render as _render
from .state import State
from .view import View

__all__ = ["GAME", "BearMountain"]


class BearMountain:
    """Bear Went Over the Mountain: standard, Big Kid drafting, tiebreaker and solo."""

    spec = GameSpec(
        name="bear_mountain",
        title="Bear Went Over the Mountain",
        min_players=1,
        max_players=4,
        rules_version="1",
        has_chance=True,
        hidden_information=True,
        max_steps=setup.max_steps,
        modes=("standard", "draft", "solo"),
        simultaneous=True,
    )
    options_type = Options
    state_type = State
    view_type = View
    action_types: tuple[type[Any], ...] = (Take, Pick, Place, Draw, SoloPlace, Assign, Done)

    def start(self, players: int, *, seed: int, options: Options | None = None) -> State:
        """A new game; 1 player needs ``Options(mode="solo")``."""
        return setup.start(players, seed, options, self.spec)

    def parse_action(self, text: str) -> Action:
        """The action written as `text` (see docs/rules/bear_mountain.md)."""
        return _parse_action(text)

    def determinize(self, view: View, seed: int) -> State:
        """A full state consistent with `view`, the unseen cards dealt from `seed`."""
        return _determinize(view, seed)

    def render(self, view: View) -> str:
        """Plain text of the table as `view` sees it."""
        return _render(view)


GAME = BearMountain()
"""The registered game object."""

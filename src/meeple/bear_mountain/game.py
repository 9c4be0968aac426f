"""The Game object that plugs Bear Went Over the Mountain into meeple."""

from __future__ import annotations

from typing import Any

from meeple.core import GameSpec, check_players

from . import encoding, setup
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

    def action_vocabulary(self, players: int) -> tuple[Action, ...]:
        """Every action any mode can offer with `players` seats, in a fixed order, so that
        adapters can number them (see docs/rules/bear_mountain.md, "Adapters")."""
        return encoding.action_vocabulary(check_players(self.spec, players))

    def observation_size(self, players: int) -> int:
        """Length of `encode_view`'s result with `players` seats."""
        return encoding.observation_size(check_players(self.spec, players))

    def encode_view(self, view: View) -> tuple[float, ...]:
        """`view` as a fixed-size tuple of numbers in [-1, 1], for learners."""
        return encoding.encode_view(view)


GAME = BearMountain()
"""The registered game object."""

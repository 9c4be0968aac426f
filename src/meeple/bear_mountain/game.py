"""The Game object: Bear Went Over the Mountain's facts and hooks, wired into the core."""

from __future__ import annotations

from meeple.core import FullGameBase
from meeple.core import GameSpec
from meeple.core import Skeleton

from . import actions
from . import elements
from . import encoding
from . import explain
from . import heuristic
from . import html
from . import invariants
from . import legal
from . import public
from . import render
from . import scoring
from . import setup
from . import state_encoding
from . import stats
from . import transitions
from . import view
from .actions import ACTION_TYPES
from .actions import Action
from .options import Options
from .state import State
from .view import View

__all__ = ["GAME", "SPEC", "BearMountain"]

SPEC = GameSpec(
    name="bear_mountain",
    title="Bear Went Over the Mountain",
    min_players=1,
    max_players=4,
    rules_version="1",
    has_chance=True,
    hidden_information=True,
    max_steps=setup.max_steps,
    modes=("standard", "draft", "solo", "solo joining either end of a hike (solo_either_end=true)"),
    simultaneous=True,
)
"""Static facts about Bear Went Over the Mountain."""


RULES = Skeleton(actions, setup, legal, transitions, scoring, view, explain, invariants, render)
SKELETON = RULES.offering(
    encoding, state_encoding, html, elements, stats, public, heuristic, styled=render, legend=render
)
"""Its modules, for the core to wire: each hook and capability from its conventional function."""


class BearMountain(FullGameBase[State, Action, View], skeleton=SKELETON):
    """Bear Went Over the Mountain: standard, Big Kid drafting, tiebreaker and solo."""

    spec = SPEC
    options_type = Options
    state_type = State
    view_type = View
    action_types = ACTION_TYPES

    _seen_to_act = staticmethod(view.seen_to_act)  # the draft's seats, no view made


GAME = BearMountain()
"""The registered game object."""

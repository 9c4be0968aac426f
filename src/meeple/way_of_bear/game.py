"""The Game object: The Way of the Bear's facts and hooks, wired into the core."""

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

__all__ = ["GAME", "SPEC", "WayOfBear"]

SPEC = GameSpec(
    name="way_of_bear",
    title="The Way of the Bear",
    min_players=2,
    max_players=4,
    rules_version="1",
    has_chance=True,
    hidden_information=True,
    max_steps=setup.max_steps,
)
"""Static facts about The Way of the Bear."""


RULES = Skeleton(actions, setup, legal, transitions, scoring, view, explain, invariants, render)
SKELETON = RULES.offering(
    encoding, state_encoding, html, elements, stats, public, heuristic, styled=render, legend=render
)
"""Its modules, for the core to wire: each hook and capability from its conventional function."""


class WayOfBear(FullGameBase[State, Action, View], skeleton=SKELETON):
    """The Way of the Bear: erect steles, pay the temples, fill your board first."""

    spec = SPEC
    options_type = Options
    state_type = State
    view_type = View
    action_types = ACTION_TYPES


GAME = WayOfBear()
"""The registered game object (registered under the name ``way_of_bear``)."""

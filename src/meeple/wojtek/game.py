"""The Game object: Miś Wojtek's facts and hooks, wired into the core."""

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
from .components import MAX_PLAYERS
from .components import MIN_PLAYERS
from .options import Options
from .state import State
from .view import View

__all__ = ["GAME", "SPEC", "Wojtek"]

SPEC = GameSpec(
    name="wojtek",
    title="Miś Wojtek",
    min_players=MIN_PLAYERS,
    max_players=MAX_PLAYERS,
    rules_version="1",
    has_chance=True,
    hidden_information=True,
    max_steps=setup.max_steps,
    modes=(
        "standard",
        "younger children (no_drop_on_three, no_city_refresh)",
        "substitute sets end the game (substitute_sets_end_game=true)",
        "every Edinburgh arrival refreshes the display (refresh_every_edinburgh=true)",
    ),
)
"""Static facts about Miś Wojtek."""


RULES = Skeleton(actions, setup, legal, transitions, scoring, view, explain, invariants, render)
SKELETON = RULES.offering(
    encoding, state_encoding, html, elements, stats, public, heuristic, styled=render, legend=render
)
"""Its modules, for the core to wire: each hook and capability from its conventional function."""


class Wojtek(FullGameBase[State, Action, View], skeleton=SKELETON):
    """Miś Wojtek: travel from the deportation camps to Edinburgh collecting bear cards."""

    spec = SPEC
    options_type = Options
    state_type = State
    view_type = View
    action_types = ACTION_TYPES


GAME = Wojtek()
"""The registered game object (``meeple.wojtek:GAME``)."""

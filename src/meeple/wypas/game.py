"""The Game object: Wypas's facts and hooks, wired into the core."""

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
from . import tables
from . import transitions
from . import view
from .actions import ACTION_TYPES
from .actions import Action
from .options import Options
from .state import State
from .view import View

__all__ = ["GAME", "SPEC", "Wypas"]

SPEC = GameSpec(
    name="wypas",
    title="Wypas",
    min_players=3,
    max_players=6,
    rules_version="2",
    has_chance=True,
    hidden_information=True,
    max_steps=setup.max_steps,
    modes=(
        "rulebook",
        "bluff (bluff=true)",
        "no bleating (bleating=false)",
        "no specials (specials=false)",
    ),
)
"""Static facts about Wypas."""


RULES = Skeleton(actions, setup, legal, transitions, scoring, view, explain, invariants, render)
SKELETON = RULES.offering(
    encoding, state_encoding, html, elements, stats, public, heuristic, styled=render, legend=render
)
"""Its modules, for the core to wire: each hook and capability from its conventional function."""


class Wypas(FullGameBase[State, Action, View], skeleton=SKELETON):
    """Wypas: auctions, pens of sheep, shearing for fleeces, and special cards."""

    spec = SPEC
    options_type = Options
    state_type = State
    view_type = View
    action_types = ACTION_TYPES

    _parse_action = staticmethod(tables.parse_action)  # the shared objects, as legal offers
    _seen_to_act = staticmethod(view.seen_to_act)  # who each seat sees asked, no view made
    _out_of_turn = staticmethod(explain.out_of_turn)


GAME = Wypas()
"""The registered game object (``wypas``)."""

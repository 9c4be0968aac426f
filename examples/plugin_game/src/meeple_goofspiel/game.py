"""The Game object: Goofspiel's facts, its rule modules for the core to wire, its extras."""

from __future__ import annotations

from meeple.core import GameBase
from meeple.core import GameSpec
from meeple.core import Skeleton

from . import actions
from . import explain
from . import html
from . import invariants
from . import legal
from . import render
from . import scoring
from . import setup
from . import transitions
from . import view
from .actions import Bid
from .elements import element_actions as _element_actions
from .elements import elements as _elements
from .options import Options
from .state import State
from .stats import statistics as _statistics
from .view import View

__all__ = ["GAME", "SPEC", "Goofspiel"]

SPEC = GameSpec(
    name="goofspiel",
    title="Goofspiel",
    min_players=2,
    max_players=5,
    rules_version="1",
    has_chance=True,
    hidden_information=True,
    max_steps=setup.max_steps,
    simultaneous=True,
)
"""Static facts about Goofspiel."""

RULES = Skeleton(actions, setup, legal, transitions, scoring, view, explain, invariants, render)
"""The rule modules: the core fills each hook from its function (``setup.start``, ...)."""


class Goofspiel(GameBase[State, Bid, View], skeleton=RULES):
    """The Game object meeple's registry loads."""

    spec = SPEC
    options_type = Options
    state_type = State
    view_type = View
    action_types = (Bid,)

    _seen_to_act = staticmethod(view.seen_to_act)  # optional: who acts, without a view
    render_styled = staticmethod(render.render_styled)  # optional: the picture in colour
    statistics = staticmethod(_statistics)  # optional: figures for balance reports
    render_html = staticmethod(html.render_html)  # optional: the web page's picture
    elements = staticmethod(_elements)  # optional: a bid is a click on the card...
    element_actions = staticmethod(_element_actions)  # ...and a refused click says why


GAME = Goofspiel()
"""Goofspiel for meeple: the plugin tutorial's example game."""

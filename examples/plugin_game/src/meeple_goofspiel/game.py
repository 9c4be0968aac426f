"""The Game object: Goofspiel's facts, and its modules' functions as the core's hooks."""

from __future__ import annotations

from meeple.core import GameBase
from meeple.core import GameSpec

from . import explain
from . import html
from . import invariants
from . import legal
from . import render
from . import scoring
from . import setup
from . import transitions
from . import view as views
from .actions import Bid
from .actions import parse_action
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


class Goofspiel(GameBase[State, Bid, View]):
    """The Game object meeple's registry loads."""

    spec = SPEC
    options_type = Options
    state_type = State
    view_type = View
    action_types = (Bid,)

    _start = staticmethod(setup.start)
    _parse_action = staticmethod(parse_action)
    _legal_actions = staticmethod(legal.legal_actions)
    _successor = staticmethod(transitions.successor)
    _outcome = staticmethod(scoring.outcome)
    _view = staticmethod(views.view_of)
    _determinize = staticmethod(views.determinize)
    _seen_to_act = staticmethod(views.seen_to_act)  # optional: who acts, without a view
    _render = staticmethod(render.render)
    render_styled = staticmethod(render.render_styled)  # optional: the picture in colour
    _prompt = staticmethod(explain.prompt)
    _refusal = staticmethod(explain.refusal)
    _validate = staticmethod(invariants.validate)
    _validate_view = staticmethod(invariants.validate_view)
    statistics = staticmethod(_statistics)  # optional: figures for balance reports
    render_html = staticmethod(html.render_html)  # optional: the web page's picture
    elements = staticmethod(_elements)  # optional: a bid is a click on the card...
    element_actions = staticmethod(_element_actions)  # ...and a refused click says why


GAME = Goofspiel()
"""Goofspiel for meeple: the plugin tutorial's example game."""

"""The Game object: Wypas's facts and hooks, wired into the core."""

from __future__ import annotations

from meeple.core import EncodingBase
from meeple.core import GameBase
from meeple.core import GameSpec

from . import encoding
from . import explain
from . import heuristic
from . import html
from . import invariants
from . import legal
from . import render
from . import scoring
from . import setup
from . import tables
from . import transitions
from . import view as views
from .actions import ACTION_TYPES
from .actions import Action
from .elements import element_actions as _element_actions
from .elements import elements as _elements
from .options import Options
from .public import public_notation as _public_notation
from .state import State
from .state_encoding import encode_state as _encode_state
from .stats import statistics as _statistics
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


class Wypas(GameBase[State, Action, View], EncodingBase[Action, View]):
    """Wypas: auctions, pens of sheep, shearing for fleeces, and special cards."""

    spec = SPEC
    options_type = Options
    state_type = State
    view_type = View
    action_types = ACTION_TYPES

    _start = staticmethod(setup.start)
    _parse_action = staticmethod(tables.parse_action)  # the shared objects, as legal offers
    _legal_actions = staticmethod(legal.legal_actions)
    _successor = staticmethod(transitions.successor)
    _outcome = staticmethod(scoring.outcome)
    _view = staticmethod(views.view_of)
    _seen_to_act = staticmethod(views.seen_to_act)  # who each seat sees asked, no view made
    _determinize = staticmethod(views.determinize)
    _render = staticmethod(render.render)
    render_styled = staticmethod(render.render_styled)  # ``styled``: the picture in colour
    legend = staticmethod(render.legend)  # ``legend``: what the picture's marks mean
    _prompt = staticmethod(explain.prompt)
    _refusal = staticmethod(explain.refusal)
    _out_of_turn = staticmethod(explain.out_of_turn)
    _validate = staticmethod(invariants.validate)
    _validate_view = staticmethod(invariants.validate_view)

    _vocabulary = staticmethod(encoding.action_vocabulary)
    _observation_size = staticmethod(encoding.observation_size)
    _encode_view = staticmethod(encoding.encode_view)
    encode_state = staticmethod(_encode_state)  # ``state_encoding``: the adapters' fast path
    render_html = staticmethod(html.render_html)  # the ``html`` capability: the web page
    elements = staticmethod(_elements)  # ``elements``: what each move touches on the table
    element_actions = staticmethod(_element_actions)  # and what a touch could mean
    statistics = staticmethod(_statistics)  # the ``statistics`` capability: balance reports
    public_notation = staticmethod(_public_notation)  # ``public``: what each seat saw
    heuristic = staticmethod(heuristic.heuristic)  # ``heuristic``: search bots' leaves


GAME = Wypas()
"""The registered game object (``wypas``)."""

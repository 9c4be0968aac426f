"""The Wypas Game object: what the registry and front ends talk to."""

from __future__ import annotations

from typing import Any

import attrs

from ..core.errors import InvalidOptionsError
from ..core.options import check_players
from ..core.spec import GameSpec
from . import encoding, heuristic, rules
from .actions import (
    Auction,
    Award,
    Bid,
    BidDown,
    Black,
    Check,
    Dog,
    Done,
    Hide,
    Pass,
    Place,
    Shear,
    Take,
    Thief,
    Wolf,
)
from .notation import parse_action
from .options import Options
from .render import render
from .state import State
from .view import View, determinize

__all__ = ["GAME", "SPEC", "WypasGame"]


SPEC = GameSpec(
    name="wypas",
    title="Wypas",
    min_players=3,
    max_players=6,
    rules_version="1",
    has_chance=True,
    hidden_information=True,
    max_steps=rules.max_steps,
    modes=(
        "rulebook",
        "bluff (bluff=true)",
        "no bleating (bleating=false)",
        "no specials (specials=false)",
    ),
)
"""Static facts about Wypas."""


@attrs.frozen
class WypasGame:
    """Wypas: auctions, pens of sheep, shearing for fleeces, and special cards."""

    spec: GameSpec = SPEC
    """Static facts about the game."""
    options_type: type[Options] = Options
    """The options class."""
    state_type: type[State] = State
    """Full states."""
    view_type: type[View] = View
    """Views."""
    action_types: tuple[type[Any], ...] = (
        Hide,
        Auction,
        Bid,
        BidDown,
        Check,
        Award,
        Done,
        Pass,
        Place,
        Shear,
        Thief,
        Take,
        Wolf,
        Dog,
        Black,
    )
    """Every action class."""

    def start(self, players: int, *, seed: int, options: Any = None) -> State:
        """A new game: shuffled deck, five cards each, seat 0 the first baca."""
        check_players(self.spec, players)
        if options is None:
            options = Options()
        if not isinstance(options, Options):
            raise InvalidOptionsError(
                f"wypas: options must be a meeple.wypas.Options, not {type(options).__name__}"
            )
        return rules.start(players, seed, options)

    def parse_action(self, text: str) -> Any:
        """The action written as `text`."""
        return parse_action(text)

    def determinize(self, view: View, seed: int) -> State:
        """A full state consistent with `view`, unseen cards dealt from `seed`."""
        return determinize(view, seed)

    def render(self, view: View) -> str:
        """Text picture of a view."""
        return render(view)

    def action_vocabulary(self, players: int) -> tuple[Any, ...]:
        """Every action that can ever be legal with `players` seats, in a fixed order
        (see docs/rules/wypas.md, "Adapters")."""
        return encoding.action_vocabulary(players)

    def observation_size(self, players: int) -> int:
        """Length of `encode_view` for `players` seats."""
        return encoding.observation_size(players)

    def encode_view(self, view: View) -> tuple[float, ...]:
        """A fixed-size numeric picture of the view, values in [0, 1], from the view alone."""
        return encoding.encode_view(view)

    def heuristic(self, state: State) -> tuple[float, ...]:
        """Each seat's estimated standing in [0, 0.6], for bots (meeple.bots.evaluate)."""
        return heuristic.heuristic(state)


GAME = WypasGame()
"""The Wypas game object (registered as ``wypas``)."""

"""The Game object that plugs The Way of the Bear into meeple."""

from __future__ import annotations

from typing import Any, Final

from ..core.errors import InvalidOptionsError
from ..core.options import check_players
from ..core.spec import GameSpec
from . import encoding
from .actions import (
    Action,
    Draw,
    Pass,
    Pay,
    Place,
    PlaySeal,
    Return,
    RitualSkip,
    RitualTake,
    Take,
    Waive,
)
from .components import CARDS
from .notation import parse_action
from .options import MAX_ROUNDS_LIMIT, Options
from .public import public_notation as _public_notation
from .render import render
from .setup import setup
from .state import State
from .stats import statistics as _statistics
from .view import View, determinize

__all__ = ["GAME", "STEPS_PER_TURN", "WayOfBear", "max_steps"]

STEPS_PER_TURN: Final = 20
"""Most actions in one turn without Seal cards: a placement (1), its offering (4 pays,
each possibly followed by a Ritual choice: 8), a closing pass (1) and returns to the
bag (at most 8: a reserve of 14 after a limit card, plus 4 drawn, down to 10)."""
STEPS_PER_CARD: Final = 15
"""Most actions one Seal card adds: the play, an extra placement with its offering (9)
and the returns its steles may force."""


def max_steps(players: int) -> int:
    """A true bound on the actions of any game, whatever the options."""
    return MAX_ROUNDS_LIMIT * players * STEPS_PER_TURN + len(CARDS) * STEPS_PER_CARD


class WayOfBear:
    """The Way of the Bear: erect steles, pay the temples, fill your board first."""

    spec = GameSpec(
        name="way_of_bear",
        title="The Way of the Bear",
        min_players=2,
        max_players=4,
        rules_version="1",
        has_chance=True,
        hidden_information=True,
        max_steps=max_steps,
    )
    statistics = staticmethod(_statistics)  # the ``statistics`` capability: balance reports
    public_notation = staticmethod(_public_notation)  # ``public``: what each seat saw
    options_type = Options
    state_type = State
    view_type = View
    action_types: tuple[type[Any], ...] = (
        Take,
        Draw,
        Place,
        Pay,
        Waive,
        RitualTake,
        RitualSkip,
        Return,
        PlaySeal,
        Pass,
    )

    def start(self, players: int, *, seed: int, options: Options | None = None) -> State:
        """The set-up position for `players` seats, shuffled from `seed`."""
        check_players(self.spec, players)
        if options is None:
            options = Options()
        if not isinstance(options, Options):
            raise InvalidOptionsError(
                f"way_of_bear: options must be a way_of_bear Options, not {type(options).__name__}"
            )
        return setup(State, players, seed, options.max_rounds)

    def parse_action(self, text: str) -> Action:
        """The action written as `text`."""
        return parse_action(text)

    def determinize(self, view: View, seed: int) -> State:
        """A full state consistent with `view`, unseen Seal cards dealt from `seed`."""
        return determinize(view, seed)

    def render(self, view: View) -> str:
        """A text picture of `view`."""
        return render(view)

    def action_vocabulary(self, players: int) -> tuple[Action, ...]:
        """Every action that can be legal with `players` seats, in a fixed order (adapters)."""
        return encoding.action_vocabulary(check_players(self.spec, players))

    def observation_size(self, players: int) -> int:
        """Length of `encode_view`'s result with `players` seats."""
        return encoding.observation_size(check_players(self.spec, players))

    def encode_view(self, view: View) -> tuple[float, ...]:
        """`view` as a fixed-size tuple of numbers in [0, 1] (see `encoding`)."""
        return encoding.encode_view(view)


GAME: Final = WayOfBear()
"""The game object (registered under the name ``way_of_bear``)."""

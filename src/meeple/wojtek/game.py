"""The `GAME` object: how the core and every front end reach Miś Wojtek."""

from __future__ import annotations

from typing import Any

from meeple.core import GameSpec, InvalidOptionsError, check_players
from meeple.core import rng as rngmod

from . import encoding
from .actions import ACTION_TYPES, Action
from .chance import shuffled
from .components import (
    BEAR_COUNTS,
    BEAR_KINDS,
    CITIES,
    HAND_SIZE,
    MAX_PLAYERS,
    MIN_PLAYERS,
    NUM_COLOURS,
    TRAVEL_COUNTS,
    TRAVEL_KINDS,
    load_board,
)
from .notation import parse_action
from .options import MAX_ROUND_LIMIT, Options
from .render import render
from .state import DEPORT, SEATS, ZERO_TRAVEL, State
from .view import View, determinize

__all__ = ["GAME", "STEPS_PER_TURN", "WojtekGame", "max_steps"]

STEPS_PER_TURN = 7
"""Most steps in one turn: three, drop, use x3, to, box (an exchange takes at most 6)."""


def max_steps(players: int, round_limit: int = MAX_ROUND_LIMIT) -> int:
    """A bound on the steps of any game: every turn of every round at its longest.

    The bound holds for every allowed `round_limit`; `spec.max_steps` uses the largest
    one so it is true whatever options are chosen.
    """
    return players * 2 + players * STEPS_PER_TURN * (round_limit - 1)


class WojtekGame:
    """Miś Wojtek: travel from the deportation camps to Edinburgh collecting bear cards."""

    spec = GameSpec(
        name="wojtek",
        title="Miś Wojtek",
        min_players=MIN_PLAYERS,
        max_players=MAX_PLAYERS,
        rules_version="1",
        has_chance=True,
        hidden_information=True,
        max_steps=max_steps,
        modes=("standard", "younger children (no_drop_on_three, no_city_refresh)"),
    )
    options_type = Options
    state_type = State
    view_type = View
    action_types: tuple[type, ...] = ACTION_TYPES

    def start(self, players: int, *, seed: int, options: Any = None) -> State:
        """Shuffle, lay out seven bear cards, deal five travel cards each; all in Poland."""
        check_players(self.spec, players)
        if options is None:
            options = Options()
        if not isinstance(options, Options):
            raise InvalidOptionsError(
                f"wojtek: options must be a wojtek Options, not {type(options).__name__}"
            )
        board = load_board(options.board)
        rng = rngmod.seed_rng(seed)
        bears = [k for k in range(BEAR_KINDS) for _ in range(BEAR_COUNTS[k])]
        bear_deck, rng = shuffled(rng, bears)
        display = tuple(reversed(bear_deck[-NUM_COLOURS:]))
        bear_deck = bear_deck[:-NUM_COLOURS]
        travel = [k for k in range(TRAVEL_KINDS) for _ in range(TRAVEL_COUNTS[k])]
        travel_deck, rng = shuffled(rng, travel)
        hands = []
        for _ in range(players):
            hand = [0] * TRAVEL_KINDS
            for k in travel_deck[-HAND_SIZE:]:
                hand[k] += 1
            travel_deck = travel_deck[:-HAND_SIZE]
            hands.append(tuple(hand))
        return State(
            players,
            SEATS[0],
            rng,
            options,
            DEPORT,
            0,
            1,
            (board.start,) * players,
            tuple(hands),
            travel_deck,
            ZERO_TRAVEL,
            bear_deck,
            (0,) * BEAR_KINDS,
            display,
            ((0,) * BEAR_KINDS,) * players,
            (-1,) * len(CITIES),
            ZERO_TRAVEL,
            (),
            False,
        )

    def parse_action(self, text: str) -> Action:
        """The action written `text`; MalformedActionError says what is wrong."""
        return parse_action(text)

    def determinize(self, view: View, seed: int) -> State:
        """A full state consistent with `view`, hidden cards dealt from `seed`."""
        return determinize(view, seed)

    def render(self, view: View) -> str:
        """Text picture of a view."""
        return render(view)

    def action_vocabulary(self, players: int) -> tuple[Action, ...]:
        """Every action of the game in a fixed order, for the adapters (see `encoding`)."""
        return encoding.action_vocabulary(check_players(self.spec, players))

    def observation_size(self, players: int) -> int:
        """Length of `encode_view`'s result with `players` seats."""
        return encoding.observation_size(check_players(self.spec, players))

    def encode_view(self, view: View) -> tuple[float, ...]:
        """`view` as a fixed-size vector of numbers in [0, 1], for the adapters."""
        return encoding.encode_view(view)


GAME = WojtekGame()
"""The game object the registry loads (``meeple.wojtek:GAME``)."""

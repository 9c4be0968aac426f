"""How the server makes a `Match`: from a create request, and from a stored record.

Kept apart from the hub because both are checks before anything is held: a request
is held to the game's rules and to this server's limits (seats, bot budgets), and a
stored record that does not replay, for whatever reason, is that match's damage,
never the server's (a hand-edited row can make a game's own code raise).
"""

from __future__ import annotations

import secrets
from collections.abc import Mapping
from collections.abc import Sequence
from typing import Any

from ..core.errors import CorruptDataError
from ..core.errors import InvalidOptionsError
from ..core.errors import UnknownGameError
from ..core.match import GameRecord
from ..core.match import Match
from ..core.options import build_options
from ..core.options import check_players
from ..core.options import options_to_json
from ..core.registry import Registry
from .limits import Limits
from .seats import normalize_seat

__all__ = ["SEED_BITS", "replay_stored", "requested_match"]

SEED_BITS = 63
"""Random bits of a seed the server draws (a create request without one). Every hidden
card follows from it, so it must be out of reach of a search over all seeds: with 31
bits, a spectator's seven public cards of Miś Wojtek picked the one seed in 91 s on one
core. 63 bits fill the API's seed range and the store's signed 64-bit integers."""


def requested_match(
    registry: Registry,
    limits: Limits,
    game_name: str,
    players: int,
    options: Mapping[str, Any],
    seats: Sequence[Any],
    seed: int | None,
) -> tuple[Match, tuple[str, ...]]:
    """The match a create request asks for, and its seat kinds; MeepleError if refused."""
    game = registry.get(game_name)
    check_players(game.spec, players)
    if players > limits.max_seats:
        raise InvalidOptionsError(f"this server allows at most {limits.max_seats} seats")
    if len(seats) != players:
        raise InvalidOptionsError(f"{len(seats)} seats given for {players} players")
    kinds = tuple(normalize_seat(s, game, limits, seat) for seat, s in enumerate(seats))
    the_seed = secrets.randbits(SEED_BITS) if seed is None else seed
    chosen = build_options(game.spec.name, game.options_type, options)
    return Match(game, players, seed=the_seed, **options_to_json(chosen)), kinds


def replay_stored(registry: Registry, record: GameRecord) -> Match:
    """A stored match replayed; CorruptDataError for anything that goes wrong."""
    try:
        game = registry.get(record.game)
    except UnknownGameError as err:
        raise CorruptDataError(f"record of an unavailable game: {err}") from None
    try:
        return record.replay_with(game)
    except CorruptDataError:
        raise
    except Exception as err:  # a game's bug on a row it never wrote
        what = f"{type(err).__name__}: {err}"[:500]
        raise CorruptDataError(f"record of {record.game} does not replay: {what}") from None

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

__all__ = ["EXACT_IN_JAVASCRIPT", "SEED_BITS", "chosen_options", "replay_stored", "requested_match"]

SEED_BITS = 63
"""Random bits of a seed the server draws (a create request without one). Every hidden
card follows from it, so it must be out of reach of a search over all seeds: with 31
bits, a spectator's seven public cards of Miś Wojtek picked the one seed in 91 s on one
core. 63 bits fill the API's seed range and the store's signed 64-bit integers."""

EXACT_IN_JAVASCRIPT = 2**53 - 1
"""The largest whole number JavaScript's JSON.parse reads exactly (its
Number.MAX_SAFE_INTEGER): one past it reaches a page rounded."""


def _inexact(value: Any) -> bool:
    """Whether a JSON value (as `options_to_json` gives it) holds a whole number
    JavaScript would round, at any depth."""
    if isinstance(value, dict):
        return any(_inexact(item) for item in value.values())
    if isinstance(value, list | tuple):
        return any(_inexact(item) for item in value)
    if isinstance(value, int) and not isinstance(value, bool):
        return abs(value) > EXACT_IN_JAVASCRIPT
    return False


def chosen_options(
    game_name: str, options_type: type, options: Mapping[str, Any]
) -> dict[str, Any]:
    """The options a match is made with, as its record keeps them (those that differ
    from the defaults, as JSON values); InvalidOptionsError if the game refuses them or
    one holds a whole number past 2**53 - 1.

    A record's options reach every page and client as JSON numbers, and a browser
    rounds past 2**53: an option of 2**53 + 1 would be shown, and sent back, as
    another game. The built-in games bound their numbers far below (Miś Wojtek's
    round limit, the largest, at 10,000); a plugin's are bounded by its own rules, so
    the server holds every game to this one.
    """
    chosen = options_to_json(build_options(game_name, options_type, options))
    for name, value in chosen.items():
        if _inexact(value):
            raise InvalidOptionsError(
                f"{game_name}: option {name!r} holds a whole number past 2**53 - 1, which "
                "a browser's JavaScript rounds; this server does not open such a match"
            )
    return chosen


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
    chosen = chosen_options(game.spec.name, game.options_type, options)
    return Match(game, players, seed=the_seed, **chosen), kinds


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

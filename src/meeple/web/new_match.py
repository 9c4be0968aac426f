"""What a request to create a match may ask for, each field checked alone so that a
refusal names it.

Options are choices, never data: a value is a JSON scalar or a flat list of them,
named in one spelling. The hub checks the whole request again as it creates the
match; these checks run first so the client hears which field was wrong.
"""

from __future__ import annotations

from typing import Any

from ..core.errors import InvalidOptionsError
from ..core.errors import MeepleError
from ..core.options import check_players
from .bodies import CreateMatch
from .build import SEED_BITS
from .build import chosen_options
from .errors import ApiError
from .hub import Hub
from .seats import normalize_seat

__all__ = ["check_fields"]


def _only_choices(options: dict[str, Any]) -> None:
    """422 unless every option value is what a remote player may choose: a JSON scalar,
    or a flat list of scalars for a list option (the lobby's comma-separated field).

    A custom board (or any other data given as an option) comes only through the CLI
    or a program on the server's side, never from a request: the server reads nothing
    on a client's behalf.
    """
    for name, value in options.items():
        items = value if isinstance(value, list) else [value]
        if any(isinstance(item, dict | list) for item in items):
            raise ApiError(
                422,
                f"option {name[:60]!r} must be a single value (text, a number, true/false "
                "or null) or a list of such values, not an object or nested data: custom "
                "boards and other data are given through the CLI or a program, not over "
                "the web",
            )


def _one_spelling(options: dict[str, Any]) -> None:
    """422 if an option is named twice, e.g. as ``max_rounds`` and ``max-rounds``."""
    seen: dict[str, str] = {}
    for name in options:
        key = name.replace("-", "_")
        if key in seen:
            raise ApiError(
                422,
                f"option {key!r} is given twice, as {seen[key]!r} and {name!r}; give it once",
            )
        seen[key] = name


def check_fields(hub: Hub, body: CreateMatch) -> None:
    """422 naming the field at fault: game, players, seats, options or seed.

    The hub checks them all again as it creates the match (one refusal for all);
    here each check runs alone, so the refusal can say which field it is about.
    """
    options = body.options or {}
    _one_spelling(options)
    _only_choices(options)
    seed = body.seed_number()
    if seed is not None and not 0 <= seed < 2**SEED_BITS:
        raise ApiError(422, f"field 'seed' must be between 0 and 2**{SEED_BITS} - 1")
    field = "game"
    try:
        game = hub.game(body.game)
        field = "players"
        check_players(game.spec, body.players)
        if body.players > hub.limits.max_seats:
            raise InvalidOptionsError(f"this server allows at most {hub.limits.max_seats} seats")
        field = "seats"
        if len(body.seats) != body.players:
            raise InvalidOptionsError(f"{len(body.seats)} seats given for {body.players} players")
        for seat, kind in enumerate(body.seats):
            normalize_seat(kind, game, hub.limits, seat)
        field = "options"
        chosen_options(game.spec.name, game.options_type, options)
    except MeepleError as err:
        raise ApiError(422, f"field {field!r}: {err}") from None

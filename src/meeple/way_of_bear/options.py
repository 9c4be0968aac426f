"""The game's options: the rulebook game by default, plus the stall-breaking round limit."""

from __future__ import annotations

from typing import Any

import attrs

from ..core.errors import InvalidOptionsError

__all__ = ["DEFAULT_MAX_ROUNDS", "MAX_ROUNDS_LIMIT", "Options"]

DEFAULT_MAX_ROUNDS = 60
"""Rounds before the game ends without a completed board (our rule; see the docs)."""
MAX_ROUNDS_LIMIT = 200
"""The largest round limit allowed, so `spec.max_steps` bounds every game."""


def _check_rounds(_: Any, __: Any, value: int) -> None:
    if isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= MAX_ROUNDS_LIMIT:
        raise InvalidOptionsError(
            "way_of_bear: max_rounds must be a whole number from 1 to "
            f"{MAX_ROUNDS_LIMIT}, not {value!r}"
        )


@attrs.frozen
class Options:
    """Options of The Way of the Bear; the defaults are the rulebook game."""

    max_rounds: int = attrs.field(default=DEFAULT_MAX_ROUNDS, validator=_check_rounds)
    """The game also ends after this many full rounds (the rulebook can stall)."""

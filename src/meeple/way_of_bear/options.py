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


def _flag(name: str) -> Any:
    def check(_: Any, __: Any, value: Any) -> None:
        if not isinstance(value, bool):
            raise InvalidOptionsError(f"way_of_bear: {name} must be true or false, not {value!r}")

    return check


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
    reserve_pays_offering: bool = attrs.field(
        default=False, validator=_flag("reserve_pays_offering")
    )
    """Another reading of the offering: the reserve alone must hold it when the stele is
    placed (off, the default: a stele a Ritual of the same offering brings in pays too)."""
    take_fewer: bool = attrs.field(default=False, validator=_flag("take_fewer"))
    """Another reading of the take: with one stele on the tracks, take it (off: a take
    needs two)."""

"""Options of Wypas; the defaults are the rulebook game."""

from __future__ import annotations

from typing import Any
from typing import Final

import attrs

from meeple.core import InvalidOptionsError

__all__ = ["MAX_ROUNDS_CAP", "Options"]

MAX_ROUNDS_CAP: Final = 200
"""Largest allowed round limit, so `spec.max_steps` can bound every game."""


def _rounds(_: Any, __: Any, value: int) -> None:
    if isinstance(value, bool) or not isinstance(value, int):
        raise InvalidOptionsError(f"wypas: max_rounds must be a whole number, not {value!r}")
    if not 1 <= value <= MAX_ROUNDS_CAP:
        raise InvalidOptionsError(
            f"wypas: max_rounds must be between 1 and {MAX_ROUNDS_CAP}, not {value}"
        )


def _flag(name: str) -> Any:
    def check(_: Any, __: Any, value: Any) -> None:
        if not isinstance(value, bool):
            raise InvalidOptionsError(f"wypas: {name} must be true or false, not {value!r}")

    return check


@attrs.frozen
class Options:
    """How a game of Wypas is played."""

    bleating: bool = attrs.field(default=True, validator=_flag("bleating"))
    """The bleating rule: a shear scores only if announced with ``meee``."""
    specials: bool = attrs.field(default=True, validator=_flag("specials"))
    """Play with the 19 special cards (off: they stay in the box, 84 sheep are shuffled)."""
    bluff: bool = attrs.field(default=False, validator=_flag("bluff"))
    """The advanced bluff rule: one face-down bid card per lot, checked by matching."""
    max_rounds: int = attrs.field(default=100, validator=_rounds)
    """Round limit: the game ends after this many rounds, scored as it stands."""
    runs_down: bool = attrs.field(default=False, validator=_flag("runs_down"))
    """Another reading of the redyk rule: a colour run may also grow by the value just
    below its lowest sheep (off, the default: runs grow upward only)."""

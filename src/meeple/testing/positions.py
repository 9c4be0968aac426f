"""Test positions built by hand: what a rule test starts from.

A rules test wants a position no random game is sure to reach (a hand with three
kings, a pen one sheep from full). `position(state, field=value, ...)` builds it
from a real state with the one successor builder every game uses
(`meeple.core.replace`), then runs the game's own invariants (the state's
``validate``, what every state loaded from JSON must satisfy), so a typo'd field
or an impossible position fails where it was written, not three steps later in
a confusing way.
"""

from __future__ import annotations

from typing import Any
from typing import TypeVar

from ..core.edit import replace

__all__ = ["InvalidPositionError", "position"]

S = TypeVar("S")


class InvalidPositionError(ValueError):
    """A hand-built test position breaks one of its game's invariants."""


def position(state: S, /, **changes: Any) -> S:
    """`state` with `changes` (field names as keywords), checked by the game's
    invariants; InvalidPositionError names the invariant broken, TypeError a field
    the state does not have."""
    built = replace(state, **changes)
    check = getattr(built, "validate", None)
    if check is not None:
        try:
            check()
        except ValueError as err:
            fields = ", ".join(sorted(changes)) or "no field"
            raise InvalidPositionError(
                f"the position (changed: {fields}) breaks an invariant: {err}"
            ) from err
    return built

"""Asserting that the rules refuse a move, and why: the check every rules test makes.

A refusal has two ways in, and a test should see both agree: ``state.check``
names the reason, and ``state.apply`` raises `IllegalActionError` carrying that
same reason and the game's name (and, states being immutable, changes nothing)::

    reason = assert_refused(GAME, state, "take 5", "slot")  # doctest: +SKIP
"""

from __future__ import annotations

from typing import Any

from ..core.errors import IllegalActionError
from ..core.protocols import Game
from ..core.protocols import State

__all__ = ["assert_refused"]


def assert_refused(
    game: Game, state: State, action: Any, *why: str, player: int | None = None
) -> str:
    """Fail unless `state` refuses `action` for `player` with a reason that contains
    every fragment of `why`; return the reason (to compare it whole, say).

    `action` is an action of `game` or its notation (parsed with `game.parse_action`);
    `player` None means the only seat to act, as in ``state.check``.
    """
    move = game.parse_action(action) if isinstance(action, str) else action
    name = game.spec.name
    reason = state.check(move, player)
    if reason is None:
        raise AssertionError(f"{name}: {move} is legal here; the test expects it refused")
    missing = [fragment for fragment in why if fragment not in reason]
    if missing:
        raise AssertionError(f"{name}: {move} is refused with {reason!r}, which lacks {missing}")
    try:
        state.apply(move, player)
    except IllegalActionError as err:
        if err.reason != reason:
            raise AssertionError(
                f"{name}: check refuses {move} with {reason!r} but apply with {err.reason!r}"
            ) from err
        if err.game != name:
            raise AssertionError(
                f"{name}: apply's refusal of {move} names game {err.game!r}"
            ) from err
    else:
        raise AssertionError(f"{name}: check refuses {move} ({reason!r}) but apply accepts it")
    return reason

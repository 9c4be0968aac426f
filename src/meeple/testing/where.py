"""Where a conformance check failed, and the two helpers every check uses to say so.

A failure names the game, player count, seed, step and action, and the last
moves, so that one ``game.start(...)`` and the listed moves reproduce it.
"""

from __future__ import annotations

from typing import Any

import attrs

__all__ = ["ConformanceError", "Where", "expect", "guard"]


class ConformanceError(AssertionError):
    """A game broke the contract; the message says where and how to reproduce it."""


@attrs.define
class Where:
    """Where the kit is in a game: enough to name the failure and replay it."""

    game: str
    players: int
    seed: int
    step: int = 0
    action: str = "-"
    moves: list[tuple[int, str]] = attrs.Factory(list)

    def fail(self, message: str) -> ConformanceError:
        """The error to raise, prefixed with the game, seed, step and last moves."""
        tail = ", ".join(f"p{p}:{a}" for p, a in self.moves[-8:])
        return ConformanceError(
            f"[game={self.game} players={self.players} seed={self.seed} step={self.step} "
            f"action={self.action}] {message}" + (f" (last moves: {tail})" if tail else "")
        )


def expect(cond: bool, where: Where, message: str) -> None:
    """Fail at `where` with `message` unless `cond` holds."""
    if not cond:
        raise where.fail(message)


def guard(where: Where, what: str, func: Any, *args: Any, **kwargs: Any) -> Any:
    """Call func; an unexpected exception becomes a ConformanceError naming `what`."""
    try:
        return func(*args, **kwargs)
    except ConformanceError:
        raise
    except Exception as err:  # the kit reports any crash as a conformance failure
        raise where.fail(f"{what} raised {type(err).__name__}: {err}") from err

"""Where a conformance check failed, and the two helpers every check uses to say so.

A failure names the game, player count, seed, step and action, and the last
moves, so that one ``game.start(...)`` and the listed moves reproduce it.
"""

from __future__ import annotations

from typing import Any

import attrs

__all__ = [
    "ConformanceError",
    "Where",
    "differs",
    "expect",
    "expect_hashable",
    "guard",
    "unhashable_part",
]


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


def unhashable_part(obj: Any, path: str = "") -> str | None:
    """Where in `obj` an unhashable value sits, e.g. ``State.hands[0] holds a list``.

    Walks attrs fields and tuple items; None if `obj` hashes.
    """
    try:
        hash(obj)
    except TypeError:
        pass
    else:
        return None
    path = path or type(obj).__name__
    if attrs.has(type(obj)):
        parts = [(f"{path}.{f.name}", getattr(obj, f.name)) for f in attrs.fields(type(obj))]
    elif isinstance(obj, tuple | frozenset):
        parts = [(f"{path}[{i}]", item) for i, item in enumerate(obj)]
    else:
        return f"{path} holds a {type(obj).__name__}"
    for where, value in parts:
        found = unhashable_part(value, where)
        if found is not None:
            return found
    return f"{path} cannot be hashed"


def expect_hashable(obj: Any, where: Where, what: str) -> None:
    """Fail at `where`, naming the class and field, unless `obj` hashes."""
    found = unhashable_part(obj)
    if found is not None:
        raise where.fail(
            f"{what} must be hashable, but {found}: use a tuple or a frozenset "
            "(a mapping as a tuple of pairs)"
        )


def _short(value: Any) -> str:
    text = repr(value)
    return text if len(text) <= 60 else text[:57] + "..."


def differs(first: Any, second: Any) -> str:
    """`` (Class.field: a != b; ...)`` naming the fields where two attrs objects differ.

    Empty when they are not attrs objects of one class, or no field differs, so a
    message can always end with it.
    """
    cls = type(first)
    if first == second or type(second) is not cls or not attrs.has(cls):
        return ""  # (messages are built before the check: the equal case stays cheap)
    found = [
        f"{cls.__name__}.{f.name}: {_short(getattr(first, f.name))} != "
        f"{_short(getattr(second, f.name))}"
        for f in attrs.fields(cls)
        if getattr(first, f.name) != getattr(second, f.name)
    ]
    more = f"; and {len(found) - 3} more" if len(found) > 3 else ""
    return f" ({'; '.join(found[:3])}{more})" if found else ""

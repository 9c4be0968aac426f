"""Who the table sees to act, and in which order a driver asks the seats to act.

`state.to_act` is the truth: every seat that may act now. A game may also ask a
seat in secret (Wypas offers a special card, at any moment, to a seat that holds
one it could play): that seat is in `to_act`, but only its own view shows it. So a
front end that tells people whom the game waits for uses what the viewer knows
(its view's ``to_act``; `public_to_act` for the whole table), never `to_act`
itself; and a driver that asks one seat at a time asks the secret seats first
(`asking_order`), or the public move would always come first and end their chance.
For a game without secret turns both are just `to_act` (in seat order).
"""

from __future__ import annotations

from typing import Any

__all__ = ["asking_order", "public_to_act"]


def public_to_act(state: Any) -> frozenset[int]:
    """The seats the whole table sees to act: the spectator's view's ``to_act``."""
    to_act: frozenset[int] = state.to_act
    if len(to_act) <= 1:
        return to_act  # someone is always seen to act until the end (the kit checks it)
    seen_to_act = getattr(state, "seen_to_act", None)
    if seen_to_act is not None:  # a `StateBase` answers itself, making no view
        answer: frozenset[int] = seen_to_act(None)
        return answer
    seen: frozenset[int] = state.view(None).to_act
    return seen


def asking_order(state: Any) -> tuple[int, ...]:
    """The seats of `to_act` in the order a one-seat-at-a-time driver asks them: the
    seats asked in secret first, then the ones the table sees, each by seat number."""
    to_act: frozenset[int] = state.to_act
    if len(to_act) <= 1:
        return tuple(to_act)
    public = public_to_act(state)
    return (*sorted(to_act - public), *sorted(public))

"""Scores, ranks and winners."""

from __future__ import annotations

from typing import TYPE_CHECKING

from meeple.core import Outcome

if TYPE_CHECKING:
    from .state import State

__all__ = ["outcome"]


def outcome(s: State) -> Outcome:
    """Most prize points wins; ties share the win."""
    return Outcome.from_keys(
        s.scores, details=[{"prize points": p} for p in s.scores], final=s.is_over
    )

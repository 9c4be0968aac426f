"""A view as a few lines of text, for terminals and logs."""

from __future__ import annotations

from .view import View

__all__ = ["render"]


def render(view: View) -> str:
    """The prize, the scores, your hand and the last rounds."""
    lines = [f"prize: {view.prize}  ({view.prizes_left} left)  scores: {list(view.scores)}"]
    if view.hand is not None:
        lines.append(f"your hand: {' '.join(map(str, view.hand))}")
    for prize, bids in view.history[-3:]:
        lines.append(f"  prize {prize}: bids {list(bids)}")
    return "\n".join(lines)

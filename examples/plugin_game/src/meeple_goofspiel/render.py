"""A view as a few lines of text, for terminals and logs, and the same text in colour."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .view import View

if TYPE_CHECKING:
    from rich.text import Text

__all__ = ["render", "render_styled"]


def render(view: View) -> str:
    """The prize (or, once they are all played, that the prizes are gone), the scores,
    your hand and the last rounds."""
    offer = (
        "prizes gone" if view.prize is None else f"prize: {view.prize}  ({view.prizes_left} left)"
    )
    lines = [f"{offer}  scores: {list(view.scores)}"]
    if view.hand is not None:
        lines.append(f"your hand: {' '.join(map(str, view.hand))}")
    for prize, bids in view.history[-3:]:
        lines.append(f"  prize {prize}: bids {list(bids)}")
    return "\n".join(lines)


def render_styled(view: View) -> Text:
    """`render(view)` with styles for a terminal: prize cards gold, your hand bold.

    The styles go on the plain text, so its ``plain`` is exactly ``render(view)`` and a
    colour never says what the text does not.
    """
    from rich.text import Text  # here: only a terminal pays for importing rich

    text = Text(render(view))
    text.highlight_regex(r"(?<=prize: )\d+|(?<=prize )\d+", "bold black on gold1")
    text.highlight_regex(r"(?<=your hand: ).*", "bold")
    return text

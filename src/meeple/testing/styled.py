"""The conformance check of the ``styled`` capability: the text picture in colour.

The styled picture must be the text picture and nothing more: its plain text is
``render(view)`` byte for byte (so pipes, logs and tests see what a terminal shows,
less the colour), its styles are rich styles, it carries no escape codes of its own,
and it depends on the view alone (a world re-dealt behind the view styles the same).
"""

from __future__ import annotations

from typing import Any

from ..core.protocols import State
from .where import Where
from .where import expect
from .where import guard

__all__ = ["check_styled"]


def check_styled(game: Any, state: State, where: Where) -> None:
    """``render_styled(view)`` at every seat's view (and the spectator's) of `state`."""
    from rich.errors import StyleSyntaxError
    from rich.style import Style
    from rich.text import Text

    for p in (None, *range(state.players)):
        view = state.view(p)
        text = guard(where, f"render_styled(view({p}))", game.render_styled, view)
        expect(
            isinstance(text, Text), where, f"render_styled must return a rich Text, got {text!r}"
        )
        plain = text.plain
        expect(
            plain == game.render(view),
            where,
            f"render_styled(view({p})).plain differs from render(view({p}))",
        )
        expect("\x1b" not in plain, where, "render_styled's text holds escape codes (use styles)")
        for span in text.spans:
            expect(
                0 <= span.start <= span.end <= len(plain),
                where,
                f"render_styled(view({p})) styles {span.start}-{span.end}, outside its text",
            )
        for style in (text.style, *(span.style for span in text.spans)):
            if isinstance(style, str):
                try:
                    Style.parse(style)
                except StyleSyntaxError as err:
                    raise where.fail(f"render_styled uses a style rich cannot read: {err}") from err
        # The kit has checked that a re-dealt world shows this seat the same view, so
        # one more call on that world's view checks both determinism and that the
        # styles come from the view alone.
        other = game.render_styled(game.determinize(view, 11).view(p))
        expect(
            (other.style, list(other.spans)) == (text.style, list(text.spans)),
            where,
            f"render_styled(view({p})) is not deterministic or depends on more than the view",
        )

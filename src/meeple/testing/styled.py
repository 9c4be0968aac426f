"""The conformance check of the ``styled`` capability: the text picture in colour.

The styled picture must be the text picture and nothing more: its plain text is
``render(view)`` byte for byte (so pipes, logs and tests see what a terminal shows,
less the colour), its styles are rich styles, it carries no escape codes of its own,
and it depends on the view alone (a world re-dealt behind the view styles the same).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ..core.protocols import State
from .secrecy import Seat
from .secrecy import deal_seats
from .secrecy import picture
from .where import Where
from .where import expect
from .where import guard

__all__ = ["check_styled"]


def check_styled(
    game: Any, state: State, where: Where, seats: Sequence[Seat] | None = None
) -> None:
    """``render_styled(view)`` at every seat's view (and the spectator's) of `state`.

    `seats`: each seat's view and the worlds dealt back from it, with the pictures drawn
    so far (`meeple.testing.secrecy`, which compares the first world's picture); without
    them a world is dealt here from seed 11 and compared."""
    from rich.errors import StyleSyntaxError
    from rich.style import Style
    from rich.text import Text

    for seat in seats if seats is not None else deal_seats(game, state, (11,)):
        p = seat.player
        text = guard(where, f"render_styled(view({p}))", picture, game, seat, "render_styled")
        expect(
            isinstance(text, Text), where, f"render_styled must return a rich Text, got {text!r}"
        )
        plain = text.plain
        expect(
            plain == picture(game, seat, "render"),
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
        if seats is None:
            # One more call on a world's equal view checks both determinism and that the
            # styles come from the view alone (with `seats`, the secrecy check does).
            other = game.render_styled(seat.worlds[0].view)
            expect(
                (other.style, list(other.spans)) == (text.style, list(text.spans)),
                where,
                f"render_styled(view({p})) is not deterministic or depends on more than the view",
            )

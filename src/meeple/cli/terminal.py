"""Printing to the terminal: colour where it helps, plain text where it cannot show.

One console decides: colour on a terminal; plain text (no escape codes at all) when
the output is a pipe or a file, when ``TERM=dumb``, when ``NO_COLOR`` is set to a
non-empty value (as no-color.org asks), or with ``--no-color``. A game's picture
comes in its own colours when the game offers the ``styled`` capability, else as
its plain text.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from typing import TYPE_CHECKING
from typing import Annotated
from typing import Any

import typer
from rich.console import Console
from rich.console import RenderableType
from rich.text import Text

from ..core.capabilities import offers

if TYPE_CHECKING:  # imported when a bar is made: only simulate and analyze show one
    from rich.progress import Progress

__all__ = ["NoColorOption", "drawer", "games_progress", "make_console", "picture", "plain"]

NoColorOption = Annotated[
    bool,
    typer.Option("--no-color", help="plain text, no colours (also: the NO_COLOR variable)"),
]


def make_console(no_color: bool = False, **settings: Any) -> Console:
    """A console that colours only a terminal, and never with `no_color` or ``NO_COLOR``.

    Rich alone already prints plain text to pipes and dumb terminals; under
    ``NO_COLOR`` it drops the colours but keeps bold and reverse, so here both turn
    every style off, as a plain fallback should. The console is made when a command
    runs, not at import, so it reads the terminal's width and ``NO_COLOR`` then.
    """
    if no_color or os.environ.get("NO_COLOR", ""):
        settings["color_system"] = None
    # Decided above, not by rich: rich before 14 took an empty ``NO_COLOR`` as set (the
    # convention, and rich 14, ignore an empty one), which dropped the colours.
    settings.setdefault("no_color", False)
    # Soft wrap: a line of prose (a path, a hint) is never broken at the width, so a
    # log, a pipe or a test reads it whole; tables are still laid out to the width.
    settings.setdefault("soft_wrap", True)
    return Console(highlight=False, **settings)


def drawer(console: Console) -> Callable[[RenderableType], None]:
    """Prints pictures on `console`: a game's picture line for line as the game wrote
    it (a line wider than the terminal wraps there, not at a word), a table to fit."""

    def draw(shown: RenderableType) -> None:
        console.print(shown, soft_wrap=isinstance(shown, Text))

    return draw


def picture(game: Any, view: Any) -> Text:
    """The game's picture of `view`: in its colours if it has them, else plain."""
    if offers(game, "styled"):
        styled: Text = game.render_styled(view)
        return styled
    return Text(game.render(view))


def plain(renderable: RenderableType, width: int = 80) -> str:
    """What `renderable` shows, as plain text: a picture exactly as `render` wrote it
    (never wrapped), a table drawn `width` columns wide."""
    if isinstance(renderable, Text):
        return renderable.plain
    if isinstance(renderable, str):
        return renderable
    console = Console(width=width, color_system=None, highlight=False)
    with console.capture() as captured:
        console.print(renderable)
    return captured.get().rstrip("\n")


def games_progress(console: Console, *, rate: bool = False) -> Progress:
    """The bar of a batch of games (`meeple simulate`, `meeple analyze`): its task's
    description, the bar, games done of all, with `rate` the task's ``rate`` field in
    games/s, time elapsed and the time left."""
    from rich.progress import BarColumn
    from rich.progress import MofNCompleteColumn
    from rich.progress import Progress
    from rich.progress import ProgressColumn
    from rich.progress import TextColumn
    from rich.progress import TimeElapsedColumn
    from rich.progress import TimeRemainingColumn

    columns: list[ProgressColumn] = [
        TextColumn("[bold]{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
    ]
    if rate:
        columns.append(TextColumn("{task.fields[rate]} games/s"))
    columns += [TimeElapsedColumn(), TextColumn("ETA"), TimeRemainingColumn()]
    return Progress(*columns, console=console, transient=False)

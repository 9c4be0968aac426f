"""One way for every command to refuse: one logical line on stderr, then exit 2.

The line is never hard-wrapped (a terminal may fold it; a log or a test reads it
whole, whatever the width) and its text is never read as rich markup, so an
install hint such as ``pip install -e '.[web]'`` keeps its brackets.
"""

from __future__ import annotations

from typing import NoReturn

import typer
from rich.console import Console
from rich.text import Text

__all__ = ["INTERRUPTED", "fail", "interrupted", "say_error"]

INTERRUPTED = 130
"""The exit code after Ctrl-C, as shells give a command ended by SIGINT (128 + 2)."""


def say_error(message: str) -> None:
    """Print ``error: message`` to stderr as one line (no markup, no wrapping)."""
    # Made at each call, not at import: a console reads the width and NO_COLOR when made.
    Console(stderr=True, highlight=False).print(
        Text.assemble(("error:", "red"), " ", message), soft_wrap=True
    )


def fail(message: str, code: int = 2) -> NoReturn:
    """Say `message` as an error and leave the command with exit code `code`."""
    say_error(message)
    raise typer.Exit(code)


def interrupted(done: int, total: int | None) -> NoReturn:
    """Leave a command stopped by Ctrl-C: say how far it got (of `total` games, when
    known), exit 130, no traceback."""
    of = "" if total is None else f" of {total}"
    Console(stderr=True, highlight=False).print(
        f"interrupted after {done}{of} games", markup=False, soft_wrap=True
    )
    raise typer.Exit(INTERRUPTED)

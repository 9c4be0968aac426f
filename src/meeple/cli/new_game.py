"""`meeple new-game NAME`: write a new plugin package that plays and passes the kit.

The writing is `meeple.scaffold.write_game`; this command adds the registry's names
(a new game may not take an installed game's name) and says what to do next.
"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from .errors import fail
from .terminal import make_console

__all__ = ["new_game"]


def new_game(
    name: Annotated[
        str,
        typer.Argument(
            metavar="NAME",
            help="the game's registry name: lower-case words joined by _ (high_card)",
        ),
    ],
    into: Annotated[
        Path | None,
        typer.Option(
            metavar="DIR",
            help="the existing folder to write NAME/ in (default: the current one)",
        ),
    ] = None,
    folder: Annotated[
        Path | None,
        typer.Option(
            "--dir",
            metavar="FOLDER",
            help="the package's own folder instead of DIR/NAME: a new folder, or an empty "
            "one (hidden entries such as .git are kept)",
        ),
    ] = None,
    title: Annotated[
        str | None,
        typer.Option(metavar="TITLE", help="the game's title (default: NAME as words)"),
    ] = None,
) -> None:
    """Write a new game's plugin package NAME/: a tiny playable game, its tests, a README."""
    console = make_console()
    from ..core import registry
    from ..scaffold import ScaffoldError
    from ..scaffold import write_game

    try:
        if folder is not None and into is not None:
            raise ScaffoldError("give --into or --dir, not both")
        taken = registry.default_registry.names()
        target, files = write_game(name, into or Path("."), title, taken=taken, folder=folder)
    except ScaffoldError as err:
        fail(str(err))
    console.print(
        f"wrote {target}/ ({len(files)} files): a meeple plugin, {name}",
        markup=False,
        soft_wrap=True,
    )
    console.print(
        "\n".join(
            [
                "next:",
                f"  cd {target}",
                "  pip install -e '.[test]'",
                "  pytest",
                f"  meeple demo {name}",
                "then make the rules yours: start at the lines marked DECIDE (README.md says more)",
            ]
        ),
        markup=False,
        soft_wrap=True,
    )

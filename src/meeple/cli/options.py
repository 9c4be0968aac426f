"""Options typed on a command line: ``key=value``, and ``key=@FILE`` for data in a file.

An option is data, never a path (DESIGN.md principle 8): the game never opens a
file. The person at the command line may keep data (a custom Miś Wojtek board, say)
in a JSON file; ``key=@FILE`` makes the CLI read it here, explicitly, with a size
cap and from a regular file only, and pass its JSON text as the option's value.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any
from typing import Final

from ..core import InvalidOptionsError
from ..core import parse_option_strings
from ..core.files import UnreadableFileError
from ..core.files import read_capped
from ..core.protocols import Game

__all__ = ["MAX_OPTION_FILE_BYTES", "parse_cli_options"]

MAX_OPTION_FILE_BYTES: Final = 1_000_000
"""Largest file a ``key=@FILE`` option reads."""


def _read(name: str, key: str, where: str) -> str:
    try:
        data = read_capped(where, MAX_OPTION_FILE_BYTES)
    except UnreadableFileError as err:
        raise InvalidOptionsError(f"{name}: option {key}=@{where} {err}") from None
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        raise InvalidOptionsError(f"{name}: option {key}=@{where} is not UTF-8 text") from None


def parse_cli_options(game: Game, items: Iterable[str]) -> Any:
    """The game's options from ``key=value`` strings, ``key=@FILE`` read from a file."""
    name = game.spec.name
    expanded = []
    for item in items:
        key, sep, value = item.partition("=")
        value = value.strip()
        if sep and value.startswith("@"):
            value = _read(name, key.strip(), value[1:])
        expanded.append(f"{key}={value}" if sep else item)
    return parse_option_strings(name, game.options_type, expanded)

"""Miś Wojtek's boards as data: the built-in one, custom ones given as `BoardSpec`,
and the validated tables (`Board`, built and checked in `board_tables`) the rules read.

A board option is a built-in board's name or a `BoardSpec`; never a path. A board
that breaks a fact of the rulebook (one deportation site per colour, every route
reaching Edinburgh through the cities in order) is refused with `BoardError`
naming the problem.
"""

from __future__ import annotations

import json
from functools import cache
from functools import lru_cache
from pathlib import Path
from typing import Any
from typing import Final

import attrs

from meeple.core.files import UnreadableFileError
from meeple.core.files import read_capped

from .board_tables import SPACE_KINDS
from .board_tables import Board
from .board_tables import BoardError
from .board_tables import build_board
from .components import read_data_json

__all__ = [
    "BOARD_FILES",
    "DEFAULT_BOARD",
    "MAX_SPACES",
    "MAX_TEXT",
    "Board",
    "BoardError",
    "BoardSpec",
    "SpaceSpec",
    "load_board",
    "read_board_file",
]


DEFAULT_BOARD = "standard"
"""The board shipped with meeple (designed by us; see docs/rules/wojtek.md)."""

BOARD_FILES: Final = {"standard": "board_standard.json"}
"""Built-in boards by name. A board option is a name from here or a `BoardSpec`:
data, never a path (a program that keeps a board in a file reads it with
`read_board_file`, the CLI with ``board=@FILE``)."""

MAX_SPACES: Final = 400
"""Most spaces a board may have (the standard board has 74)."""
MAX_BOARD_BYTES: Final = 256_000
"""Largest board file `read_board_file` reads."""
MAX_TEXT: Final = 60
"""Longest text field (a name, a title) of a board."""


def _short_text(_: Any, attribute: Any, value: Any) -> None:
    if value is not None and (not isinstance(value, str) or not 0 < len(value) <= MAX_TEXT):
        raise ValueError(f"{attribute.name} must be text of 1-{MAX_TEXT} characters, not {value!r}")


@attrs.frozen
class SpaceSpec:
    """One space of a board given as data (the schema of ``data/board_standard.json``)."""

    id: str = attrs.field(validator=_short_text)
    """Unique id, referred to by other spaces' ``next``."""
    kind: str = attrs.field(validator=lambda _, __, value: _check_kind(value))
    """``start``, ``deportation``, ``route``, ``city`` or ``finish``."""
    name: str | None = attrs.field(default=None, validator=_short_text)
    """Display name (cities and Edinburgh must carry theirs)."""
    colour: str | None = attrs.field(default=None, validator=_short_text)
    """The space's colour; none for Poland and Edinburgh."""
    next: str | None = attrs.field(default=None, validator=_short_text)
    """The id the space's arrow leads to; none for Poland and Edinburgh."""


def _check_kind(value: Any) -> None:
    if value not in SPACE_KINDS:
        raise ValueError(f"space kind {value!r} is an unknown kind (use one of {SPACE_KINDS})")


def _spaces(_: Any, __: Any, value: tuple[SpaceSpec, ...]) -> None:
    if not 1 <= len(value) <= MAX_SPACES:
        raise ValueError(f"a board has 1-{MAX_SPACES} spaces, not {len(value)}")


@attrs.frozen
class BoardSpec:
    """A custom board as data: what the ``board`` option holds when it is not a name.

    Stored inline in the options (and so in every record and state), so a game on a
    custom board replays anywhere. Checked when built: sizes here, the rulebook's
    facts (a site per colour, every route through the cities in order) when used.
    """

    name: str = attrs.field(validator=_short_text)
    """The board's name, for people."""
    spaces: tuple[SpaceSpec, ...] = attrs.field(validator=_spaces)
    """Every space."""

    def to_doc(self) -> dict[str, Any]:
        """The board in the JSON schema of ``data/board_standard.json``."""
        return {"name": self.name, "spaces": [attrs.asdict(space) for space in self.spaces]}

    @classmethod
    def from_doc(cls, doc: Any) -> BoardSpec:
        """A spec from a parsed board document; BoardError names what is wrong."""
        if not isinstance(doc, dict) or not isinstance(doc.get("spaces"), list):
            raise BoardError("wojtek board: expected an object with a list of spaces")
        spaces = doc["spaces"]
        if len(spaces) > MAX_SPACES:
            raise BoardError(f"wojtek board: at most {MAX_SPACES} spaces, not {len(spaces)}")
        try:
            built = []
            for entry in spaces:
                if not isinstance(entry, dict) or set(entry) != {
                    "id",
                    "kind",
                    "name",
                    "colour",
                    "next",
                }:
                    raise BoardError(
                        "wojtek board: each space needs exactly id, kind, name, colour, "
                        f"next: {entry!r}"
                    )
                built.append(SpaceSpec(**entry))
            return cls(doc.get("name", "custom"), tuple(built))
        except (TypeError, ValueError) as err:
            if isinstance(err, BoardError):
                raise
            raise BoardError(f"wojtek board: {err}") from None


def read_board_file(path: str | Path, *, max_bytes: int = MAX_BOARD_BYTES) -> BoardSpec:
    """A board kept in a JSON file, read by the calling program (never by an option).

    Reads at most `max_bytes` (a larger file is refused before it is parsed) from a
    regular file only (no device, pipe or directory), then checks it like any board.
    """
    try:
        data = read_capped(path, max_bytes)
    except UnreadableFileError as err:
        raise BoardError(f"wojtek board file {str(path)!r} {err}") from None
    try:
        doc = json.loads(data.decode("utf-8"))
    except (UnicodeDecodeError, json.JSONDecodeError) as err:
        raise BoardError(f"wojtek board file {str(path)!r} is not JSON text: {err}") from None
    spec = BoardSpec.from_doc(doc)
    load_board(spec)  # the rulebook's facts, checked now rather than at the first move
    return spec


# asked at most steps of the rules: a hit is one C call (a refusal is not kept); the
# one memo of a custom board (a named board's file is read once, by `_named_board`)
@lru_cache(maxsize=64)
def load_board(board: str | BoardSpec = DEFAULT_BOARD) -> Board:
    """The built-in board of that name, or the board a `BoardSpec` describes, validated.

    Never reads a path: a name that is not built in is refused. Cached, so rules
    can look a board up on every step.
    """
    if isinstance(board, BoardSpec):
        return _custom_board(board)
    file = BOARD_FILES.get(board) if isinstance(board, str) else None
    if file is None:
        raise BoardError(
            f"wojtek board {board!r} is not a built-in board (built in: "
            f"{', '.join(BOARD_FILES)}); a custom board is data, see BoardSpec"
        )
    return _named_board(board)


@cache
def _named_board(name: str) -> Board:
    return build_board(read_data_json(BOARD_FILES[name]), name)


def _custom_board(spec: BoardSpec) -> Board:
    return build_board(spec.to_doc(), repr(spec.name))

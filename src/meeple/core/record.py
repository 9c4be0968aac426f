"""A record's JSON document: what `GameRecord` writes and reads, and how.

`GameRecord` itself lives beside `Match` in `meeple.core.match` (a match writes
its record and a record replays into a match, so the two classes make each
other); this module is the layer below both: the document's one description
(`RecordDocument`), read through the codec's strict converter and written as the
converter writes it.
"""

from __future__ import annotations

from typing import Any
from typing import NewType

import attrs
from cattrs.errors import BaseValidationError

from .converter import CONVERTER
from .converter import explain_structure_error
from .errors import CorruptDataError
from .fastpath import structurer
from .fastpath import unstructurer
from .frozen import FrozenObject
from .frozen import freeze
from .thaw import thaw

__all__ = [
    "FrozenObject",
    "JsonValue",
    "RecordDocument",
    "freeze_json",
    "read_document",
    "thaw_json",
    "write_document",
]


freeze_json = freeze
"""Lists become tuples and objects `FrozenObject`s (`meeple.core.frozen.freeze`)."""
thaw_json = thaw
"""Plain JSON values again (`meeple.core.thaw.thaw`)."""


JsonValue = NewType("JsonValue", object)
"""Any JSON value (an option's value may be data, such as a custom board); the
converter takes it as it is and the record freezes it."""


@attrs.frozen
class RecordDocument:
    """The JSON form of a `GameRecord` (inside the codec's ``meeple.GameRecord`` tag).

    The one description of that document: `write_document` writes it and
    `read_document` reads it through the codec's strict converter.
    """

    game: str
    """Registry name of the game."""
    rules_version: str
    """The game's rules version when the record was made."""
    players: int
    """Number of seats."""
    seed: int
    """The seed the match started from."""
    options: dict[str, JsonValue]
    """Options that differ from the defaults, by name."""
    moves: tuple[tuple[int, str], ...]
    """``[player, notation]`` per move, in the order played."""


def write_document(doc: RecordDocument, *, text: bool = False) -> dict[str, Any]:
    """A JSON-able dict (without the codec's tag), written as the codec's converter
    writes it (`text`: for `json` to write at once, see `meeple.core.fastpath`)."""
    return unstructurer(RecordDocument, text=text)(doc)


def read_document(data: dict[str, Any]) -> RecordDocument:
    """The document `data` holds; CorruptDataError if malformed.

    Read by the codec's strict converter (`RecordDocument` is the one description
    of the JSON form), so every field is checked the way states are.
    """
    try:
        doc: RecordDocument | None = structurer(RecordDocument)(data)
    except Exception:  # declined, or refused: the converter decides, and says why
        doc = None
    try:
        if doc is None:
            doc = CONVERTER.structure(data, RecordDocument)
    except BaseValidationError as err:
        reason = explain_structure_error(err)
        raise CorruptDataError(f"a game record is malformed: {reason}") from None
    except (TypeError, ValueError, KeyError, AttributeError) as err:
        raise CorruptDataError(f"a game record is malformed: {err}") from None
    return doc

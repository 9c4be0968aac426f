"""Every JSON body the API reads or writes, as types: the one description of each.

Request bodies are read by the codec's strict converter (``"3"`` is not a whole
number, unknown fields are refused), response bodies are written by it, and the
OpenAPI document's schemas are generated from these same classes
(`meeple.web.schema`). A field added here changes the reading, the writing and
the documentation at once. How a body is written (and the error body every refusal
uses) is in `meeple.web.wire`, below this module and `meeple.web.errors` both.
"""

from __future__ import annotations

import re
from typing import Any

import attrs
import cattrs
from cattrs.errors import BaseValidationError
from cattrs.errors import ForbiddenExtraKeysError

from ..core.converter import CONVERTER
from ..core.record import JsonValue
from .errors import ApiError
from .wire import ErrorBody
from .wire import doc
from .wire import structured
from .wire import write_body

__all__ = [
    "Abandoned",
    "Act",
    "ClosedEvent",
    "CreateMatch",
    "Created",
    "ErrorBody",
    "Legal",
    "LogEntry",
    "MatchView",
    "Played",
    "RecordBody",
    "SeatEntry",
    "SeatKind",
    "VersionEvent",
    "doc",
    "read_body",
    "structured",
    "write_body",
]

_OUTCOME = doc("When over: the Outcome as meeple.dumps writes it.")
"""The description of a body's outcome field."""

DIGITS = "^(0|[1-9][0-9]*)$"
"""A whole number in decimal digits, as a body sends a seed: a seed runs to 2**63 - 1, and
JavaScript's JSON.parse rounds a number past 2**53, so a seed is sent as text."""

SEED_DIGITS = len(str(2**63 - 1))
"""The most digits a seed has; a longer text is refused before it is read as a number."""


# requests ----------------------------------------------------------------------------------


@attrs.frozen
class CreateMatch:
    """``POST /api/matches``."""

    game: str = attrs.field(metadata=doc("A name from GET /api/games."))
    players: int = attrs.field()
    seats: tuple[str, ...] = attrs.field(
        metadata=doc(
            "One per player: human, random, greedy[:worlds=N], or "
            "mcts[:iterations=N][,time_limit=S]."
        )
    )
    options: dict[str, JsonValue] | None = attrs.field(
        default=None,
        metadata=doc(
            "Game options by name: a text, number, true/false or null, or a flat list of "
            "them for a list option (never an object: custom boards come through the CLI)."
        ),
    )
    seed: int | str | None = attrs.field(
        default=None,
        metadata=doc(
            "0 to 2**63 - 1, as a number or in decimal digits (as answers give a seed, so "
            "a seed read from one can be sent back as it is). Default: random.",
            pattern=DIGITS,
        ),
    )

    def seed_number(self) -> int | None:
        """The seed asked for, as a number (its text form is read by `read_body`)."""
        return None if self.seed is None else int(self.seed)


@attrs.frozen
class Act:
    """``POST /api/matches/{id}/act``."""

    action: str = attrs.field(metadata=doc("An action's notation."))
    version: int = attrs.field(metadata=doc("The version the client saw; another gives 409."))
    player: int | None = attrs.field(
        default=None, metadata=doc("Optional; must be the token's seat (else 403).")
    )


# responses ---------------------------------------------------------------------------------


@attrs.frozen
class SeatEntry:
    """One seat of a new match; a human seat's token and join link are shown only here."""

    seat: int
    kind: str
    token: str | None = attrs.field(default=None, metadata=doc("Human seats only."))
    url: str | None = attrs.field(default=None, metadata=doc("The join link."))


@attrs.frozen
class Created:
    """``201`` from ``POST /api/matches``."""

    match: str
    game: str
    players: int
    version: int
    seats: tuple[SeatEntry, ...]
    spectator_url: str


@attrs.frozen
class SeatKind:
    """Who plays a seat."""

    seat: int
    kind: str = attrs.field(metadata=doc("human, or a bot spec."))


@attrs.frozen
class LogEntry:
    """One move of the log as a seat sees it."""

    n: int
    player: int
    move: str | None = attrs.field(metadata=doc("null while the move is secret to you."))


@attrs.frozen
class MatchView:
    """What one seat (or a spectator) may see."""

    match: str
    game: str
    title: str
    version: int = attrs.field(metadata=doc("Moves this seat saw being made so far."))
    seat: int | None
    players: int
    seats: tuple[SeatKind, ...]
    to_act: tuple[int, ...] = attrs.field(
        metadata=doc("The seats this seat's view shows to act (never another's secret turn).")
    )
    over: bool
    prompt: str
    waiting_for_bots: bool
    bot_error: str | None = attrs.field(
        metadata=doc("Why a bot seat failed and what happened next, if one did.")
    )
    closed: str | None = attrs.field(
        metadata=doc("Why the match was closed unfinished, if it was.")
    )
    chosen_seed: str | None = attrs.field(
        metadata=doc(
            "The seed the match was dealt from, if its creator chose it (every hidden card "
            "follows from it, so everyone is told), in decimal digits (a string: it may "
            "exceed 2**53, past which a JSON number is rounded by JavaScript); null if the "
            "server drew it (secret).",
            pattern=DIGITS,
        )
    )
    legal: tuple[str, ...]
    elements: tuple[tuple[str, ...], ...] = attrs.field(
        metadata=doc(
            "Per legal action, in the same order: the ids of the table elements it "
            "involves (data-el in html); empty without the game's elements capability."
        )
    )
    refusals: dict[str, str] = attrs.field(
        metadata=doc(
            "For the seat to act: each element drawn in html that no legal action "
            "involves, and why nothing can be done with it now (the rules' reason)."
        )
    )
    view: dict[str, JsonValue] = attrs.field(metadata=doc("The game's view, codec JSON."))
    text: str = attrs.field(metadata=doc("The game's text picture."))
    html: str = attrs.field(metadata=doc("An HTML picture of the view."))
    log: tuple[LogEntry, ...]
    outcome: dict[str, JsonValue] | None = attrs.field(metadata=_OUTCOME)


@attrs.frozen
class Legal:
    """``GET /api/matches/{id}/legal``."""

    version: int
    seat: int
    prompt: str | None
    actions: tuple[str, ...]


@attrs.frozen
class Played:
    """``POST /api/matches/{id}/act``: the move was stored and played."""

    version: int
    seat: int
    action: str


@attrs.frozen
class Abandoned:
    """``POST /api/matches/{id}/abandon``."""

    match: str
    closed: str | None
    version: int


@attrs.frozen
class RecordBody:
    """``GET /api/matches/{id}/record``."""

    record: dict[str, JsonValue] = attrs.field(
        metadata=doc("The GameRecord as meeple.dumps writes it; meeple.loads replays it.")
    )
    seed: str = attrs.field(
        metadata=doc(
            "The record's seed in decimal digits: the record, the codec's document, holds "
            "it as a JSON number, which JavaScript rounds past 2**53.",
            pattern=DIGITS,
        )
    )
    over: bool
    closed: str | None
    outcome: dict[str, JsonValue] | None = attrs.field(metadata=_OUTCOME)


@attrs.frozen
class VersionEvent:
    """A ``version`` event of ``/api/matches/{id}/events``: the match changed."""

    version: int
    over: bool


@attrs.frozen
class ClosedEvent:
    """A ``closed`` event: the server ended the stream, and why."""

    reason: str


# reading and writing -----------------------------------------------------------------------


def _describe(exc: BaseException, _type: Any) -> str:
    if isinstance(exc, KeyError):
        return "is required"
    return str(exc) or type(exc).__name__


def _seed(value: object, _type: Any) -> int | None:
    """A seed as a request may give it: a JSON whole number, or a text of decimal digits.

    The text is read only if it is short enough to be a seed and digits only, so a
    request buys no long conversion; the range is checked with the other fields."""
    if value is None or (isinstance(value, int) and not isinstance(value, bool)):
        return value
    if not isinstance(value, str):
        raise ValueError("must be a whole number or a text of decimal digits")
    if len(value) > SEED_DIGITS or not re.fullmatch(DIGITS, value):
        raise ValueError(f"must be at most {SEED_DIGITS} digits, with no sign, space or leading 0")
    return int(value)


def _reader() -> cattrs.Converter:
    """The codec's strict converter, reading a seed in either form (`_seed`)."""
    reader = CONVERTER.copy()
    reader.register_structure_hook(int | str | None, _seed)
    return reader


_READER = _reader()


def read_body(data: dict[str, Any], kind: type[Any]) -> Any:
    """`data` (a parsed JSON object) as a `kind`; 422 naming each field that is wrong."""
    try:
        return _READER.structure(data, kind)
    except ForbiddenExtraKeysError as err:
        return _unexpected(err, kind)
    except BaseValidationError as err:
        extra = _extra(err)
        if extra is not None:
            return _unexpected(extra, kind)
        problems = []
        for line in cattrs.transform_error(err, format_exception=_describe):
            message, _, where = line.rpartition(" @ $.")
            problems.append(f"field {where!r} {message}" if where else line)
        raise ApiError(422, "; ".join(problems)[:500]) from None


def _unexpected(err: ForbiddenExtraKeysError, kind: type[Any]) -> Any:
    allowed = sorted(f.name for f in attrs.fields(kind))
    raise ApiError(422, f"unexpected fields {sorted(err.extra_fields)[:10]}; allowed: {allowed}")


def _extra(err: BaseException) -> ForbiddenExtraKeysError | None:
    """The forbidden-extra-keys error inside a validation group, if there is one."""
    for inner in getattr(err, "exceptions", ()):
        if isinstance(inner, ForbiddenExtraKeysError):
            return inner
    return None

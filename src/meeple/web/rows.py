"""What the match store's rows are, and how every value read back is checked.

Kept apart from `meeple.web.store` (which runs the queries) so the schema, the
row types and the checks on stored values can be read in one place, and so the
migration from the old schema (`meeple.web.migrate`) writes rows exactly the way
new matches are written. Every check raises `CorruptDataError` for one match
alone: text that is not UTF-8, JSON that does not parse, seats that do not match
the tokens.
"""

from __future__ import annotations

import json
import sqlite3
from typing import Any

import attrs

from ..core.codec import dumps
from ..core.codec import loads
from ..core.converter import CONVERTER
from ..core.errors import CorruptDataError
from ..core.errors import MeepleError
from ..core.match import GameRecord

__all__ = [
    "ADD_SEED_CHOSEN",
    "SCHEMA_VERSION",
    "STATEMENTS",
    "Counts",
    "Created",
    "NewMatch",
    "OpenMatch",
    "StoreError",
    "StoredMatch",
    "decode_record",
    "decode_seats",
    "insert_rows",
    "lenient_id",
    "optional_text",
    "stored_text",
]

SCHEMA_VERSION = 3
"""``PRAGMA user_version`` of the current schema (the old one-row-per-match schema is 0;
2 is this one without ``seed_chosen``, which `meeple.web.store` adds in place)."""

SCHEMA = """
CREATE TABLE IF NOT EXISTS matches (
    id        TEXT PRIMARY KEY,
    game      TEXT NOT NULL,
    seats     TEXT NOT NULL,   -- JSON list: "human" or a bot spec per seat
    tokens    TEXT NOT NULL,   -- JSON list: hex SHA-256 of each human seat's token, else null
    header    TEXT NOT NULL,   -- meeple.dumps(GameRecord) without its moves
    client    TEXT NOT NULL,   -- the address that created it (per-client limits)
    status    TEXT NOT NULL,   -- 'open', 'over' or 'abandoned'
    closed    TEXT,            -- why an unfinished match was closed
    bot_error TEXT,            -- why a bot seat stopped playing, as shown to the players
    version   INTEGER NOT NULL,
    created   REAL NOT NULL,
    updated   REAL NOT NULL,   -- the time of the last move (or of the creation)
    seed_chosen INTEGER NOT NULL DEFAULT 0  -- 1: its creator chose the seed (told to all)
);
CREATE INDEX IF NOT EXISTS matches_by_status ON matches (status, updated);
CREATE INDEX IF NOT EXISTS matches_by_client ON matches (client, status);
CREATE TABLE IF NOT EXISTS moves (
    match_id TEXT NOT NULL,
    n        INTEGER NOT NULL,  -- 1 for the first move
    player   INTEGER NOT NULL,
    notation TEXT NOT NULL,
    PRIMARY KEY (match_id, n)
) WITHOUT ROWID;
"""
ADD_SEED_CHOSEN = "ALTER TABLE matches ADD COLUMN seed_chosen INTEGER NOT NULL DEFAULT 0"
"""Schema 2 to 3, in place: the column every match of schema 2 gets, as a drawn seed."""
# one statement at a time: executescript would commit an open transaction first
STATEMENTS = [part.strip() for part in SCHEMA.split(";") if part.strip()]
"""The schema, one statement at a time."""


class StoreError(Exception):
    """The database file as a whole cannot be used (not a database, unreadable, read-only)."""


@attrs.frozen
class Counts:
    """How many matches the database holds, by status."""

    open: int
    """Unfinished and not closed."""
    over: int
    """Finished."""
    abandoned: int
    """Closed unfinished (idle too long, or abandoned by a player)."""
    legacy_damaged: int
    """Rows of the old schema that could not be migrated (left in ``matches_v1``)."""


@attrs.frozen
class OpenMatch:
    """An unfinished match as the operator sees it (``meeple matches list``)."""

    id: str
    game: str
    client: str
    """The client key of the address that created it."""
    version: int
    """Moves played."""
    created: float
    """When it was created (Unix time)."""
    updated: float
    """When its last move was played (Unix time; its creation if none)."""


@attrs.frozen
class Created:
    """What `Store.create` did: the match stored, or why not."""

    stored: bool
    """Whether the match was stored."""
    refusal: str | None = None
    """``"client"``, ``"network"`` or ``"total"``: which cap refused it."""
    wait: float | None = None
    """With a ``"total"`` refusal: seconds until the longest-idle match may give way."""
    gave_way: str | None = None
    """The id of the idle match closed to make room for this one, if one was."""


def stored_text(value: Any, what: str) -> str:
    """A stored text value; CorruptDataError if it is not valid UTF-8 text."""
    if isinstance(value, bytes):
        try:
            return value.decode("utf-8")
        except UnicodeDecodeError as err:
            raise CorruptDataError(f"{what} is not UTF-8 text ({err.reason})") from None
    if isinstance(value, str):
        return value
    raise CorruptDataError(f"{what} is not text but {type(value).__name__}")


def optional_text(value: Any, what: str) -> str | None:
    """A stored text value or NULL; CorruptDataError if it is not valid UTF-8 text."""
    return None if value is None else stored_text(value, what)


def decode_seats(seats_raw: Any, tokens_raw: Any, match_id: str) -> tuple[list[str], list[Any]]:
    """The seat kinds and token hashes of a stored match, checked against each other."""
    try:
        seats = CONVERTER.structure(json.loads(stored_text(seats_raw, "seats")), list[str])
        tokens = CONVERTER.structure(
            json.loads(stored_text(tokens_raw, "tokens")), list[str | None]
        )
    except (ValueError, TypeError) as err:  # not JSON, or the converter's refusal
        raise CorruptDataError(f"stored match {match_id}: bad seat data: {err}") from None
    if len(seats) != len(tokens):
        raise CorruptDataError(f"stored match {match_id}: seats and tokens do not match")
    return seats, tokens


def decode_record(text: str, what: str) -> GameRecord:
    """A stored `GameRecord`; CorruptDataError (naming `what`) if it does not decode."""
    try:
        record = loads(text)
    except MeepleError as err:
        raise CorruptDataError(f"{what}: {err}") from None
    except (ValueError, RecursionError) as err:
        raise CorruptDataError(f"{what}: {err}") from None
    if not isinstance(record, GameRecord):
        raise CorruptDataError(f"{what} holds no game record")
    return record


@attrs.frozen
class NewMatch:
    """A match about to be stored: what its rows are written from."""

    id: str
    """The match id."""
    seats: tuple[str, ...]
    """``"human"`` or a bot spec, per seat."""
    token_hashes: tuple[str | None, ...]
    """Hex SHA-256 of each human seat's token; None for bot seats."""
    record: GameRecord
    """The game so far, all a replay needs (its moves are the move rows)."""
    client: str = ""
    """The client key of the address that created it ("" if unknown: a migrated match)."""
    seed_chosen: bool = False
    """Whether its creator chose the seed (every seat is then shown it); False for a
    seed the server drew, and for a match stored before this was recorded."""


@attrs.frozen
class StoredMatch(NewMatch):
    """One match, decoded and checked: what its rows were written from, and what the
    server has noted of it since."""

    status: str = "open"
    """``open``, ``over`` or ``abandoned``."""
    closed: str | None = None
    """Why an unfinished match was closed, if it was."""
    bot_error: str | None = None
    """Why a bot seat stopped playing, if one did (as shown to the players)."""


def insert_rows(
    db: sqlite3.Connection, new: NewMatch, *, status: str, created: float, updated: float
) -> None:
    """Write a match as rows: its header (the record without moves) and one row per move."""
    record = new.record
    header = attrs.evolve(record, moves=())
    db.execute(
        "INSERT INTO matches (id, game, seats, tokens, header, client, status, version, "
        "created, updated, seed_chosen) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
        (
            new.id,
            record.game,
            json.dumps(list(new.seats)),
            json.dumps(list(new.token_hashes)),
            dumps(header),
            new.client,
            status,
            len(record.moves),
            created,
            updated,
            int(new.seed_chosen),
        ),
    )
    db.executemany(
        "INSERT INTO moves (match_id, n, player, notation) VALUES (?, ?, ?, ?)",
        ((new.id, n, p, text) for n, (p, text) in enumerate(record.moves, start=1)),
    )


def lenient_id(raw: Any) -> str:
    """An id for logs and keys, even if it is not valid UTF-8."""
    if isinstance(raw, bytes):
        return raw.decode("utf-8", errors="backslashreplace")
    return str(raw)

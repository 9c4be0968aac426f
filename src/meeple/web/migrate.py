"""Databases of the old schema (one ``matches`` row holding a whole record) become the new one.

Kept apart from the store because it runs once per old database and never
again: rows that decode become header and move rows (written by the same
`insert_rows` as new matches); rows that do not are left untouched in the table
``matches_v1`` and reported, so nothing is lost to a bad migration.
"""

from __future__ import annotations

import sqlite3
import time
from typing import Any

from ..core.errors import CorruptDataError
from .rows import SCHEMA_VERSION
from .rows import STATEMENTS
from .rows import NewMatch
from .rows import decode_record
from .rows import decode_seats
from .rows import insert_rows
from .rows import stored_text

__all__ = ["legacy_problems", "migrate_v1"]


def migrate_v1(db: sqlite3.Connection) -> None:
    """Move every old-schema row that decodes into the new tables (one transaction)."""
    db.execute("BEGIN IMMEDIATE")
    try:
        db.execute("ALTER TABLE matches RENAME TO matches_v1")
        for statement in STATEMENTS:
            db.execute(statement)
        rows = db.execute(
            "SELECT rowid, id, game, seats, tokens, record, over, created, updated FROM matches_v1"
        ).fetchall()
        for rowid, *row in rows:
            try:
                _migrate_row(db, *row)
            except CorruptDataError:
                continue  # left in matches_v1 and reported by legacy_problems
            db.execute("DELETE FROM matches_v1 WHERE rowid = ?", (rowid,))
        (left,) = db.execute("SELECT COUNT(*) FROM matches_v1").fetchone()
        if left == 0:
            db.execute("DROP TABLE matches_v1")
        db.execute(f"PRAGMA user_version = {SCHEMA_VERSION}")
        db.execute("COMMIT")
    except BaseException:
        db.execute("ROLLBACK")
        raise


def _migrate_row(
    db: sqlite3.Connection,
    id_raw: Any,
    game_raw: Any,
    seats_raw: Any,
    tokens_raw: Any,
    record_raw: Any,
    over: Any,
    created: Any,
    updated: Any,
) -> None:
    match_id = stored_text(id_raw, "match id")
    seats, tokens = decode_seats(seats_raw, tokens_raw, match_id)
    record = decode_record(stored_text(record_raw, "record"), f"stored match {match_id}")
    if len(seats) != record.players:
        raise CorruptDataError(f"stored match {match_id}: seat count is not the player count")
    when = time.time()
    insert_rows(
        db,
        NewMatch(match_id, tuple(seats), tuple(tokens), record),
        status="over" if over else "open",
        created=float(created) if isinstance(created, int | float) else when,
        updated=float(updated) if isinstance(updated, int | float) else when,
    )


def legacy_problems(db: sqlite3.Connection) -> list[tuple[str, str]]:
    """``(id, reason)`` of the old-schema rows left in ``matches_v1``."""
    problems: list[tuple[str, str]] = []
    try:
        rows = db.execute(
            "SELECT id, seats, tokens, record FROM matches_v1 ORDER BY rowid"
        ).fetchall()
    except sqlite3.OperationalError:
        return problems  # no table left: everything was migrated
    for id_raw, seats_raw, tokens_raw, record_raw in rows:
        label = repr(id_raw)
        try:
            label = stored_text(id_raw, "match id")
            decode_seats(seats_raw, tokens_raw, label)
            decode_record(stored_text(record_raw, "record"), f"stored match {label}")
            reason = "could not be migrated"
        except CorruptDataError as err:
            reason = str(err)
        problems.append((label, reason))
    return problems

"""SQLite persistence: each match is its game record plus its seats, never a pickle.

A match is stored as the `GameRecord` JSON the codec writes (game, rules
version, seed, options, moves in notation), the seat kinds, and a SHA-256 hash
of each human seat's token. On restart a match is rebuilt by replaying its
record, so a record that no longer replays is reported, not trusted.
"""

from __future__ import annotations

import json
import sqlite3
import threading
import time
from pathlib import Path

import attrs

from ..core.codec import dumps, loads
from ..core.errors import CorruptDataError
from ..core.record import GameRecord

__all__ = ["Store", "StoredMatch"]

_SCHEMA = """
CREATE TABLE IF NOT EXISTS matches (
    id      TEXT PRIMARY KEY,
    game    TEXT NOT NULL,
    seats   TEXT NOT NULL,   -- JSON list: "human" or a bot spec per seat
    tokens  TEXT NOT NULL,   -- JSON list: hex SHA-256 of each human seat's token, else null
    record  TEXT NOT NULL,   -- meeple.dumps(GameRecord)
    version INTEGER NOT NULL,
    over    INTEGER NOT NULL,
    created REAL NOT NULL,
    updated REAL NOT NULL
)
"""


@attrs.frozen
class StoredMatch:
    """One row, decoded and checked."""

    id: str
    """The match id."""
    seats: tuple[str, ...]
    """``"human"`` or a bot spec, per seat."""
    token_hashes: tuple[str | None, ...]
    """Hex SHA-256 of each human seat's token; None for bot seats."""
    record: GameRecord
    """Everything needed to replay the match."""


class Store:
    """A thread-safe wrapper around one SQLite connection (``":memory:"`` for tests)."""

    def __init__(self, path: str | Path) -> None:
        self.path = str(path)
        """The database file."""
        self._lock = threading.Lock()
        self._db = sqlite3.connect(self.path, check_same_thread=False, isolation_level=None)
        if self.path != ":memory:":
            self._db.execute("PRAGMA journal_mode=WAL")
        self._db.execute("PRAGMA synchronous=NORMAL")
        self._db.execute(_SCHEMA)

    def insert(
        self,
        match_id: str,
        seats: tuple[str, ...],
        token_hashes: tuple[str | None, ...],
        record: GameRecord,
        *,
        over: bool,
    ) -> None:
        """Store a new match."""
        now = time.time()
        with self._lock:
            self._db.execute(
                "INSERT INTO matches VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
                (
                    match_id,
                    record.game,
                    json.dumps(list(seats)),
                    json.dumps(list(token_hashes)),
                    dumps(record),
                    len(record.moves),
                    int(over),
                    now,
                    now,
                ),
            )

    def update(self, match_id: str, record: GameRecord, *, over: bool) -> None:
        """Store a match's record after a move."""
        with self._lock:
            self._db.execute(
                "UPDATE matches SET record = ?, version = ?, over = ?, updated = ? WHERE id = ?",
                (dumps(record), len(record.moves), int(over), time.time(), match_id),
            )

    def load(self, match_id: str) -> StoredMatch | None:
        """The stored match, None if there is none; CorruptDataError if the row is damaged."""
        with self._lock:
            row = self._db.execute(
                "SELECT seats, tokens, record FROM matches WHERE id = ?", (match_id,)
            ).fetchone()
        if row is None:
            return None
        seats_text, tokens_text, record_text = row
        try:
            seats = json.loads(seats_text)
            tokens = json.loads(tokens_text)
        except ValueError as err:
            raise CorruptDataError(f"stored match {match_id}: bad seat data: {err}") from None
        if not (
            isinstance(seats, list)
            and isinstance(tokens, list)
            and len(seats) == len(tokens)
            and all(isinstance(s, str) for s in seats)
            and all(t is None or isinstance(t, str) for t in tokens)
        ):
            raise CorruptDataError(f"stored match {match_id}: seats and tokens do not match")
        record = loads(record_text)
        if not isinstance(record, GameRecord):
            raise CorruptDataError(f"stored match {match_id} holds no game record")
        return StoredMatch(match_id, tuple(seats), tuple(tokens), record)

    def count_unfinished(self) -> int:
        """Matches not over yet (what `Limits.max_matches` counts)."""
        with self._lock:
            (count,) = self._db.execute("SELECT COUNT(*) FROM matches WHERE over = 0").fetchone()
        return int(count)

    def unfinished_ids(self) -> tuple[str, ...]:
        """Ids of the matches not over yet, oldest first (bots resume these on start)."""
        with self._lock:
            rows = self._db.execute(
                "SELECT id FROM matches WHERE over = 0 ORDER BY created"
            ).fetchall()
        return tuple(str(r[0]) for r in rows)

    def close(self) -> None:
        """Close the connection."""
        with self._lock:
            self._db.close()

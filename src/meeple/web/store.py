"""SQLite persistence: a header row per match and one row per move, never a pickle.

A match is stored as a header (the `GameRecord` JSON the codec writes, without
its moves: game, rules version, seed, options), the seat kinds, a SHA-256 hash of
each human seat's token, who created it, and its status; each move is one row
``(match, number, player, notation)``. A move costs one small insert and one
small update whatever the length of the game (the old schema rewrote the whole
record on every move). On restart a match is rebuilt by replaying its moves, so
a record that no longer replays is reported, not trusted.

Every value read back is checked: text that is not UTF-8, JSON that does not
parse, seats that do not match the tokens, moves with gaps all raise
`CorruptDataError` for that match alone. A file that is not a database at all
raises `StoreError` with a one-line message.

Databases of the old schema (one ``matches`` table holding whole records) are
migrated when opened (`meeple.web.migrate`). The schema, the row types and the
checks on values read back are in `meeple.web.rows`; this module runs the queries.

The class is not async: the web server calls it from one dedicated thread, so
SQLite never runs on the event loop. WAL mode with ``synchronous=NORMAL``: a
committed move survives the process being killed (kill -9); a power cut may
lose the last moves (use ``PRAGMA synchronous=FULL`` where that matters).
"""

from __future__ import annotations

import json
import sqlite3
import threading
import time
from collections.abc import Callable
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import attrs

from ..core.errors import CorruptDataError
from .match_cap import Caps
from .match_cap import Room
from .match_cap import judge
from .match_cap import network_of
from .migrate import legacy_problems
from .migrate import migrate_v1
from .rows import ADD_SEED_CHOSEN
from .rows import SCHEMA_VERSION
from .rows import STATEMENTS
from .rows import Counts
from .rows import Created
from .rows import NewMatch
from .rows import OpenMatch
from .rows import StoredMatch
from .rows import StoreError
from .rows import decode_record
from .rows import decode_seats
from .rows import insert_rows
from .rows import lenient_id
from .rows import optional_text
from .rows import stored_text

__all__ = [
    "PRUNE_BATCH",
    "SCHEMA_VERSION",
    "Counts",
    "Created",
    "NewMatch",
    "OpenMatch",
    "Store",
    "StoreError",
    "StoredMatch",
]

PRUNE_BATCH = 500
"""Finished matches one `Store.prune` deletes at most: the sweep deletes them in turns."""


class Store:
    """One SQLite connection, safe to call from any thread (``":memory:"`` for tests)."""

    def __init__(self, path: str | Path) -> None:
        self.path = str(path)
        """The database file."""
        self._lock = threading.RLock()
        self.migration_problems: list[tuple[str, str]] = []
        """``(id, reason)`` of old-schema rows that could not be migrated, found at opening."""
        try:
            self._db = sqlite3.connect(self.path, check_same_thread=False, isolation_level=None)
        except sqlite3.Error as err:
            raise StoreError(self._problem(err)) from None
        try:
            self._db.text_factory = bytes  # decoded by hand, so bad UTF-8 is one bad row
            self._open()
        except sqlite3.Error as err:
            self._db.close()
            raise StoreError(self._problem(err)) from None

    def _problem(self, err: Exception) -> str:
        return f"cannot open the match database {self.path}: {err}"

    def _open(self) -> None:
        db = self._db
        db.execute("PRAGMA busy_timeout = 5000")
        if self.path != ":memory:":
            db.execute("PRAGMA journal_mode=WAL")
        db.execute("PRAGMA synchronous=NORMAL")
        tables = {
            stored_text(row[0], "table name")
            for row in db.execute("SELECT name FROM sqlite_master WHERE type = 'table'")
        }
        columns: set[str] = set()
        if "matches" in tables:
            info = db.execute("PRAGMA table_info(matches)")
            columns = {stored_text(r[1], "column") for r in info}
        if "record" in columns:
            migrate_v1(self._db)
        else:
            for statement in STATEMENTS:
                db.execute(statement)
            if columns and "seed_chosen" not in columns:  # schema 2: its matches' seeds
                db.execute(ADD_SEED_CHOSEN)  # are taken as drawn (it did not record them)
            db.execute(f"PRAGMA user_version = {SCHEMA_VERSION}")
        if "matches_v1" in tables or "record" in columns:
            self.migration_problems = legacy_problems(self._db)

    # writing ------------------------------------------------------------------------------

    def _transaction(self, work: Callable[[], Any]) -> Any:
        with self._lock:
            self._db.execute("BEGIN IMMEDIATE")
            try:
                result = work()
            except BaseException:
                self._db.execute("ROLLBACK")
                raise
            self._db.execute("COMMIT")
            return result

    def insert(self, new: NewMatch, *, over: bool) -> None:
        """Store a new match (with any moves its record already has)."""
        self._transaction(lambda: self._write(new, "over" if over else "open"))

    def create(self, new: NewMatch, caps: Caps, give_way_reason: str) -> Created:
        """Store a new match unless a cap refuses it (`meeple.web.match_cap.judge`); at the
        server's cap the longest-idle match may be closed first, with `give_way_reason`.
        Counted, judged and written in one transaction."""

        def work() -> Created:
            now = time.time()
            room, oldest_rowid = self._room(new.client, caps, now)
            if room.refusal is not None:
                return Created(False, room.refusal, wait=room.wait)
            if room.give_way is not None:
                self._db.execute(
                    "UPDATE matches SET status = 'abandoned', closed = ? "
                    "WHERE rowid = ? AND status = 'open'",
                    (give_way_reason, oldest_rowid),
                )
            self._write(new, "open")
            return Created(True, gave_way=room.give_way)

        result: Created = self._transaction(work)
        return result

    def _room(self, client: str, caps: Caps, now: float) -> tuple[Room, int | None]:
        """The cap's judgement on one more match of `client`, and the rowid of the
        longest-idle open match."""
        by_client = self._db.execute(
            "SELECT client, COUNT(*) FROM matches WHERE status = 'open' GROUP BY client"
        ).fetchall()
        counts = {lenient_id(who): int(n) for who, n in by_client}
        network = network_of(client)
        row = self._db.execute(
            "SELECT rowid, id, updated FROM matches WHERE status = 'open' "
            "ORDER BY updated, rowid LIMIT 1"
        ).fetchone()
        oldest = None
        if row is not None and isinstance(row[2], int | float):
            oldest = (lenient_id(row[1]), float(row[2]))
        room = judge(
            caps,
            total=sum(counts.values()),
            mine=counts.get(client, 0),
            network=sum(n for who, n in counts.items() if network_of(who) == network),
            oldest=oldest,
            now=now,
        )
        return room, None if row is None else int(row[0])

    def _write(self, new: NewMatch, status: str) -> None:
        now = time.time()
        insert_rows(self._db, new, status=status, created=now, updated=now)

    def append_move(
        self, match_id: str, n: int, player: int, notation: str, *, over: bool, seen: bool = True
    ) -> bool:
        """Store move number `n` of an open match; False (nothing written) if it is not open
        at version ``n - 1`` any more (closed meanwhile).

        A move the table does not see being made (a secret decline) leaves the time
        of the last move alone: the idle close, the full server's choice and retention
        count from it, and would tell when such a move was made."""

        def work() -> bool:
            cursor = self._db.execute(
                "UPDATE matches SET version = ?, status = ?, "
                "updated = CASE WHEN ? THEN ? ELSE updated END "
                "WHERE id = ? AND version = ? AND status = 'open'",
                (n, "over" if over else "open", seen, time.time(), match_id, n - 1),
            )
            if cursor.rowcount != 1:
                return False
            self._db.execute(
                "INSERT INTO moves (match_id, n, player, notation) VALUES (?, ?, ?, ?)",
                (match_id, n, player, notation),
            )
            return True

        done: bool = self._transaction(work)
        return done

    def set_bot_error(self, match_id: str, seats: tuple[str, ...], message: str) -> None:
        """Record a bot failure shown to the players, and the seat kinds after it."""
        with self._lock:
            self._db.execute(
                "UPDATE matches SET seats = ?, bot_error = ? WHERE id = ?",
                (json.dumps(list(seats)), message, match_id),
            )

    def close_match(self, match_id: str, reason: str) -> bool:
        """Close an open match as abandoned; False if it was not open."""
        with self._lock:
            cursor = self._db.execute(
                "UPDATE matches SET status = 'abandoned', closed = ? "
                "WHERE id = ? AND status = 'open'",
                (reason, match_id),
            )
        return cursor.rowcount == 1

    def expire(self, idle_before: float, reason: str) -> tuple[str, ...]:
        """Close every open match with no move since `idle_before`; their ids."""

        def work() -> tuple[str, ...]:
            rows = self._db.execute(
                "SELECT id FROM matches WHERE status = 'open' AND updated < ?", (idle_before,)
            ).fetchall()
            self._db.execute(
                "UPDATE matches SET status = 'abandoned', closed = ? "
                "WHERE status = 'open' AND updated < ?",
                (reason, idle_before),
            )
            return tuple(lenient_id(r[0]) for r in rows)

        ids: tuple[str, ...] = self._transaction(work)
        return ids

    def prune(self, finished_before: float, keep: int, batch: int = PRUNE_BATCH) -> tuple[str, ...]:
        """Delete up to `batch` finished or abandoned matches last moved before
        `finished_before`, or beyond the `keep` most recent; their ids."""

        def work() -> tuple[str, ...]:
            rows = self._db.execute(
                "SELECT rowid, id FROM matches WHERE status != 'open' AND (updated < ? OR "
                "rowid IN (SELECT rowid FROM matches WHERE status != 'open' "
                "  ORDER BY updated DESC, rowid DESC LIMIT -1 OFFSET ?)) LIMIT ?",
                (finished_before, keep, batch),
            ).fetchall()
            for rowid, _ in rows:  # by rowid: an id that is not UTF-8 is deleted all the same
                self._db.execute(
                    "DELETE FROM moves WHERE match_id = (SELECT id FROM matches WHERE rowid = ?)",
                    (rowid,),
                )
                self._db.execute("DELETE FROM matches WHERE rowid = ?", (rowid,))
            return tuple(lenient_id(raw) for _, raw in rows)

        ids: tuple[str, ...] = self._transaction(work)
        return ids

    # reading ------------------------------------------------------------------------------

    def load(self, match_id: str) -> StoredMatch | None:
        """The stored match, None if there is none; CorruptDataError if any of it is damaged."""
        try:
            with self._lock:
                header_rows = self._db.cursor()
                header_rows.row_factory = sqlite3.Row  # read by name: a column order is no contract
                row = header_rows.execute(
                    "SELECT seats, tokens, header, status, closed, bot_error, version, client, "
                    "seed_chosen FROM matches WHERE id = ?",
                    (match_id,),
                ).fetchone()
                if row is None:
                    return None
                moves = self._db.execute(
                    "SELECT n, player, notation FROM moves WHERE match_id = ? ORDER BY n",
                    (match_id,),
                ).fetchall()
        except sqlite3.DatabaseError as err:  # a damaged page: this match, not the server
            raise CorruptDataError(f"stored match {match_id} cannot be read: {err}") from None
        seats, tokens = decode_seats(row["seats"], row["tokens"], match_id)
        header = decode_record(stored_text(row["header"], "header"), f"stored match {match_id}")
        status = stored_text(row["status"], "status")
        if status not in ("open", "over", "abandoned"):
            raise CorruptDataError(f"stored match {match_id} has the unknown status {status!r}")
        played = []
        for expected, (n, player, notation_raw) in enumerate(moves, start=1):
            if n != expected or isinstance(player, bool) or not isinstance(player, int):
                raise CorruptDataError(f"stored match {match_id}: move {expected} is missing")
            played.append((player, stored_text(notation_raw, f"move {n} of match {match_id}")))
        version = row["version"]
        if version != len(played) or header.moves:
            raise CorruptDataError(
                f"stored match {match_id}: {len(played)} moves stored for version {version}"
            )
        if len(seats) != header.players:
            raise CorruptDataError(f"stored match {match_id}: seat count is not the player count")
        return StoredMatch(
            id=match_id,
            seats=tuple(seats),
            token_hashes=tuple(tokens),
            record=attrs.evolve(header, moves=tuple(played)),
            client=lenient_id(row["client"]),
            seed_chosen=row["seed_chosen"] == 1,
            status=status,
            closed=optional_text(row["closed"], "closed"),
            bot_error=optional_text(row["bot_error"], "bot_error"),
        )

    def closed_among(self, match_ids: Sequence[str]) -> dict[str, str]:
        """Of `match_ids`, those closed in the store (by the operator, say): id -> why."""
        closed: dict[str, str] = {}
        with self._lock:
            for start in range(0, len(match_ids), 500):
                batch = list(match_ids[start : start + 500])
                marks = ", ".join("?" * len(batch))
                rows = self._db.execute(
                    "SELECT id, closed FROM matches "
                    f"WHERE status = 'abandoned' AND id IN ({marks})",
                    batch,
                ).fetchall()
                for raw_id, raw_reason in rows:
                    closed[lenient_id(raw_id)] = lenient_id(raw_reason or b"closed")
        return closed

    def open_matches(self) -> tuple[OpenMatch, ...]:
        """Every open match, the longest idle first (for the operator)."""
        with self._lock:
            rows = self._db.execute(
                "SELECT id, game, client, version, created, updated FROM matches "
                "WHERE status = 'open' ORDER BY updated, rowid"
            ).fetchall()
        return tuple(
            OpenMatch(
                lenient_id(raw_id),
                lenient_id(game),
                lenient_id(client),
                version if isinstance(version, int) else 0,
                float(created) if isinstance(created, int | float) else 0.0,
                float(updated) if isinstance(updated, int | float) else 0.0,
            )
            for raw_id, game, client, version, created, updated in rows
        )

    def close_open(self, match_ids: Sequence[str], reason: str) -> int:
        """Close these matches as abandoned if they are open; how many were."""
        closed = 0
        with self._lock:
            for match_id in match_ids:
                closed += self.close_match(match_id, reason)
        return closed

    def open_ids(self) -> tuple[tuple[str | None, str], ...]:
        """``(id, label)`` of the open matches, oldest first; id None if it is not text."""
        with self._lock:
            rows = self._db.execute(
                "SELECT id FROM matches WHERE status = 'open' ORDER BY created"
            ).fetchall()
        out: list[tuple[str | None, str]] = []
        for (raw,) in rows:
            try:
                out.append((stored_text(raw, "match id"), lenient_id(raw)))
            except CorruptDataError:
                out.append((None, lenient_id(raw)))
        return tuple(out)

    def counts(self) -> Counts:
        """Matches by status."""
        with self._lock:
            rows = self._db.execute("SELECT status, COUNT(*) FROM matches GROUP BY status")
            by_status = {lenient_id(status): int(n) for status, n in rows.fetchall()}
            legacy = 0
            if self._db.execute(
                "SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'matches_v1'"
            ).fetchone():
                (legacy,) = self._db.execute("SELECT COUNT(*) FROM matches_v1").fetchone()
        return Counts(
            open=by_status.get("open", 0),
            over=by_status.get("over", 0),
            abandoned=by_status.get("abandoned", 0),
            legacy_damaged=int(legacy),
        )

    def count_unfinished(self) -> int:
        """Open matches (what `Limits.max_matches` counts)."""
        return self.counts().open

    def close(self) -> None:
        """Close the connection."""
        with self._lock:
            self._db.close()

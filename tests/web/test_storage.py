"""Storage: append-only moves off the event loop, old databases migrated, damage contained.

Issue 14 item 4: every move rewrote the whole record on the event loop (a 9,921
move match wrote 1.6 GB). Item 5: one damaged row stopped the server from
starting, a damaged finished match was a plain-text 500, and a damaged file gave
a traceback.
"""

from __future__ import annotations

import json
import logging
import socket
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

import meeple
from meeple.core.errors import CorruptDataError
from meeple.web import Limits
from meeple.web import create_app
from meeple.web.rows import decode_seats
from meeple.web.store import Store

from ..shared import number
from ..shared import says
from .support import LiveServer
from .support import act
from .support import bearer
from .support import create_over_http
from .support import edited
from .support import http_from
from .support import hub_of
from .support import live_server
from .support import refused
from .support import settle

# The schema `meeple serve` used before moves were stored one row each (version 1).
OLD_SCHEMA = """
CREATE TABLE IF NOT EXISTS matches (
    id      TEXT PRIMARY KEY,
    game    TEXT NOT NULL,
    seats   TEXT NOT NULL,
    tokens  TEXT NOT NULL,
    record  TEXT NOT NULL,
    version INTEGER NOT NULL,
    over    INTEGER NOT NULL,
    created REAL NOT NULL,
    updated REAL NOT NULL
)
"""


def trace(server: LiveServer, callback: Statements | None) -> None:
    """Watch every statement on the server's SQLite connection (None stops watching).

    Set in the store's own thread: set from this one while the store ran a statement,
    Python 3.13 deadlocked (this thread held the GIL waiting for the connection, whose
    statement's trace callback waited for the GIL)."""
    hub = hub_of(server.app)
    hub._db_thread.submit(hub.store._db.set_trace_callback, callback).result(timeout=20)


class Statements:
    """Every SQL statement the server's connection runs, with its thread."""

    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.seen: list[tuple[str, int | None]] = []

    def __call__(self, sql: str) -> None:
        with self.lock:
            self.seen.append((sql, threading.get_ident()))


def _written(statements: Statements) -> int:
    """Bytes of every write statement so far (bound values included)."""
    with statements.lock:
        return sum(
            len(sql.encode())
            for sql, _ in statements.seen
            if sql.lstrip().upper().startswith(("INSERT", "UPDATE", "REPLACE"))
        )


def test_each_move_writes_the_same_bytes_however_long_the_game(server: LiveServer) -> None:
    """Random bots play three-player Wypas (thousands of moves): the bytes written per move
    around move 600 are those written around move 100."""
    statements = Statements()
    trace(server, statements)
    samples: list[tuple[int, int]] = []  # (version, bytes written so far)
    with http_from(server.url) as http:
        data = create_over_http(http, "wypas", ["random"] * 3, seed=5)
        url = f"/api/matches/{data['match']}/view"
        deadline = time.monotonic() + 120
        while not samples or samples[-1][0] < 700:
            assert time.monotonic() < deadline, f"only {samples[-1][0]} moves in two minutes"
            samples.append((http.get(url).json()["version"], _written(statements)))
            time.sleep(0.01)
    trace(server, None)

    def per_move(first: int, last: int) -> float:
        start = next(s for s in samples if s[0] >= first)
        end = next(s for s in samples if s[0] >= last)
        return (end[1] - start[1]) / (end[0] - start[0])

    early, late = per_move(50, 200), per_move(500, 650)
    # Bytes per move depend on the moves (`pass` or `black p3 pen1 green-4`) and on
    # how many moves one flush batches (timing), so two windows are not compared with
    # each other: each is held to a bound that a record rewritten on every move (or a
    # statement that grew with the game, by some 20 bytes a move) would soon exceed.
    assert early < 600, early
    assert late < 600, late
    with statements.lock:
        writes = [
            len(sql.encode())
            for sql, _ in statements.seen
            if sql.lstrip().upper().startswith(("INSERT", "UPDATE", "REPLACE"))
        ]
    assert len(writes) >= 700
    assert max(writes[50:]) < 600, max(writes[50:])  # no statement grows with the game


def test_sqlite_never_runs_on_the_event_loop(server: LiveServer) -> None:
    statements = Statements()
    trace(server, statements)
    loop_thread = server.thread_ident
    with http_from(server.url) as http:
        data = create_over_http(http, "goofspiel", ["human", "random"], seed=3)
        token = data["seats"][0]["token"]
        url = f"/api/matches/{data['match']}"
        while not (view := settle(lambda: http.get(f"{url}/view", headers=bearer(token)).json()))[
            "over"
        ]:
            response = act(http, data["match"], token, view["legal"][0], view["version"])
            assert response.status_code == 200, response.text
        http.get("/api/status")
    trace(server, None)
    assert statements.seen
    on_loop = [sql for sql, thread in statements.seen if thread == loop_thread]
    assert not on_loop, on_loop[:3]


def _old_database(db: Path) -> dict[str, list[str]]:
    """An old-schema database with an open match (3 moves), a finished one and a damaged row."""
    tokens = {"open-match-1": ["tok-a0", "tok-a1"], "done-match-1": ["tok-b0", "tok-b1"]}
    from meeple.web.hub import hash_token

    open_match = meeple.Match("goofspiel", 2, seed=9)
    for player, card in ((0, 4), (1, 2), (0, 5)):
        open_match.play(f"bid {card}", player)
    done = meeple.Match("goofspiel", 2, seed=3, cards=3)
    while not done.state.is_over:
        player = min(done.state.to_act)
        done.play(done.state.legal_actions(player)[0], player)
    with edited(db) as connection:
        connection.execute(OLD_SCHEMA)
        for match_id, match in (("open-match-1", open_match), ("done-match-1", done)):
            record = match.record()
            connection.execute(
                "INSERT INTO matches VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
                (
                    match_id,
                    "goofspiel",
                    json.dumps(["human", "human"]),
                    json.dumps([hash_token(t) for t in tokens[match_id]]),
                    meeple.dumps(record),
                    len(record.moves),
                    int(match.state.is_over),
                    time.time() - 60,
                    time.time() - 30,
                ),
            )
        # a row whose record is not UTF-8: it stopped the old server from starting
        connection.execute(
            "INSERT INTO matches VALUES ('broken-row-1', 'goofspiel', '[]', '[]', "
            "CAST(X'7B22ff22' AS TEXT), 0, 0, 0, 0)"
        )
    return tokens


def test_an_old_database_is_migrated_and_its_damaged_row_reported(
    db: Path, caplog: pytest.LogCaptureFixture
) -> None:
    tokens = _old_database(db)
    caplog.set_level(logging.WARNING, logger="meeple.web")
    for _restart in range(2):  # migrating twice changes nothing
        with (
            live_server(create_app(db)) as server,
            http_from(server.url) as http,
        ):
            status = http.get("/api/status").json()
            assert status["matches"]["damaged"] == 1
            assert status["matches"]["open"] == 1
            view = http.get(
                "/api/matches/open-match-1/view", headers=bearer(tokens["open-match-1"][0])
            ).json()
            assert view["version"] in (3, 4)
            assert view["chosen_seed"] is None  # the first schema did not record it
            done = http.get("/api/matches/done-match-1/view").json()
            assert done["over"]
            assert done["version"] == 6
            record = http.get("/api/matches/done-match-1/record").json()["record"]
            assert len(record["moves"]) == 6
            refused(http.get("/api/matches/broken-row-1/view"), 500, "damaged")
            if view["version"] == 3:
                response = act(http, "open-match-1", tokens["open-match-1"][1], "bid 6", 3)
                assert response.status_code == 200, response.text
    assert "broken-row-1" in caplog.text
    with edited(db) as connection:
        kept = connection.execute("SELECT id FROM matches_v1").fetchall()
        assert kept == [("broken-row-1",)]  # left for the operator, never deleted
        (moves,) = connection.execute(
            "SELECT COUNT(*) FROM moves WHERE match_id = 'open-match-1'"
        ).fetchone()
        assert moves == 4


def _damage(db: Path, sql: str) -> None:
    with edited(db) as connection:
        connection.execute(sql)


def test_damaged_rows_are_reported_and_skipped_and_the_rest_is_served(
    db: Path, caplog: pytest.LogCaptureFixture
) -> None:
    roomy = Limits(max_matches_per_client=10, create_burst=10)
    with live_server(create_app(db, limits=roomy)) as first, http_from(first.url) as http:
        good = create_over_http(http, "goofspiel", ["human", "human"], seed=1)
        ids = {}
        for name in ("bad-utf8-move", "bad-json-header", "bad-seats", "no-replay"):
            data = create_over_http(http, "goofspiel", ["human", "human"], seed=2)
            tokens = [s["token"] for s in data["seats"]]
            for version, (token, card) in enumerate([(tokens[0], 3), (tokens[1], 1)]):
                response = act(http, data["match"], token, f"bid {card}", version)
                assert response.status_code == 200
            ids[name] = data["match"]
        finished = create_over_http(http, "goofspiel", ["random", "random"], seed=4)
        settle(lambda: http.get(f"/api/matches/{finished['match']}/view").json())
        ids["finished-bad-utf8"] = finished["match"]
    _damage(
        db,
        "UPDATE moves SET notation = CAST(X'626964ff' AS TEXT) "
        f"WHERE match_id = '{ids['bad-utf8-move']}' AND n = 2",
    )
    _damage(db, f"UPDATE matches SET header = '{{not json' WHERE id = '{ids['bad-json-header']}'")
    _damage(db, f"UPDATE matches SET seats = '[1, 2' WHERE id = '{ids['bad-seats']}'")
    _damage(
        db, f"UPDATE moves SET notation = 'bid 99' WHERE match_id = '{ids['no-replay']}' AND n = 1"
    )
    _damage(
        db,
        "UPDATE moves SET notation = CAST(X'ff' AS TEXT) "
        f"WHERE match_id = '{ids['finished-bad-utf8']}' AND n = 3",
    )
    caplog.set_level(logging.WARNING, logger="meeple.web")
    with live_server(create_app(db)) as server, http_from(server.url) as http:
        status = http.get("/api/status").json()
        assert status["matches"]["damaged"] == 4  # the open ones, found at start
        token = good["seats"][0]["token"]
        response = act(http, good["match"], token, "bid 2", 0)
        assert response.status_code == 200, response.text
        for name, match_id in ids.items():
            response = http.get(f"/api/matches/{match_id}/view")
            reason = refused(response, 500, "damaged")
            assert "bid" not in reason, name  # a move may be a secret: details go to the log
            assert response.headers["content-type"].startswith("application/json")
            assert "content-security-policy" in response.headers
            page = http.get(f"/m/{match_id}")
            assert page.status_code == 500
            assert "damaged" in page.text
        assert http.get("/api/status").json()["matches"]["damaged"] == 5
    for match_id in ids.values():
        assert match_id in caplog.text


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


def _serve(db: Path, timeout: float = 30) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [
            sys.executable,
            "-c",
            "from meeple.cli.app import main; main()",
            "serve",
            "--port",
            str(_free_port()),  # a port serve may take, so the database is what it refuses
            "--db",
            str(db),
        ],
        capture_output=True,
        text=True,
        timeout=timeout,
        check=False,
    )


@pytest.mark.parametrize("damage", ["garbage", "directory", "missing-folder", "truncated"])
def test_a_damaged_database_file_stops_serve_with_one_clear_line(
    tmp_path: Path, damage: str
) -> None:
    db = tmp_path / "web.sqlite3"
    if damage == "garbage":
        db.write_bytes(b"this is not a database, just text\n" * 200)
    elif damage == "directory":
        db.mkdir()
    elif damage == "missing-folder":
        db = tmp_path / "no" / "such" / "folder" / "web.sqlite3"
    else:
        with edited(db) as connection:
            connection.execute("CREATE TABLE padding (x)")
            connection.executemany(
                "INSERT INTO padding VALUES (?)", [("x" * 1000,) for _ in range(100)]
            )
        db.write_bytes(db.read_bytes()[:1500])
    result = _serve(db)
    stops = says("docs/web.md", r"stops it with one line, .*?, and exit status (\d+)\.")
    assert result.returncode == number(stops[1])
    output = (result.stdout + result.stderr).strip()
    assert "Traceback" not in output, output
    lines = [line for line in output.splitlines() if line.strip()]
    assert len(lines) == 1, output
    assert "cannot open the match database" in lines[0]
    assert str(db.name) in lines[0]


def test_store_refuses_a_damaged_file_with_one_line(tmp_path: Path) -> None:
    from meeple.web.store import StoreError

    db = tmp_path / "garbage.sqlite3"
    db.write_bytes(b"\x00garbage" * 512)
    with pytest.raises(StoreError) as refused_file:
        Store(db)
    assert "\n" not in str(refused_file.value)
    assert "not a database" in str(refused_file.value)


@pytest.mark.parametrize(
    ("seats", "tokens", "words"),
    [
        ("{}", "[]", "expected a list"),  # read back as no seats before the converter
        ('"ab"', "[null, null]", "expected a list"),
        ("[1]", "[null]", "expected a string"),
        ('["human"]', "[1]", "expected a string"),
        ('["human", "human"]', '["t"]', "do not match"),
        ("[1, 2", "[]", "bad seat data"),
    ],
)
def test_stored_seats_are_read_by_the_converter(seats: str, tokens: str, words: str) -> None:
    with pytest.raises(CorruptDataError, match=words):
        decode_seats(seats, tokens, "m1")
    assert decode_seats('["human", "random"]', '["t", null]', "m1") == (
        ["human", "random"],
        ["t", None],
    )

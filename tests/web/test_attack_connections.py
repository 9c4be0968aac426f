"""Attack class 5 (issue 31): connections. Slowloris, idle connections by the thousand,
live-update streams from one address and from many; an honest client is still served.

Before `meeple.web.connections`, uvicorn waited for a request head for ever (a byte a
second held a connection), accepted connections until the process ran out of file
descriptors (then nobody could connect), and live-update streams had no cap in all.
"""

from __future__ import annotations

import contextlib
import socket
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx2 as httpx
import pytest

from meeple.web import Limits
from meeple.web import create_app
from meeple.web.connections import FILE_RESERVE
from meeple.web.connections import ConnectionGuard
from meeple.web.connections import uvicorn_settings
from meeple.web.live import Stream
from meeple.web.stream_slots import GIVEN_WAY
from meeple.web.stream_slots import REPLACED
from meeple.web.stream_slots import StreamSlots

from ..shared import says
from .support import LiveServer
from .support import ServerProcess
from .support import bearer
from .support import create_over_http
from .support import http_from
from .support import live_server
from .test_streams import first_event

WAIT = 20.0
"""Longest a test waits for the server to do what it must (a bound for a hang, not a
measure: the server acts after `request_seconds`)."""


@contextlib.contextmanager
def guarded(folder: Path, **limits: Any) -> Iterator[tuple[LiveServer, ConnectionGuard]]:
    """A server with the connection settings of ``meeple serve`` and these limits."""
    chosen = Limits(**{"requests_per_second": 1000, "request_burst": 1000, **limits})
    settings = uvicorn_settings(chosen, "")
    with live_server(create_app(folder / "db.sqlite3", limits=chosen), **settings) as server:
        yield server, settings["http"].guard


def connect(port: int, address: str) -> socket.socket:
    """A raw TCP connection to the server from loopback `address`."""
    sock = socket.socket()
    sock.bind((address, 0))
    sock.connect(("127.0.0.1", port))
    return sock


def answer_or_close(sock: socket.socket, trickle: bytes = b"") -> tuple[bytes, float]:
    """Send `trickle` a byte every 0.05 s until the server answers and closes; what it
    sent and how long that took. Fails if the server holds on for `WAIT` seconds."""
    started = time.monotonic()
    sock.settimeout(0.05)
    received = b""
    sent = 0
    while time.monotonic() - started < WAIT:
        try:
            chunk = sock.recv(4096)
        except TimeoutError:
            if sent < len(trickle):
                with contextlib.suppress(OSError):
                    sock.send(trickle[sent : sent + 1])
                sent += 1
            continue
        except ConnectionResetError:
            return received, time.monotonic() - started
        if not chunk:
            return received, time.monotonic() - started
        received += chunk
    raise AssertionError(f"the server still holds the connection after {WAIT} s")


def status_of(response: bytes) -> int:
    """The status code of a raw HTTP answer."""
    return int(response.split(b" ", 2)[1])


# slowloris -----------------------------------------------------------------------------


def test_a_request_head_sent_a_byte_at_a_time_is_cut_off(tmp_path: Path) -> None:
    with guarded(tmp_path, request_seconds=0.5) as (server, guard):
        with connect(server.port, "127.0.0.5") as sock:
            head = b"GET /api/games HTTP/1.1\r\nHost: x\r\n" + b"X-Slow: " + b"a" * 400
            got, took = answer_or_close(sock, head)
        assert status_of(got) == 408
        assert took >= 0.5
        assert guard.timed_out == 1
        with http_from(server.url, "127.0.0.5") as http:  # the address is not punished
            assert http.get("/api/games").status_code == 200


def test_a_body_sent_a_byte_at_a_time_is_cut_off(tmp_path: Path) -> None:
    with guarded(tmp_path, request_seconds=0.5) as (server, guard):
        with connect(server.port, "127.0.0.6") as sock:
            sock.sendall(
                b"POST /api/matches HTTP/1.1\r\nHost: x\r\ncontent-type: application/json\r\n"
                b"content-length: 400\r\n\r\n"
            )
            answer_or_close(sock, b"{" + b" " * 398 + b"}")
        assert guard.timed_out == 1


# idle connections ----------------------------------------------------------------------


def test_one_address_may_hold_only_so_many_connections(tmp_path: Path) -> None:
    with guarded(tmp_path, max_connections_per_client=8) as (server, guard):
        with contextlib.ExitStack() as held:
            for _ in range(8):
                held.enter_context(connect(server.port, "127.0.0.8"))
            with connect(server.port, "127.0.0.8") as ninth:
                got, _ = answer_or_close(ninth)
            assert status_of(got) == 429
            assert b"8 connections" in got
            with http_from(server.url, "127.0.0.9") as http:  # another address: served
                assert http.get("/api/games").status_code == 200
        assert guard.refused == 1


def test_at_the_connection_cap_the_address_holding_most_idle_connections_gives_way(
    tmp_path: Path,
) -> None:
    with guarded(tmp_path, max_connections=12, max_streams=4) as (server, guard):
        assert guard.cap == 12
        with contextlib.ExitStack() as held, http_from(server.url, "127.0.0.9") as player:
            assert player.get("/api/games").status_code == 200  # waits longest from here
            idle = [held.enter_context(connect(server.port, "127.0.1.1")) for _ in range(11)]
            _wait_until(lambda: guard.open == 12)
            with http_from(server.url, "127.0.0.10") as newcomer:
                assert newcomer.get("/api/games").status_code == 200
            got, _ = answer_or_close(idle[0])  # its address holds eleven: its oldest goes
            assert got == b""
            assert player.get("/api/games").status_code == 200
        assert guard.evicted == 1


def test_among_addresses_holding_as_many_the_longest_waiting_gives_way(tmp_path: Path) -> None:
    with guarded(tmp_path, max_connections=12, max_streams=4) as (server, guard):
        with contextlib.ExitStack() as held, http_from(server.url, "127.0.0.9") as player:
            idle = [held.enter_context(connect(server.port, f"127.0.1.{i}")) for i in range(11)]
            _wait_until(lambda: guard.open == 11)
            assert player.get("/api/games").status_code == 200  # answered last: waits least
            with http_from(server.url, "127.0.0.10") as newcomer:
                assert newcomer.get("/api/games").status_code == 200
            got, _ = answer_or_close(idle[0])
            assert got == b""
            assert player.get("/api/games").status_code == 200
        assert guard.evicted == 1


def test_when_every_connection_is_busy_a_new_one_gets_503(tmp_path: Path) -> None:
    busy = guarded(tmp_path, max_connections=3, max_streams=2)
    with busy as (server, guard), contextlib.ExitStack() as held:
        for i in range(3):  # requests whose body is still coming: busy, not idle
            sock = held.enter_context(connect(server.port, f"127.0.2.{i}"))
            sock.sendall(b"POST /api/matches HTTP/1.1\r\nHost: x\r\ncontent-length: 10\r\n\r\n{")
        _wait_until(lambda: guard.open == 3)
        with connect(server.port, "127.0.0.11") as late:
            got, _ = answer_or_close(late)
        assert status_of(got) == 503


def _wait_until(condition: Any) -> None:
    deadline = time.monotonic() + WAIT
    while not condition():
        assert time.monotonic() < deadline, "the server did not get there"
        time.sleep(0.01)


# live-update streams -------------------------------------------------------------------


def _stream(slots: StreamSlots, client: str) -> Stream:
    stream = Stream(None, client)
    slots.take(stream)
    return stream


def test_at_the_stream_cap_the_address_holding_most_gives_way() -> None:
    slots = StreamSlots(4)
    flood = [_stream(slots, "attacker") for _ in range(4)]
    honest = _stream(slots, "honest")
    assert flood[0].ended == GIVEN_WAY
    assert honest.ended is None
    again = _stream(slots, "attacker")  # it holds the most: its own oldest gives way
    assert flood[1].ended == REPLACED
    assert again.ended is None
    _stream(slots, "another")
    assert flood[2].ended == GIVEN_WAY
    assert honest.ended is None
    assert slots.open == 4


def test_a_stream_is_refused_only_when_nobody_holds_more_than_its_address() -> None:
    slots = StreamSlots(3)
    for client in ("a", "b", "c"):
        _stream(slots, client)
    with pytest.raises(Exception, match="3 live-update connections open"):
        _stream(slots, "d")
    assert slots.open == 3


def test_streams_from_many_addresses_leave_an_honest_player_its_stream(tmp_path: Path) -> None:
    with guarded(tmp_path, max_streams=6, max_connections=40) as (server, _):
        with http_from(server.url, "127.0.0.20") as owner:
            data = create_over_http(owner, "goofspiel", ["human", "human"])
        url = f"/api/matches/{data['match']}/events"
        with contextlib.ExitStack() as held:
            floods = []
            for i in range(6):  # three addresses, two streams each: every slot
                http = held.enter_context(http_from(server.url, f"127.0.3.{i // 2}"))
                response = held.enter_context(http.stream("GET", url))
                lines = response.iter_lines()
                assert first_event(lines)[0] == "version"
                floods.append(lines)
            player = held.enter_context(http_from(server.url, "127.0.0.21"))
            token = data["seats"][0]["token"]
            mine = held.enter_context(player.stream("GET", url, headers=bearer(token)))
            assert mine.status_code == 200
            assert first_event(mine.iter_lines())[0] == "version"
            name, body = first_event(floods[0])  # the oldest of an address holding two
            assert (name, body["reason"]) == ("closed", GIVEN_WAY)


# the file-descriptor limit ---------------------------------------------------------------


@pytest.mark.heavy
def test_a_flood_of_connections_never_locks_an_honest_client_out(tmp_path: Path) -> None:
    """The server may open 448 files: 600 idle connections from 60 addresses would
    have exhausted them (uvicorn then accepts nobody); the cap keeps it serving."""
    server = ServerProcess(tmp_path / "flood.sqlite3", open_files=128 + FILE_RESERVE)
    server.start()
    try:
        assert "allows 128 connections" in server.output()
        with contextlib.ExitStack() as held:
            for i in range(600):
                with contextlib.suppress(OSError):
                    held.enter_context(connect(server.port, f"127.0.{4 + i // 10}.{i % 10}"))
            started = time.monotonic()
            with http_from(server.url, "127.0.0.30", timeout=WAIT) as http:
                response = http.get("/api/games")
            took = time.monotonic() - started
            assert response.status_code == 200
            assert took < WAIT
        assert "Too many open files" not in server.output()
    finally:
        server.stop()


def test_idle_connections_do_not_count_once_closed(tmp_path: Path) -> None:
    with guarded(tmp_path, max_connections_per_client=2) as (server, guard):
        for _ in range(5):  # closed each time: never more than two at once
            with httpx.Client(
                base_url=server.url, transport=httpx.HTTPTransport(local_address="127.0.0.12")
            ) as http:
                assert http.get("/api/games").status_code == 200
        _wait_until(lambda: guard.open == 0)
        assert guard.refused == 0


def test_a_request_head_over_the_limit_is_refused_even_when_it_comes_whole(
    tmp_path: Path,
) -> None:
    """Regression: h11 refuses a head over 16 KB only while it is still arriving; one sent
    in a single write (17 KB to 70 KB) was served. It gets 431 now, and a head just under
    the limit is still served."""
    from meeple.web.connections import MAX_HEAD_BYTES

    request = b"GET /api/games HTTP/1.1\r\nHost: x\r\nConnection: close\r\nX-Pad: %b\r\n\r\n"
    just_under = MAX_HEAD_BYTES - len(request % b"")
    with guarded(tmp_path) as (server, _):
        for pad, expected in ((just_under, 200), (just_under + 1, 431), (40_000, 431)):
            with connect(server.port, "127.0.0.9") as sock:
                sock.sendall(request % (b"a" * pad))
                got, _ = answer_or_close(sock)
            assert status_of(got) == expected, (pad, got[:200])


def test_a_long_url_counts_in_the_request_heads_limit(tmp_path: Path) -> None:
    """docs/web.md: a URL "counts in the request head, which may be at most 16 KB" (the
    page said uvicorn refused a request line over about 1 MB: h11 and `HeadLimit` refuse
    one over 16 KB, as they do any head)."""
    from meeple.web.connections import MAX_HEAD_BYTES

    says("docs/web.md", r"a URL of any length .*? counts in the request head, which may be")
    request = b"GET /m/%b HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n"
    just_under = MAX_HEAD_BYTES - len(request % b"")
    with guarded(tmp_path) as (server, _):
        for length, expected in ((just_under, 404), (just_under + 1, 431)):
            with connect(server.port, "127.0.0.9") as sock:
                sock.sendall(request % (b"a" * length))
                got, _ = answer_or_close(sock)
            assert status_of(got) == expected, (length, got[:200])

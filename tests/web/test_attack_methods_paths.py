"""Attack class 6 (issue 31): unexpected methods on every route, traversal under
``/static``, very long URLs.

Every route answers a method it does not take with 405, an ``Allow`` header and
a reason (JSON under ``/api/``, the error page elsewhere), never a 500; nothing
outside the static folder is served, however the ``..`` is spelt; a URL of any
length gets a bounded answer at once, whose reason never quotes more than 1000
characters of it.

Holes found: a 405 had no ``Allow`` header (the error handler dropped it); a HEAD
request for a match's live updates took a live-update slot and held its
connection for ``Limits.stream_seconds`` (ten minutes), answering nothing; the
error page for an unknown match quoted a 100 KB id whole.
"""

from __future__ import annotations

import socket
import time
from pathlib import Path

import pytest
from starlette.testclient import TestClient

from .support import LiveServer
from .support import create
from .support import http_from
from .support import refused

ROUTES = {
    "/": {"GET", "HEAD"},
    "/m/{id}": {"GET", "HEAD"},
    "/openapi.json": {"GET", "HEAD"},
    "/static/style.css": {"GET", "HEAD"},
    "/api/status": {"GET", "HEAD"},
    "/api/games": {"GET", "HEAD"},
    "/api/matches": {"POST"},
    "/api/matches/{id}/view": {"GET", "HEAD"},
    "/api/matches/{id}/legal": {"GET", "HEAD"},
    "/api/matches/{id}/act": {"POST"},
    "/api/matches/{id}/abandon": {"POST"},
    "/api/matches/{id}/record": {"GET", "HEAD"},
    "/api/matches/{id}/events": {"GET", "HEAD"},
}
"""Every route and the methods it takes (Starlette answers HEAD wherever GET is taken)."""
METHODS = ("GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS", "TRACE", "CONNECT", "BREW")


@pytest.mark.parametrize("route", ROUTES)
def test_every_route_answers_a_method_it_does_not_take_with_405_and_allow(
    client: TestClient, route: str
) -> None:
    match = create(client, "goofspiel", ["human", "human"])["match"]
    path = route.replace("{id}", match)
    for method in METHODS:
        if method in ROUTES[route]:
            continue
        response = client.request(method, path)
        assert response.status_code == 405, (method, path, response.text)
        allowed = {m.strip() for m in response.headers["allow"].split(",")}
        assert allowed == ROUTES[route], (method, path)
        if method == "HEAD":
            assert response.content == b""  # an answer to HEAD has no body
        elif path.startswith("/api/"):
            refused(response, 405, method, "not allowed")
        else:
            assert "text/html" in response.headers["content-type"]
            assert f"method {method} is not allowed" in response.text


def test_head_of_the_live_updates_takes_no_slot_and_returns_at_once(server: LiveServer) -> None:
    """It held a spectator slot and its connection for ten minutes."""
    with http_from(server.url, timeout=5) as http:
        match = create(http, "goofspiel", ["human", "human"])["match"]
        for _ in range(3):
            response = http.head(f"/api/matches/{match}/events")
            assert response.status_code == 200
            assert response.headers["content-type"].startswith("text/event-stream")
        assert http.get("/api/status").json()["streams"] == {"players": 0, "spectators": 0}


TRAVERSALS = [
    "/static/../app.py",
    "/static/%2e%2e/app.py",
    "/static/%2E%2E/%2E%2E/pyproject.toml",
    "/static/..%2fapp.py",
    "/static/%2e%2e%2fapp.py",
    "/static/%252e%252e/app.py",
    "/static/..%5capp.py",
    "/static/..\\app.py",
    "/static//etc/passwd",
    "/static/%2fetc%2fpasswd",
    "/static/style.css%00.py",
    "/static/%00",
    "/static/....//app.py",
    "/static/%c0%ae%c0%ae/app.py",
    "/static/templates/../../app.py",
]


def _raw_get(port: int, target: bytes) -> bytes:
    """The answer to a request line sent as is (no client normalises the path); ``RESET``
    if the server closed the connection before reading it all (a refusal too)."""
    answer = b""
    with socket.create_connection(("127.0.0.1", port), timeout=5) as sock:
        try:
            sock.sendall(b"GET " + target + b" HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
            while chunk := sock.recv(65536):
                answer += chunk
        except (ConnectionResetError, BrokenPipeError):
            return answer or b"RESET 400 "
    return answer


def test_nothing_outside_the_static_folder_is_served(server: LiveServer) -> None:
    secrets = [
        (Path(__file__).resolve().parents[2] / "src" / "meeple" / "web" / "app.py").read_bytes(),
        (Path(__file__).resolve().parents[2] / "pyproject.toml").read_bytes(),
    ]
    for target in TRAVERSALS:
        answer = _raw_get(server.port, target.encode())
        status = answer.split(b" ", 2)[1]
        assert status in (b"400", b"404"), (target, answer[:200])
        body = answer.partition(b"\r\n\r\n")[2]
        assert not any(secret[:200] in body for secret in secrets), target
    assert b" 200 " in _raw_get(server.port, b"/static/style.css")


@pytest.mark.parametrize("length", [10_000, 100_000, 1_000_000])
def test_a_very_long_url_gets_a_bounded_answer_at_once(server: LiveServer, length: int) -> None:
    for prefix in (b"/m/", b"/api/matches/", b"/static/"):
        started = time.monotonic()
        answer = _raw_get(
            server.port, prefix + b"a" * length + (b"/view" if b"api" in prefix else b"")
        )
        assert time.monotonic() - started < 5, prefix  # no hang (generous: a loaded machine)
        status = answer.split(b" ", 2)[1]
        assert status in (b"400", b"404", b"414", b"431"), answer[:200]
        assert len(answer) < 4000  # the reason quotes a bounded part of the URL
    with http_from(server.url) as http:
        assert http.get("/api/status").status_code == 200

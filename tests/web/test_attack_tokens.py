"""Attack class 1 (issue 31): seat tokens, guessed, reused, borrowed or leaked.

A seat token is 192 random bits, shown once; the server keeps its SHA-256 and
compares digests of one fixed length in constant time. It acts only for its seat of
its match; a spectator (no token) is never taken for a seat, whatever it puts in the
URL; tokens never appear in a URL the server sees, so never in its log, nor in a
``Referer``.

Hole found: guessing was limited only by the request rate (30 a second per
address: 2.6 million guesses a day). Wrong tokens and unknown match ids now count
against ``Limits.guesses_per_minute`` (10, burst 30) per address; past it, every
request of that address naming a match gets 429 until it has waited, even with a
right token, while other addresses are served.
"""

from __future__ import annotations

import hmac
import logging
import re
import string
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING
from typing import Any

import pytest
import uvicorn
from starlette.testclient import TestClient

from meeple.web import Limits
from meeple.web import create_app

from .support import bearer
from .support import create
from .support import http_from
from .support import refused

if TYPE_CHECKING:
    from playwright.sync_api import Browser
    from playwright.sync_api import Request

URLSAFE = set(string.ascii_letters + string.digits + "-_")
FAST = {"requests_per_second": 10_000.0, "request_burst": 10_000, "creates_per_minute": 10_000.0}
"""Limits for walking many matches quickly from one test client."""


@contextmanager
def app_client(tmp_path: Path, address: str = "203.0.113.5", **limits: Any) -> Iterator[TestClient]:
    app = create_app(tmp_path / "db.sqlite3", limits=Limits(**{**FAST, **limits}))
    with TestClient(app, client=(address, 5000)) as client:
        yield client


def test_tokens_and_match_ids_are_long_random_and_never_repeat(tmp_path: Path) -> None:
    with app_client(tmp_path, create_burst=100, max_matches_per_client=100) as client:
        made = [create(client, "goofspiel", ["human", "human"], seed=7) for _ in range(40)]
    tokens = [seat["token"] for data in made for seat in data["seats"]]
    ids = [data["match"] for data in made]
    assert len(set(tokens)) == len(tokens)  # the same seed, every token new
    assert len(set(ids)) == len(ids)
    for token in tokens:
        assert set(token) <= URLSAFE
        assert len(token) * 6 >= 192  # base64url: 6 bits a character
    for match in ids:
        assert len(match) * 6 >= 96
    # every character of the alphabet is about as likely: 2,560 characters seen
    seen = "".join(tokens)
    assert len(set(seen)) > 55


def test_tokens_are_compared_as_fixed_length_digests_in_constant_time(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The comparison sees two SHA-256 digests, never the token: its time cannot depend
    on how much of a guess is right."""
    data = create(client, "goofspiel", ["human", "human"])
    url = f"/api/matches/{data['match']}/view"
    compared: list[tuple[int, int]] = []
    real = hmac.compare_digest

    def spy(a: Any, b: Any) -> bool:
        compared.append((len(a), len(b)))
        return real(a, b)

    monkeypatch.setattr(hmac, "compare_digest", spy)
    right = data["seats"][1]["token"]
    for guess in ("x", right[:-1] + "A", "y" * 5000, right):
        client.get(url, headers=bearer(guess))
    assert compared
    assert set(compared) == {(64, 64)}


def test_wrong_tokens_and_unknown_matches_from_one_address_are_capped(tmp_path: Path) -> None:
    with app_client(tmp_path, guess_burst=5, guesses_per_minute=1.0) as guesser:
        data = create(guesser, "goofspiel", ["human", "human"])
        url, token = f"/api/matches/{data['match']}", data["seats"][0]["token"]
        for n in range(5):
            if n % 2:
                refused(guesser.get(f"{url}/view", headers=bearer(f"guess{n}")), 403)
            else:
                refused(guesser.get(f"/api/matches/nosuchmatch{n:03}/view"), 404)
        for path in (f"{url}/view", f"{url}/legal", "/api/matches/nosuchmatch999/view"):
            response = guesser.get(path, headers=bearer(token))
            refused(response, 429, "too many wrong seat tokens")  # the right one too, now
            assert int(response.headers["retry-after"]) >= 1
        assert guesser.get(f"/m/{data['match']}").status_code == 429
        assert guesser.get("/api/games").status_code == 200  # naming no match is served
        honest = TestClient(guesser.app, client=("198.51.100.9", 5000))
        assert honest.get(f"{url}/view", headers=bearer(token)).json()["seat"] == 0


def test_a_seat_token_of_one_match_is_refused_on_another(client: TestClient) -> None:
    first = create(client, "goofspiel", ["human", "human"])
    second = create(client, "goofspiel", ["human", "human"])
    token, url = first["seats"][0]["token"], f"/api/matches/{second['match']}"
    for method, path in (("GET", "view"), ("GET", "legal"), ("POST", "abandon")):
        refused(client.request(method, f"{url}/{path}", headers=bearer(token)), 403, "belong")
    move = {"action": "bid 1", "version": 0}
    refused(client.post(f"{url}/act", headers=bearer(token), json=move), 403)
    assert client.get(f"{url}/view").json()["version"] == 0


def test_a_spectator_is_never_taken_for_a_seat(client: TestClient) -> None:
    """Whatever a client without the header puts in the URL or other headers: a token
    in the query (which would land in logs), a seat number, a cookie."""
    data = create(client, "goofspiel", ["human", "human"])
    token, url = data["seats"][0]["token"], f"/api/matches/{data['match']}"
    borrowed: list[tuple[dict[str, str], dict[str, str]]] = [  # (query, headers)
        ({"token": token}, {}),
        ({"seat": "0", "player": "0"}, {}),
        ({}, {"x-seat": "0", "x-token": token, "cookie": f"token={token}"}),
    ]
    move = {"action": "bid 1", "version": 0, "player": 0}
    for query, headers in borrowed:
        page = client.get(f"{url}/view", params=query, headers=headers).json()
        assert (page["seat"], page["legal"]) == (None, []), (query, headers)
        refused(client.get(f"{url}/legal", params=query, headers=headers), 403)
        refused(client.post(f"{url}/act", params=query, headers=headers, json=move), 403)
    refused(client.get(f"{url}/view", headers={"authorization": f"Token {token}"}), 403)
    assert client.get(f"{url}/view").json()["version"] == 0


@contextmanager
def logged_server(app: Any) -> Iterator[str]:
    """`app` on uvicorn with its access log on, into the logging the test captures."""
    config = uvicorn.Config(
        app,
        host="127.0.0.1",
        port=0,
        log_config=None,
        access_log=True,
        ws="none",
        timeout_graceful_shutdown=2,
    )
    server = uvicorn.Server(config)
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 10
    while not server.started:
        assert time.monotonic() < deadline
        assert thread.is_alive()
        time.sleep(0.01)
    try:
        yield f"http://127.0.0.1:{server.servers[0].sockets[0].getsockname()[1]}"
    finally:
        server.should_exit = True
        thread.join(timeout=15)


def test_tokens_never_reach_the_log(tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level(logging.DEBUG)
    app = create_app(
        tmp_path / "db.sqlite3", limits=Limits(stream_seconds=0.2, heartbeat_seconds=0.1)
    )
    with logged_server(app) as url, http_from(url) as http:
        data = create(http, "goofspiel", ["human", "random"])
        match, token = data["match"], data["seats"][0]["token"]
        base = f"/api/matches/{match}"
        http.get(f"/m/{match}")
        http.get(f"{base}/view", headers=bearer(token))
        http.get(f"{base}/legal", headers=bearer(token))
        http.post(f"{base}/act", headers=bearer(token), json={"action": "bid 1", "version": 0})
        http.post(f"{base}/act", headers=bearer(token), json={"action": "nonsense", "version": 1})
        http.get(f"{base}/events", headers=bearer(token))
        http.get(f"{base}/view", headers=bearer(token[:-1] + "x"))
        http.get(f"{base}/view", headers={"authorization": f"Basic {token}"})
        http.post(f"{base}/abandon", headers=bearer(token))
    logged = caplog.text
    assert f"{base}/view" in logged  # the access log was captured
    assert token not in logged
    assert token[:12] not in logged
    assert token[:-1] not in logged


@pytest.mark.heavy  # a browser: about 4 s with its start
def test_a_seat_page_never_puts_its_token_in_a_url_or_a_referer(
    browser: Browser, tmp_path: Path
) -> None:
    app = create_app(tmp_path / "db.sqlite3")
    requests: list[Request] = []
    with logged_server(app) as url, http_from(url) as http:
        data = create(http, "goofspiel", ["human", "human"])
        token = data["seats"][0]["token"]
        page = browser.new_page()
        try:
            page.on("request", lambda request: requests.append(request))
            page.goto(data["seats"][0]["url"])
            page.wait_for_selector("button.action")
            page.click("button.action")
            page.wait_for_selector("body[data-version='1']")
            page.click("#lobby-link")  # a link away: the lobby
            page.wait_for_url(re.compile(r"/$"))
        finally:
            page.close()
    sent = [r for r in requests if r.url.startswith(url)]
    assert len(sent) > 5
    for request in sent:
        assert token not in request.url, request.url
        assert request.headers.get("referer", "") == "", (request.url, request.headers)
    authorized = [r for r in sent if r.headers.get("authorization") == f"Bearer {token}"]
    assert {"/view", "/act", "/events"} <= {"/" + r.url.rsplit("/", 1)[1] for r in authorized}

"""Per-client limits, expiry of abandoned matches, retention, operator status (issue 14 item 2).

One anonymous client created 200 matches in 0.3 s; after that every create got
429 for everyone, and since unfinished matches never expired (and were resumed
after a restart) the lock-out was permanent. Each client (by address) now has
its own caps, idle matches close, finished ones are pruned, and ``GET
/api/status`` shows the counts and the limits.
"""

from __future__ import annotations

import time
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import attrs
import pytest

from meeple.web import Limits
from meeple.web import create_app
from meeple.web.clients import client_key

from .support import Json
from .support import LiveServer
from .support import act
from .support import create_over_http
from .support import http_from
from .support import hub_of
from .support import live_server
from .support import refused
from .support import settle
from .support import wait_until

CREATE = {"game": "goofspiel", "players": 2, "seats": ["human", "human"]}
ABUSER, HONEST, OTHER = "127.0.0.66", "127.0.0.67", "127.0.0.68"


@contextmanager
def serving(db: Path, **limits: Any) -> Iterator[LiveServer]:
    with live_server(create_app(db, limits=Limits(**limits))) as server:
        yield server


def test_one_client_at_its_cap_does_not_lock_anyone_else_out(server: LiveServer) -> None:
    """With the default limits: the abuser is stopped, everyone else still creates and plays."""
    defaults = Limits()
    statuses = []
    with http_from(server.url, ABUSER) as abuser:
        for _ in range(50):
            statuses.append(abuser.post("/api/matches", json=CREATE).status_code)
    assert statuses.count(201) <= defaults.max_matches_per_client
    assert set(statuses) == {201, 429}
    with http_from(server.url, ABUSER) as abuser:
        reason = refused(abuser.post("/api/matches", json=CREATE), 429)
    assert "address" in reason or "too quickly" in reason, reason
    with http_from(server.url, HONEST) as honest:
        data = create_over_http(honest, "goofspiel", ["human", "human"], seed=1)
        token = data["seats"][0]["token"]
        response = act(honest, data["match"], token, "bid 1", 0)
    assert response.status_code == 200, response.text
    assert response.json()["version"] == 1


def test_the_per_client_cap_of_unfinished_matches(db: Path) -> None:
    with (
        serving(db, max_matches_per_client=2, create_burst=50) as server,
        http_from(server.url, ABUSER) as abuser,
        http_from(server.url, HONEST) as honest,
    ):
        create_over_http(abuser, "goofspiel", ["human", "human"])
        create_over_http(abuser, "goofspiel", ["human", "human"])
        refused(abuser.post("/api/matches", json=CREATE), 429, "2 unfinished", "address")
        create_over_http(honest, "goofspiel", ["human", "human"])
        # a finished match no longer counts
        finished = create_over_http(honest, "goofspiel", ["random", "random"])
        settle(lambda: honest.get(f"/api/matches/{finished['match']}/view").json())
        create_over_http(honest, "goofspiel", ["human", "human"])


def test_creating_too_quickly_gets_429_with_retry_after(db: Path) -> None:
    with (
        serving(db, create_burst=3, creates_per_minute=6, max_matches_per_client=50) as server,
        http_from(server.url, ABUSER) as abuser,
        http_from(server.url, HONEST) as honest,
    ):
        for _ in range(3):
            create_over_http(abuser, "goofspiel", ["human", "human"])
        response = abuser.post("/api/matches", json=CREATE)
        refused(response, 429, "too quickly", "6 a minute")
        assert 1 <= int(response.headers["retry-after"]) <= 10
        create_over_http(honest, "goofspiel", ["human", "human"])


def test_a_flood_of_requests_is_refused_and_other_clients_are_still_served(db: Path) -> None:
    with serving(db, requests_per_second=20, request_burst=20) as server:

        def flood(_: int) -> list[int]:
            with http_from(server.url, ABUSER) as abuser:
                return [abuser.get("/api/games").status_code for _ in range(15)]

        with ThreadPoolExecutor(8) as pool:
            statuses = [status for some in pool.map(flood, range(8)) for status in some]
        assert statuses.count(429) > 50
        with http_from(server.url, ABUSER) as abuser:
            response = abuser.get("/api/games")
            if response.status_code == 429:
                refused(response, 429, "requests", "20 a second")
                assert "retry-after" in response.headers
        with http_from(server.url, HONEST) as honest:
            assert [honest.get("/api/games").status_code for _ in range(10)] == [200] * 10


def test_abandoned_matches_close_and_stop_counting(db: Path) -> None:
    with (
        serving(db, idle_seconds=0.6, sweep_seconds=0.1, max_matches_per_client=2) as server,
        http_from(server.url, ABUSER) as http,
    ):
        first = create_over_http(http, "goofspiel", ["human", "human"])
        create_over_http(http, "goofspiel", ["human", "human"])
        refused(http.post("/api/matches", json=CREATE), 429, "unfinished")
        wait_until(lambda: _matches(http)["abandoned"] == 2, "the idle matches did not close")
        create_over_http(http, "goofspiel", ["human", "human"])  # the idle ones closed
        view = http.get(f"/api/matches/{first['match']}/view").json()
        assert "no move for" in view["closed"]
        assert view["legal"] == []
        token = first["seats"][0]["token"]
        response = act(http, first["match"], token, "bid 1", 0)
        refused(response, 409, "closed")
        status = http.get("/api/status").json()
        assert status["matches"]["abandoned"] == 2
        assert status["matches"]["open"] == 1


def test_a_match_with_moves_is_not_idle(db: Path) -> None:
    with (
        serving(db, idle_seconds=0.8, sweep_seconds=0.1) as server,
        http_from(server.url, HONEST) as http,
    ):
        data = create_over_http(http, "goofspiel", ["human", "human"], options={"cards": 13})
        tokens = [s["token"] for s in data["seats"]]
        for version in range(8):
            time.sleep(0.3)
            response = act(
                http, data["match"], tokens[version % 2], f"bid {version // 2 + 1}", version
            )
            assert response.status_code == 200, response.text


def test_expiry_holds_across_a_restart(db: Path) -> None:
    with (
        serving(db, max_matches_per_client=2) as first,
        http_from(first.url, ABUSER) as http,
    ):
        old = [create_over_http(http, "goofspiel", ["human", "human"]) for _ in range(2)]
        refused(http.post("/api/matches", json=CREATE), 429, "unfinished")
    time.sleep(0.5)
    with (
        serving(db, max_matches_per_client=2, idle_seconds=0.3) as second,
        http_from(second.url, ABUSER) as http,
    ):
        assert hub_of(second.app).in_memory == 0  # closed at start, not resumed
        for _ in range(2):
            create_over_http(http, "goofspiel", ["human", "human"])
        for data in old:
            assert "no move for" in http.get(f"/api/matches/{data['match']}/view").json()["closed"]


def _matches(http: Any) -> dict[str, int]:
    """The match counts of ``GET /api/status``."""
    counts: dict[str, int] = http.get("/api/status").json()["matches"]
    return counts


def _finish(http: Any, seed: int) -> Json:
    data = create_over_http(http, "goofspiel", ["random", "random"], seed=seed)
    settle(lambda: http.get(f"/api/matches/{data['match']}/view").json())
    return data


def test_finished_matches_past_the_retention_count_are_pruned(db: Path) -> None:
    with (
        serving(db, max_finished=3, sweep_seconds=0.1, create_burst=20) as server,
        http_from(server.url, HONEST) as http,
    ):
        done = [_finish(http, seed) for seed in range(6)]
        wait_until(lambda: _matches(http)["over"] == 3, "three finished matches were not pruned")
        for data in done[:3]:
            refused(http.get(f"/api/matches/{data['match']}/view"), 404, "no match")
        for data in done[3:]:
            assert http.get(f"/api/matches/{data['match']}/view").json()["over"]
        assert http.get("/api/status").json()["matches"]["over"] == 3


def test_finished_matches_past_the_retention_age_are_pruned(db: Path) -> None:
    day = 86_400
    with (
        serving(db, keep_finished_days=0.4 / day, sweep_seconds=0.1) as server,
        http_from(server.url, HONEST) as http,
    ):
        done = _finish(http, 1)
        wait_until(lambda: _matches(http)["over"] == 0, "the old finished match was not pruned")
        refused(http.get(f"/api/matches/{done['match']}/view"), 404)
        assert http.get("/api/status").json()["matches"]["over"] == 0


def test_status_shows_the_counts_and_every_limit(server: LiveServer) -> None:
    with http_from(server.url, HONEST) as http:
        create_over_http(http, "goofspiel", ["human", "human"])
        status = http.get("/api/status").json()
    assert status["matches"] == {
        "open": 1,
        "over": 0,
        "abandoned": 0,
        "damaged": 0,
        "in_memory": 1,
    }
    limits = Limits()
    assert status["limits"] == {f.name: getattr(limits, f.name) for f in attrs.fields(Limits)}
    assert status["clients"]["tracked"] >= 1
    assert {"players", "spectators"} <= set(status["streams"])
    assert status["bots"] is None  # the operator's only (tests/web/test_hidden_channels.py)
    assert "at" in status["sweep"]


@pytest.mark.parametrize(
    ("address", "same_as"),
    [
        (("2001:db8:1:2::1", 5), ("2001:db8:1:2:ffff::9", 7)),  # one /64 is one client
        (("::ffff:192.0.2.7", 1), ("192.0.2.7", 2)),  # IPv4 mapped into IPv6
        (("192.0.2.7", 1), ("192.0.2.7", 9)),  # the port does not matter
    ],
)
def test_a_client_is_its_address_and_an_ipv6_client_its_64_prefix(
    address: tuple[str, int], same_as: tuple[str, int]
) -> None:
    assert client_key(address) == client_key(same_as)
    assert client_key(("2001:db8:1:3::1", 5)) != client_key(("2001:db8:1:2::1", 5))
    assert client_key(None) == client_key(None)


def _in_flight_statuses(paths: list[str], cap: int, root: str = "") -> list[int]:
    """The status each of `paths` gets from one client while `cap` of its API requests
    are still being handled (the app holds every request until the end)."""
    import asyncio

    from meeple.web.clients import ClientLimiter
    from meeple.web.clients import Clients

    async def run() -> list[int]:
        release = asyncio.Event()

        async def app(scope: Any, receive: Any, send: Any) -> None:
            if "/api/held" in scope["path"]:
                await release.wait()
            await send({"type": "http.response.start", "status": 200, "headers": []})
            await send({"type": "http.response.body", "body": b""})

        limiter = ClientLimiter(app, Clients(Limits(max_inflight_per_client=cap)))

        async def request(path: str) -> int:
            sent: list[Any] = []

            async def send(message: Any) -> None:
                sent.append(message)

            async def receive() -> Any:
                return {"type": "http.request", "body": b""}

            scope = {"type": "http", "path": path, "client": (ABUSER, 1), "root_path": root}
            await limiter(scope, receive, send)
            return int(sent[0]["status"])

        held = [asyncio.create_task(request(f"{root}/api/held/{n}")) for n in range(cap)]
        await asyncio.sleep(0)  # each held request is now in flight
        statuses = [await request(path) for path in paths]
        release.set()
        assert await asyncio.gather(*held) == [200] * cap
        return statuses

    return asyncio.run(run())


def test_a_pages_own_files_are_served_while_its_client_is_at_the_in_flight_cap(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Regression: a browser loads a page's style and scripts in parallel; on a busy
    server they were still counted in flight when the page asked for its view, which
    was refused with 429 (the page then stayed blank). The page's own files are not
    counted; an API request past the cap still is."""
    monkeypatch.setattr("meeple.web.clients.TARPIT_SECONDS", 0.0)
    statuses = _in_flight_statuses(["/static/match.js", "/static/style.css", "/api/games"], cap=4)
    assert statuses == [200, 200, 429]
    # behind a reverse proxy that serves the app under a prefix (uvicorn's root_path)
    proxied = _in_flight_statuses(["/meeple/static/match.js", "/meeple/api/games"], 4, "/meeple")
    assert proxied == [200, 429]


def test_the_pages_scripts_are_served_where_the_in_flight_cap_leaves_them_uncounted(
    db: Path,
) -> None:
    from starlette.routing import Mount

    from meeple.web.clients import STATIC_PREFIX

    app = create_app(db)
    mounts = [route.path for route in app.routes if isinstance(route, Mount)]
    assert STATIC_PREFIX.rstrip("/") in mounts
    with serving(db) as server, http_from(server.url) as http:
        page = http.get("/").text
        assert f'src="{STATIC_PREFIX}' in page
        assert f'href="{STATIC_PREFIX}' in page

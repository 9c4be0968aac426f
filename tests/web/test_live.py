"""Against a real server on loopback: live updates, concurrent moves, a small load test."""

from __future__ import annotations

import json
import random
import threading
import time
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import httpx2 as httpx
import pytest

import meeple

from .support import Json
from .support import LiveServer
from .support import act
from .support import bearer
from .support import create_over_http
from .support import http_from


def test_the_event_stream_announces_each_new_version(server: LiveServer) -> None:
    with httpx.Client(base_url=server.url, timeout=10) as http:
        data = create_over_http(http, "goofspiel", ["human", "human"], seed=1)
        token = data["seats"][0]["token"]
        url = f"/api/matches/{data['match']}"
        seen: list[Json] = []
        with http.stream("GET", f"{url}/events") as stream:
            assert stream.headers["content-type"].startswith("text/event-stream")
            lines = stream.iter_lines()
            for line in lines:
                if line.startswith("data:"):
                    seen.append(json.loads(line[5:]))
                    if len(seen) == 1:
                        response = act(http, data["match"], token, "bid 1", 0)
                        assert response.status_code == 200
                    else:
                        break
        assert seen == [{"version": 0, "over": False}, {"version": 1, "over": False}]


def test_simultaneous_moves_racing_never_corrupt_the_match(server: LiveServer) -> None:
    """Both players of a simultaneous bid act at the same instant, round after round."""
    with httpx.Client(base_url=server.url, timeout=10) as http:
        data = create_over_http(
            http, "goofspiel", ["human", "human", "human"], seed=6, options={"cards": 5}
        )
        match = data["match"]
        tokens = [s["token"] for s in data["seats"]]
        statuses: list[int] = []
        played: list[tuple[int, str]] = []
        lock = threading.Lock()
        clients = [httpx.Client(base_url=server.url, timeout=10) for _ in tokens]
        try:
            while True:
                state = http.get(f"/api/matches/{match}/view").json()
                if state["over"]:
                    break
                version = state["version"]
                racing = state["to_act"]
                barrier = threading.Barrier(len(racing))

                def move(seat: int, version: int = version, barrier: Any = barrier) -> None:
                    legal = (
                        clients[seat]
                        .get(f"/api/matches/{match}/legal", headers=bearer(tokens[seat]))
                        .json()["actions"]
                    )
                    action = legal[len(legal) // 2]
                    barrier.wait()
                    response = act(clients[seat], match, tokens[seat], action, version)
                    with lock:
                        statuses.append(response.status_code)
                        if response.status_code == 200:
                            played.append((seat, action))

                threads = [threading.Thread(target=move, args=(seat,)) for seat in racing]
                for thread in threads:
                    thread.start()
                for thread in threads:
                    thread.join()
                # exactly one racer won this version; the others were refused whole
                round_statuses = statuses[-len(racing) :]
                assert sorted(round_statuses) == [200] + [409] * (len(racing) - 1)
                assert len(played) == version + 1
        finally:
            for c in clients:
                c.close()
        assert set(statuses) <= {200, 409}
        assert statuses.count(409) > 0
        final = http.get(f"/api/matches/{match}/record").json()
        record = meeple.loads(json.dumps(final["record"]))
        assert [tuple(m) for m in record.moves] == played
        replayed = record.replay()
        assert replayed.state.is_over
        assert len(record.moves) == 15


def test_one_seat_double_clicking_plays_once(server: LiveServer) -> None:
    with httpx.Client(base_url=server.url, timeout=10) as http:
        data = create_over_http(http, "goofspiel", ["human", "human"], seed=2)
        match, token = data["match"], data["seats"][0]["token"]
        barrier = threading.Barrier(8)
        results: list[int] = []

        def click(card: int) -> None:
            with httpx.Client(base_url=server.url, timeout=10) as own:
                barrier.wait()
                response = act(own, match, token, f"bid {card % 6 + 1}", 0)
                results.append(response.status_code)

        with ThreadPoolExecutor(8) as pool:
            list(pool.map(click, range(8)))
        # one wins; the others lose the race (409) or, past the four requests one address
        # may have in flight, are refused before they are read (429)
        assert results.count(200) == 1
        assert set(results) <= {200, 409, 429}
        assert results.count(409) >= 3
        view = http.get(f"/api/matches/{match}/view", headers=bearer(token)).json()
        assert view["version"] == 1
        assert len(view["view"]["hand"]) == 5


def test_load_many_concurrent_matches(
    server: LiveServer, capsys: pytest.CaptureFixture[str]
) -> None:
    """Bounded: 24 matches of 2-4 human seats played by 8 client threads; reports requests/s.

    Each match is created and played from its own loopback address (as from its own
    machine), within the server's default per-client limits.
    """
    matches = 24
    created = []
    for i in range(matches):
        with http_from(server.url, f"127.0.0.{100 + i}") as http:
            seats = ["human"] * (2 + i % 3)
            created.append(create_over_http(http, "goofspiel", seats, seed=i, options={"cards": 5}))
    counts = [0] * matches
    moves: list[list[tuple[int, str]]] = [[] for _ in range(matches)]

    def play(index: int) -> None:
        rng = random.Random(index)
        data = created[index]
        tokens = [s["token"] for s in data["seats"]]
        url = f"/api/matches/{data['match']}"
        with http_from(server.url, f"127.0.0.{100 + index}") as own:
            deadline = time.monotonic() + 60
            while time.monotonic() < deadline:
                state = own.get(f"{url}/view").json()
                counts[index] += 1
                if state["over"]:
                    return
                seat = rng.choice(state["to_act"])
                legal = own.get(f"{url}/legal", headers=bearer(tokens[seat])).json()
                action = rng.choice(legal["actions"])
                response = act(own, data["match"], tokens[seat], action, legal["version"])
                counts[index] += 2
                assert response.status_code in (200, 409), response.text
                if response.status_code == 200:
                    moves[index].append((seat, action))

    started = time.perf_counter()
    with ThreadPoolExecutor(8) as pool:
        list(pool.map(play, range(matches)))
    elapsed = time.perf_counter() - started
    total = sum(counts)
    rate = total / elapsed
    with capsys.disabled():  # always shown: the measured rate is part of the report
        print(f"\nload: {matches} matches, {total} requests in {elapsed:.2f}s = {rate:.0f} req/s")
    with httpx.Client(base_url=server.url, timeout=20) as http:
        for index, data in enumerate(created):
            final = http.get(f"/api/matches/{data['match']}/record").json()
            assert final["over"], index
            record = meeple.loads(json.dumps(final["record"]))
            assert [tuple(m) for m in record.moves] == moves[index]  # nothing lost or extra
            assert len(record.moves) == 5 * data["players"]
            assert record.replay().state.outcome() == record.replay().state.outcome()


def test_watchers_of_one_match_are_capped(db: Any) -> None:
    from meeple.web import Limits
    from meeple.web import create_app

    from .support import live_server

    with (
        live_server(create_app(db, limits=Limits(max_spectators=1))) as capped,
        httpx.Client(base_url=capped.url, timeout=10) as http,
    ):
        data = create_over_http(http, "goofspiel", ["human", "human"])
        url = f"/api/matches/{data['match']}/events"
        with http.stream("GET", url) as first:
            lines = first.iter_lines()  # kept: a dropped iterator closes the stream
            assert next(lines) == "retry: 2000"
            second = http.get(url)
            assert second.status_code == 429
            assert "spectators" in second.json()["error"]

"""Live-update slots: players always get one for their seat; spectators have their own caps.

Issue 14 item 6: anyone with the spectator link could take all 32 live-update
slots of a match, so the players' own pages got 429 (and match.js retried
forever; the browser side is in test_browser).
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from contextlib import ExitStack
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import httpx2 as httpx

from meeple.web import Limits
from meeple.web import create_app

from .support import Json
from .support import bearer
from .support import create_over_http
from .support import http_from
from .support import live_server
from .support import refused


@contextmanager
def stream(http: httpx.Client, url: str, token: str | None = None) -> Iterator[Any]:
    """An open live-update stream: its response and an iterator over its lines."""
    headers = bearer(token) if token is not None else {}
    with http.stream("GET", url, headers=headers) as response:
        yield response, response.iter_lines()


def first_event(lines: Iterator[str]) -> tuple[str, Any]:
    """The next event's name and data."""
    name = "message"
    for line in lines:
        if line.startswith("event:"):
            name = line[6:].strip()
        elif line.startswith("data:"):
            return name, json.loads(line[5:])
    raise AssertionError("the stream ended")


@contextmanager
def one_match(
    folder: Path, address: str, **limits: Any
) -> Iterator[tuple[httpx.Client, Json, str, ExitStack]]:
    """A server with these limits, a client from `address`, a match of two humans it
    created, that match's live-update URL, and a stack that holds streams open."""
    app = create_app(folder / "db.sqlite3", limits=Limits(**limits))
    with (
        live_server(app) as server,
        http_from(server.url, address) as http,
        ExitStack() as held,
    ):
        data = create_over_http(http, "goofspiel", ["human", "human"])
        yield http, data, f"/api/matches/{data['match']}/events", held


def test_spectators_cannot_take_the_players_slots(tmp_path: Path) -> None:
    with one_match(tmp_path, "127.0.0.40", max_spectators=2) as (http, data, url, held):
        kept = []  # a dropped line iterator closes its stream
        for _ in range(2):
            response, lines = held.enter_context(stream(http, url))
            kept.append(lines)
            assert response.status_code == 200
            assert first_event(lines)[0] == "version"
        refused(http.get(url), 429, "spectators")
        for seat in data["seats"]:
            response, lines = held.enter_context(stream(http, url, seat["token"]))
            kept.append(lines)
            assert response.status_code == 200
            assert first_event(lines) == ("version", {"version": 0, "over": False})


def test_a_seat_always_gets_a_slot_and_its_oldest_stream_gives_way(tmp_path: Path) -> None:
    with one_match(tmp_path, "127.0.0.41", max_seat_streams=2) as (http, data, url, held):
        token = data["seats"][0]["token"]
        oldest = held.enter_context(stream(http, url, token))[1]
        assert first_event(oldest)[0] == "version"
        second = held.enter_context(stream(http, url, token))[1]
        assert first_event(second)[0] == "version"
        response, newest = held.enter_context(stream(http, url, token))
        assert response.status_code == 200
        assert first_event(newest)[0] == "version"
        name, reason = first_event(oldest)
        assert name == "closed"
        assert "newer connection" in reason["reason"]
        assert [line for line in oldest if line] == []  # and then the stream ends


def test_spectator_streams_per_client_are_capped_across_matches(tmp_path: Path) -> None:
    app = create_app(tmp_path / "db.sqlite3", limits=Limits(max_streams_per_client=2))
    with (
        live_server(app) as server,
        http_from(server.url, "127.0.0.42") as greedy,
        http_from(server.url, "127.0.0.43") as other,
        ExitStack() as held,
    ):
        urls = [
            f"/api/matches/{create_over_http(greedy, 'goofspiel', ['human'] * 2)['match']}/events"
            for _ in range(3)
        ]
        kept = []  # a dropped line iterator closes its stream
        for url in urls[:2]:
            response, lines = held.enter_context(stream(greedy, url))
            kept.append(lines)
            assert response.status_code == 200
        refused(greedy.get(urls[2]), 429, "live-update", "address")
        response, lines = held.enter_context(stream(other, urls[2]))
        assert response.status_code == 200


def test_a_wrong_token_on_the_event_stream_gets_403(tmp_path: Path) -> None:
    with (
        live_server(create_app(tmp_path / "db.sqlite3")) as server,
        http_from(server.url) as http,
    ):
        data = create_over_http(http, "goofspiel", ["human", "human"])
        url = f"/api/matches/{data['match']}/events"
        refused(http.get(url, headers=bearer("guess")), 403, "does not belong")

"""Bot seats on the server: validated, bounded, and never leaving a match stuck (issue 14 item 3).

``mcts:iterations=2000,rollout_depth=1000000`` cost about 97 s per Wypas
decision and two such matches starved every other match's bots;
``mcts:exploration=nan`` was accepted and the match was stuck forever once the
bot failed.
"""

from __future__ import annotations

import itertools
import logging
import time
from pathlib import Path
from typing import Any

import pytest

from meeple.web import Limits
from meeple.web import bot_seats as bot_module
from meeple.web import create_app
from meeple.web.bot_seats import STUCK
from meeple.web.seats import bot_for as real_bot_for

from .support import POLL_SECONDS
from .support import Json
from .support import LiveServer
from .support import bearer
from .support import create_over_http
from .support import http_from
from .support import live_server
from .support import refused
from .support import settle

HEAVY = "mcts:iterations=2000,rollout_depth=200"  # the most the default limits allow


@pytest.mark.parametrize(
    ("seat", "words"),
    [
        ("mcts:exploration=nan", ["seat 1", "exploration", "above 0 and at most 10", "nan"]),
        ("mcts:exploration=-1e308", ["seat 1", "exploration", "above 0"]),
        ("mcts:iterations=0", ["seat 1", "iterations", "from 1 to 2000"]),
        ("mcts:iterations=-5", ["iterations", "from 1 to 2000"]),
        ("mcts:iterations=999999", ["iterations", "from 1 to 2000"]),
        ("mcts:wobble=3", ["does not take", "wobble", "rollout_depth"]),
        ("mcts:rollout_depth=1000000", ["rollout_depth", "from 0 to 200"]),
        ("mcts:iterations=2000,rollout_depth=1000000", ["rollout_depth", "from 0 to 200"]),
        ("mcts:time_limit=60", ["time_limit", "at most 5"]),
        ("mcts:time_limit=nan", ["time_limit", "above 0"]),
        ("greedy:worlds=500", ["worlds", "from 1 to 16"]),
        ("greedy:worlds=0", ["worlds", "from 1 to 16"]),
        ("mcts:iterations=5,iterations=5", ["iterations", "twice"]),
    ],
)
def test_bad_bot_parameters_get_422_naming_the_parameter_and_its_range(
    server: LiveServer, seat: str, words: list[str]
) -> None:
    body = {"game": "goofspiel", "players": 2, "seats": ["human", seat]}
    with http_from(server.url) as http:
        refused(http.post("/api/matches", json=body), 422, *words)
        assert http.get("/api/status").json()["matches"]["open"] == 0


def test_games_lists_every_bot_parameter_with_the_servers_range(server: LiveServer) -> None:
    with http_from(server.url) as http:
        bots = http.get("/api/games").json()["bots"]
    mcts = {p["name"]: p for p in bots["mcts"]}
    assert mcts["iterations"]["max"] == 2000
    assert mcts["rollout_depth"]["max"] == 200
    assert mcts["exploration"]["min"] == 0
    assert mcts["exploration"]["above_min"]
    assert bots["random"] == []


def _gaps(http: Any, match: str, seconds: float) -> list[float]:
    """Watch a match for `seconds`; the times between one version and the next."""
    changes = [time.monotonic()]
    version = 0
    ends = time.monotonic() + seconds
    while time.monotonic() < ends:
        now = http.get(f"/api/matches/{match}/view").json()["version"]
        if now != version:
            version = now
            changes.append(time.monotonic())
        time.sleep(POLL_SECONDS)
    changes.append(time.monotonic())
    return [b - a for a, b in itertools.pairwise(changes)]


def test_every_bot_decision_is_bounded_and_heavy_bots_starve_nobody(db: Path) -> None:
    cap = 0.25
    with (
        live_server(create_app(db, limits=Limits(max_bot_seconds=cap))) as server,
        http_from(server.url) as http,
    ):
        heavy = [
            create_over_http(http, "wypas", [HEAVY] * 6, seed=seed)["match"] for seed in (1, 2)
        ]
        light = create_over_http(http, "goofspiel", ["mcts:iterations=10"] * 2, seed=3)
        started = time.monotonic()
        final = settle(lambda: http.get(f"/api/matches/{light['match']}/view").json(), timeout=60)
        assert final["over"]
        assert time.monotonic() - started < 12 * (2 * cap + 0.3)
        gaps = _gaps(http, heavy[0], 3.0)
    assert max(gaps) < 2 * cap + 1.0, gaps  # a move at least every half-second or so


class Broken:
    """A bot whose every decision raises (with a detail the players must not see)."""

    name = "broken"

    def choose(self, view: Any, legal: Any) -> Any:
        raise RuntimeError("bot bug; its hand was 1 2 3")


def _break_mcts(monkeypatch: pytest.MonkeyPatch) -> None:
    def bot_for(kind: str, *args: Any, **kwargs: Any) -> Any:
        return Broken() if kind.startswith("mcts") else real_bot_for(kind, *args, **kwargs)

    monkeypatch.setattr(bot_module, "bot_for", bot_for)


def _play_out(http: Any, data: Json) -> Json:
    token = data["seats"][0]["token"]
    url = f"/api/matches/{data['match']}"
    while True:
        view = settle(lambda: http.get(f"{url}/view", headers=bearer(token)).json())
        if view["over"]:
            return view
        assert view["legal"], view
        response = http.post(
            f"{url}/act",
            headers=bearer(token),
            json={"action": view["legal"][0], "version": view["version"]},
        )
        assert response.status_code == 200, response.text


def test_a_failing_bot_is_reported_and_the_random_bot_takes_its_seat(
    db: Path, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    _break_mcts(monkeypatch)
    caplog.set_level(logging.ERROR, logger="meeple.web")
    operator = "the operator's token"  # the bots' counts are the operator's only
    app = create_app(db, operator_token=operator)
    with live_server(app) as server, http_from(server.url) as http:
        data = create_over_http(http, "goofspiel", ["human", "mcts:iterations=10"], seed=4)
        final = _play_out(http, data)
        assert final["over"]
        assert final["version"] == 12
        error = final["bot_error"]
        assert "seat 1" in error
        assert "RuntimeError" in error
        assert "random" in error
        assert "hand" not in error  # the bot's view may be secret: the details go to the log
        assert final["seats"][1]["kind"] == "random"
        status = http.get("/api/status", headers=bearer(operator)).json()
        assert status["bots"]["failures"] == 1
    assert "its hand was 1 2 3" in caplog.text
    with live_server(create_app(db)) as again, http_from(again.url) as http:
        shown = http.get(f"/api/matches/{data['match']}/view").json()
        assert shown["bot_error"] == error  # kept across a restart
        assert shown["seats"][1]["kind"] == "random"


def test_when_even_the_fallback_fails_a_seated_player_can_abandon(
    db: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(bot_module, "bot_for", lambda *args, **kwargs: Broken())
    monkeypatch.setattr(bot_module, "RandomBot", lambda *args, **kwargs: Broken())
    limits = Limits(max_matches_per_client=1)
    with live_server(create_app(db, limits=limits)) as server, http_from(server.url) as http:
        data = create_over_http(http, "goofspiel", ["human", "random"], seed=5)
        url = f"/api/matches/{data['match']}"
        token = data["seats"][0]["token"]
        response = http.post(
            f"{url}/act", headers=bearer(token), json={"action": "bid 1", "version": 0}
        )
        assert response.status_code == 200
        stuck = settle(lambda: http.get(f"{url}/view", headers=bearer(token)).json())
        assert stuck["bot_error"] == STUCK  # the same words whichever decision failed
        assert not stuck["over"]
        body = {"game": "goofspiel", "players": 2, "seats": ["human", "human"]}
        refused(http.post("/api/matches", json=body), 429, "unfinished")
        refused(http.post(f"{url}/abandon"), 403, "token")
        refused(http.post(f"{url}/abandon", headers=bearer("wrong")), 403)
        response = http.post(f"{url}/abandon", headers=bearer(token))
        assert response.status_code == 200, response.text
        closed = http.get(f"{url}/view").json()
        assert "abandoned by player 0" in closed["closed"]
        refused(http.post(f"{url}/abandon", headers=bearer(token)), 409, "closed")
        assert http.post("/api/matches", json=body).status_code == 201  # the slot is free
        assert http.get("/api/status").json()["matches"]["abandoned"] == 1

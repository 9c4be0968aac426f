"""Attack class 8 (issue 31): the server's cap on unfinished matches reached from many addresses.

Before: addresses enough (each within its own cap of 4) filled the server's 200, and a
new honest client got "finish one or try later" for the hour the squatted matches
took to expire; IPv6 /64s of one /48 were as many clients as there were /64s; and
the operator could see only a count. Now, when the server is full, the match nobody
has moved in for the longest gives way to a new one once it has been idle for
``--full-idle-seconds`` (else the refusal says in how many minutes to come back);
one network (IPv4 /24, IPv6 /48) holds at most ``--max-matches-per-network``; and
``meeple matches list`` / ``close`` show the operator who holds what and clear it.
"""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from meeple.cli.app import app as cli
from meeple.core import Match
from meeple.web import Limits
from meeple.web import create_app
from meeple.web.match_cap import Caps
from meeple.web.match_cap import network_of
from meeple.web.store import NewMatch
from meeple.web.store import Store

from .support import act
from .support import create_over_http
from .support import http_from
from .support import live_server
from .support import refused

CREATE = {"game": "goofspiel", "players": 2, "seats": ["human", "human"]}
WAIT = 20.0


def _limits(**chosen: Any) -> Limits:
    return Limits(
        **{"max_matches": 8, "max_matches_per_client": 2, "creates_per_minute": 600, **chosen}
    )


def _fill(url: str) -> list[dict[str, Any]]:
    """Eight matches from four addresses, each in a network of its own: the server is full."""
    made = []
    for a in range(4):
        with http_from(url, f"127.0.{10 + a}.1") as http:
            made += [create_over_http(http, "goofspiel", ["human", "human"]) for _ in range(2)]
    return made


def test_a_full_server_tells_a_newcomer_when_to_come_back(tmp_path: Path) -> None:
    app = create_app(tmp_path / "db.sqlite3", limits=_limits())
    with live_server(app) as server:
        _fill(server.url)
        with http_from(server.url, "127.0.20.1") as newcomer:
            response = newcomer.post("/api/matches", json=CREATE)
        reason = refused(response, 429, "the server is full", "try again in 10 minutes")
        assert "8 unfinished matches" in reason
        assert response.headers["retry-after"] == "600"


def test_when_full_the_match_idle_longest_gives_way(tmp_path: Path) -> None:
    app = create_app(tmp_path / "db.sqlite3", limits=_limits(full_idle_seconds=0.2))
    with live_server(app) as server:
        made = _fill(server.url)
        with http_from(server.url, "127.0.30.1") as players:
            for data in made[1:]:  # every match but the first has a move: it is the idlest
                token = data["seats"][0]["token"]
                assert act(players, data["match"], token, "bid 1", 0).status_code == 200
        with http_from(server.url, "127.0.20.1") as newcomer:
            deadline = time.monotonic() + WAIT
            while (response := newcomer.post("/api/matches", json=CREATE)).status_code != 201:
                refused(response, 429, "the server is full")  # until it has idled 0.2 s
                assert time.monotonic() < deadline, "no match gave way"
                time.sleep(0.05)
            closed = [
                newcomer.get(f"/api/matches/{data['match']}/view").json()["closed"] for data in made
            ]
        assert "closed for a new match" in closed[0]
        assert closed[1:] == [None] * 7


def test_one_network_holds_at_most_its_cap(tmp_path: Path) -> None:
    """Public addresses (given by the trusted proxy at 127.0.0.1): three of 81.2.69.0/24
    share its cap; another /24 is not held back."""
    limits = _limits(max_matches=50, max_matches_per_network=3)
    app = create_app(tmp_path / "db.sqlite3", limits=limits)
    with live_server(app, forwarded_allow_ips="127.0.0.1") as server, http_from(server.url) as http:

        def create_from(address: str) -> int:
            forwarded = {"X-Forwarded-For": address}
            response = http.post("/api/matches", json=CREATE, headers=forwarded)
            if response.status_code == 429:
                refused(response, 429, "your network")
            return response.status_code

        assert [create_from("81.2.69.1") for _ in range(2)] == [201, 201]
        assert [create_from("81.2.69.2") for _ in range(2)] == [201, 429]
        assert create_from("81.2.69.3") == 429
        assert create_from("81.2.70.1") == 201


def test_ipv6_64s_of_one_48_are_one_network_and_a_lan_is_not(tmp_path: Path) -> None:
    assert network_of("2a01:4f8:7:1::/64") == network_of("2a01:4f8:7:ffff::/64")
    assert network_of("2a01:4f8:7:1::/64") == "2a01:4f8:7::/48"
    assert network_of("81.2.69.9") == "81.2.69.0/24"
    for alone in ("192.168.1.5", "10.0.0.7", "127.0.0.1", "fd00:1:2:3::/64", "testclient"):
        assert network_of(alone) == alone  # a LAN party's players are not one network
    store = Store(tmp_path / "v6.sqlite3")
    caps = Caps(total=200, per_client=4, per_network=16, full_idle_seconds=600)
    record = Match("goofspiel", 2, seed=1).record()
    clients = [f"2a01:4f8:7:{i:x}::/64" for i in range(30)] + [f"192.168.1.{i}" for i in range(20)]
    try:
        stored = [
            store.create(
                NewMatch(f"match-{n:04d}", ("human", "human"), ("a", "b"), record, client),
                caps,
                "",
            ).refusal
            for n, client in enumerate(clients)
        ]
    finally:
        store.close()
    assert stored == [None] * 16 + ["network"] * 14 + [None] * 20


# the operator ------------------------------------------------------------------------------


def test_the_operator_sees_who_holds_the_matches_and_clears_them(tmp_path: Path) -> None:
    db = tmp_path / "db.sqlite3"
    app = create_app(db, limits=_limits(sweep_seconds=0.1))
    with live_server(app) as server:
        made = _fill(server.url)
        listed = CliRunner().invoke(cli, ["matches", "list", "--db", str(db)])
        assert listed.exit_code == 0, listed.output
        text = " ".join(listed.output.split())
        assert "8 unfinished matches by address" in text
        for a in range(4):
            assert f"127.0.{10 + a}.1" in text
        cleared = CliRunner().invoke(
            cli, ["matches", "close", "--db", str(db), "--address", "127.0.10.1"]
        )
        assert cleared.exit_code == 0, cleared.output
        assert "closed 2 unfinished matches" in cleared.output
        with http_from(server.url, "127.0.20.1") as newcomer:
            assert newcomer.post("/api/matches", json=CREATE).status_code == 201  # at once
            url = f"/api/matches/{made[0]['match']}/view"
            deadline = time.monotonic() + WAIT
            while (closed := newcomer.get(url).json()["closed"]) is None:  # the next sweep
                assert time.monotonic() < deadline, "the players were never told"
                time.sleep(0.05)
        assert closed == "closed by the server's operator"


@pytest.mark.parametrize(
    ("args", "words"),
    [
        ([], "say which matches"),
        (["--idle-minutes", "5"], "no database at"),
    ],
)
def test_the_operator_command_refuses_clearly(tmp_path: Path, args: list[str], words: str) -> None:
    db = tmp_path / ("absent.sqlite3" if args else "db.sqlite3")
    if not args:
        Store(db).close()
    result = CliRunner().invoke(cli, ["matches", "close", "--db", str(db), *args])
    assert result.exit_code == 2
    assert words in " ".join(result.output.split())
    assert not (tmp_path / "absent.sqlite3").exists()  # never a new empty database

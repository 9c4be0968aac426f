"""Attack class 7 (issue 31): forged ``X-Forwarded-For``, with and without a proxy.

The per-address limits (matches, create rate, request rate, wrong tokens, streams)
count a client by the address the server sees. ``X-Forwarded-For`` (and
``Forwarded``, ``X-Real-IP``) is anyone's to write: the app believes it only from a
proxy it was told to trust (`create_app(trusted_proxies=...)`, ``meeple serve
--forwarded-allow-ips``), and then takes the right-most address that is not a
trusted proxy, the one the proxy itself appended; whatever a client wrote to the
left of it changes nothing.

Hole found: ``meeple serve`` trusted 127.0.0.1 by default (uvicorn's setting), so
any program on the server's machine, or anything reaching it through a local tunnel,
could be a new client with every request by sending a new ``X-Forwarded-For``, and
dodge every per-address limit. Now no proxy is trusted unless named.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest
import uvicorn
from starlette.testclient import TestClient
from typer.testing import CliRunner

from meeple.cli.app import app as cli
from meeple.web import Limits
from meeple.web import create_app

from .support import bearer
from .support import http_from
from .support import refused
from .support import server_process

CREATE = {"game": "goofspiel", "players": 2, "seats": ["human", "human"]}
ONE_CREATE = Limits(create_burst=1, creates_per_minute=0.01)
"""One match per address, then 429 for a long while: shows who a request counted as."""


@contextmanager
def behind(tmp_path: Path, trusted: str | list[str] = "", **limits: Any) -> Iterator[Any]:
    """A function making test clients from an address, for an app trusting `trusted`
    (with `limits`, or one create per address)."""
    chosen = Limits(**limits) if limits else ONE_CREATE
    app = create_app(tmp_path / "db.sqlite3", limits=chosen, trusted_proxies=trusted)
    with TestClient(app) as started:
        yield lambda address: TestClient(started.app, client=(address, 4000))


def _creates(client: TestClient, forwarded: str | None = None, **headers: str) -> int:
    if forwarded is not None:
        headers["x-forwarded-for"] = forwarded
    status: int = client.post("/api/matches", json=CREATE, headers=headers).status_code
    return status


FORGED = {
    "forwarded": "for=198.51.100.{n}",
    "x-real-ip": "198.51.100.{n}",
    "x-client-ip": "198.51.100.{n}",
    "true-client-ip": "198.51.100.{n}",
}


def test_without_a_trusted_proxy_no_forged_header_makes_a_new_client(tmp_path: Path) -> None:
    with behind(tmp_path) as client_at:
        local = client_at("127.0.0.1")
        assert _creates(local, "198.51.100.1") == 201
        for n in range(2, 6):
            assert _creates(local, f"198.51.100.{n}") == 429
            assert _creates(local, **{k: v.format(n=n) for k, v in FORGED.items()}) == 429
        assert _creates(client_at("127.0.0.2")) == 201  # another address is another client


def test_meeple_serve_trusts_no_proxy_by_default(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """What ``meeple serve`` runs, with its default flags, asked from 127.0.0.1: uvicorn
    was told to trust 127.0.0.1's X-Forwarded-For."""
    runs: list[dict[str, Any]] = []
    monkeypatch.setattr(uvicorn, "run", lambda app, **kw: runs.append({"app": app, **kw}))
    flags = ["--create-burst", "1", "--creates-per-minute", "0.01"]
    result = CliRunner().invoke(cli, ["serve", "--db", str(tmp_path / "db.sqlite3"), *flags])
    assert result.exit_code == 0, result.output
    (run,) = runs
    assert run.get("proxy_headers") is False or run.get("forwarded_allow_ips") in ("", None)
    with TestClient(run["app"], client=("127.0.0.1", 4000)) as local:
        assert [_creates(local, f"192.0.2.{n}") for n in range(1, 4)] == [201, 429, 429]


@pytest.mark.heavy  # starts and stops a server process: about 3 s
def test_meeple_serve_trusts_no_proxy_by_default_in_a_real_process(tmp_path: Path) -> None:
    """Through the real command, from 127.0.0.1: it trusted 127.0.0.1, so each forged
    address was a new client with a new create burst."""
    flags = ("--create-burst", "1", "--creates-per-minute", "0.01")
    with server_process(tmp_path / "db.sqlite3", *flags) as server, http_from(server.url) as http:
        statuses = [
            http.post("/api/matches", json=CREATE, headers={"x-forwarded-for": f"192.0.2.{n}"})
            for n in range(1, 4)
        ]
    assert [r.status_code for r in statuses] == [201, 429, 429]


def test_behind_a_trusted_proxy_the_client_is_the_address_the_proxy_appended(
    tmp_path: Path,
) -> None:
    with behind(tmp_path, "127.0.0.1") as client_at:
        proxy = client_at("127.0.0.1")
        assert _creates(proxy, "203.0.113.7") == 201
        assert _creates(proxy, "203.0.113.7") == 429  # the same client, as the proxy says
        assert _creates(proxy, "203.0.113.8") == 201  # another one
        # What the client wrote to the left of what the proxy appended changes nothing:
        for n in range(1, 5):
            assert _creates(proxy, f"10.9.9.{n}, 203.0.113.8") == 429
            assert _creates(proxy, f"203.0.113.{n + 20}, 127.0.0.1, 203.0.113.8") == 429
        # Not from the proxy: the header is anyone's, and ignored.
        stranger = client_at("192.0.2.50")
        assert _creates(stranger, "203.0.113.99") == 201
        assert _creates(stranger, "203.0.113.100") == 429


def test_wrong_token_guesses_cannot_be_spread_over_forged_addresses(tmp_path: Path) -> None:
    limits = {"guess_burst": 3, "guesses_per_minute": 0.1}
    with behind(tmp_path, ["127.0.0.1"], **limits) as client_at:
        proxy = client_at("127.0.0.1")
        match = proxy.post("/api/matches", json=CREATE).json()["match"]
        url = f"/api/matches/{match}/view"
        seen = []
        for n in range(6):
            headers = {**bearer(f"guess{n}"), "x-forwarded-for": f"10.0.0.{n}, 198.51.100.4"}
            seen.append(proxy.get(url, headers=headers).status_code)
        assert seen == [403, 403, 403, 429, 429, 429]


def test_a_trusted_proxy_may_say_the_scheme_a_stranger_may_not(tmp_path: Path) -> None:
    """The join links follow X-Forwarded-Proto from a trusted proxy (TLS ends there)."""
    with behind(tmp_path, "10.0.0.0/8", create_burst=10) as client_at:
        https = {"x-forwarded-proto": "https", "x-forwarded-for": "203.0.113.1"}
        made = client_at("10.1.2.3").post("/api/matches", json=CREATE, headers=https).json()
        assert made["spectator_url"].startswith("https://")
        made = client_at("192.0.2.1").post("/api/matches", json=CREATE, headers=https).json()
        assert made["spectator_url"].startswith("http://")


@pytest.mark.parametrize("trusted", ["localhost", "10.0.0.300", "10.0.0.0/99", "nginx"])
def test_a_trusted_proxy_that_is_not_an_address_is_refused(trusted: str) -> None:
    with pytest.raises(ValueError, match="not an IP address or network"):
        create_app(":memory:", trusted_proxies=trusted)
    result = CliRunner().invoke(
        cli, ["serve", "--db", ":memory:", "--forwarded-allow-ips", trusted]
    )
    assert result.exit_code == 2
    assert "not an IP address or network" in " ".join(result.output.split())


def test_status_counts_the_forged_requests_as_refused(tmp_path: Path) -> None:
    with behind(tmp_path) as client_at:
        local = client_at("127.0.0.1")
        for n in range(4):
            _creates(local, f"198.51.100.{n}")
        refused(local.post("/api/matches", json=CREATE), 429, "too quickly")
        assert local.get("/api/status").json()["clients"]["tracked"] == 1

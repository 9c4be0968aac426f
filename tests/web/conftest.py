"""Fixtures: an in-process client (TestClient) and a real server on loopback."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from starlette.testclient import TestClient

from meeple.web import Limits, create_app
from tests.toy_game import TOY

from .support import LiveServer, live_server


@pytest.fixture
def db(tmp_path: Path) -> Path:
    """A fresh SQLite file."""
    return tmp_path / "web.sqlite3"


@pytest.fixture
def client(db: Path) -> Iterator[TestClient]:
    """The app (goofspiel registered, plus the unregistered toy game) behind a TestClient.

    Every in-process request comes from one address ("testclient"), and these tests
    walk whole games request by request as fast as they can: the request rate is
    raised for them (the rate limits have their own tests, on real servers).
    """
    fast = Limits(requests_per_second=10_000, request_burst=10_000)
    with TestClient(create_app(db, limits=fast, games={"toy": TOY})) as test_client:
        yield test_client


@pytest.fixture
def server(db: Path) -> Iterator[LiveServer]:
    """The app served by uvicorn on a free loopback port."""
    with live_server(create_app(db, games={"toy": TOY})) as running:
        yield running

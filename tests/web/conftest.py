"""Fixtures: an in-process client (TestClient), a real server on loopback, and a browser."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING

import pytest
from starlette.testclient import TestClient

from meeple.web import Limits
from meeple.web import create_app
from tests.toy_game import TOY

from ..shared import chromium_env
from .support import LiveServer
from .support import live_server

if TYPE_CHECKING:
    from playwright.sync_api import Browser

CHROMIUM = "/usr/bin/chromium"
"""Debian's Chromium (`.ci/web-deps.sh` installs it)."""
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
"""Headless, and nothing that reaches out to the network on its own."""


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


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    """Debian's Chromium, headless, one per test module."""
    from playwright.sync_api import sync_playwright  # only the browser tests need it

    with sync_playwright() as playwright:
        launched = playwright.chromium.launch(
            executable_path=CHROMIUM, args=CHROMIUM_ARGS, env=chromium_env()
        )
        yield launched
        launched.close()

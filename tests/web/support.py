"""Helpers shared by the web tests: a real server on loopback and small API wrappers."""

from __future__ import annotations

import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

import uvicorn
from starlette.applications import Starlette
from starlette.testclient import TestClient

from meeple.web.hub import Hub

Json = dict[str, Any]


def bearer(token: str) -> dict[str, str]:
    """The header a seat sends."""
    return {"Authorization": f"Bearer {token}"}


def create(client: TestClient, game: str, seats: list[str], **extra: Any) -> Json:
    """Create a match and return the creation response (fails the test if refused)."""
    response = client.post(
        "/api/matches", json={"game": game, "players": len(seats), "seats": seats, **extra}
    )
    assert response.status_code == 201, response.text
    data: Json = response.json()
    return data


def settle(get_view: Callable[[], Json], timeout: float = 20.0) -> Json:
    """Poll a view until no bot is thinking; the settled view."""
    deadline = time.monotonic() + timeout
    while True:
        view = get_view()
        if not view["waiting_for_bots"]:
            return view
        assert time.monotonic() < deadline, "bots did not finish in time"
        time.sleep(0.01)


def hub_of(app: Starlette) -> Hub:
    """The app's hub (set by its lifespan)."""
    hub: Hub = app.state.hub
    return hub


class LiveServer:
    """A uvicorn server for one app on a free loopback port, in a thread."""

    def __init__(self, app: Starlette) -> None:
        self.app = app
        self.port = 0
        """The port the server listens on, once started (the OS picks a free one)."""
        self.url = ""
        """Base URL, no trailing slash, once started."""
        # uvicorn binds the port itself: a socket handed to it is served without
        # TCP_NODELAY, which costs every request a 40 ms delayed ACK.
        config = uvicorn.Config(
            app,
            host="127.0.0.1",
            port=0,
            log_level="warning",
            ws="none",
            lifespan="on",
            timeout_graceful_shutdown=2,
            access_log=False,
        )
        self.server = uvicorn.Server(config)
        self._thread = threading.Thread(target=self.server.run, daemon=True)

    def start(self) -> None:
        """Start and wait until the server accepts connections."""
        self._thread.start()
        deadline = time.monotonic() + 10
        while not self.server.started:
            assert self._thread.is_alive(), "the server thread died while starting"
            assert time.monotonic() < deadline, "the server did not start"
            time.sleep(0.01)
        self.port = self.server.servers[0].sockets[0].getsockname()[1]
        self.url = f"http://127.0.0.1:{self.port}"

    def stop(self) -> None:
        """Ask the server to exit and wait for it."""
        self.server.should_exit = True
        self._thread.join(timeout=15)
        assert not self._thread.is_alive(), "the server did not stop"


@contextmanager
def live_server(app: Starlette) -> Iterator[LiveServer]:
    """A running server for `app`, stopped afterwards."""
    server = LiveServer(app)
    server.start()
    try:
        yield server
    finally:
        server.stop()

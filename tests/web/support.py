"""Helpers shared by the web tests: a real server on loopback and small API wrappers."""

from __future__ import annotations

import os
import resource
import shutil
import signal
import socket
import sqlite3
import subprocess
import sys
import threading
import time
from collections.abc import Callable
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING
from typing import Any

import httpx2 as httpx
import uvicorn
from starlette.applications import Starlette

from meeple.web.hub import Hub

if TYPE_CHECKING:
    from playwright.sync_api import Page

Json = dict[str, Any]

ROOT = Path(__file__).resolve().parents[2]
SCREENSHOTS = ROOT / "artifacts" / "screenshots"
"""Where the browser tests save what they saw (not committed)."""
DOC_IMAGES = ROOT / "docs" / "images"
DOC_ENV = "MEEPLE_DOC_SCREENSHOTS"
"""With this set to ``1``, the screenshots docs/web.md shows are written there too."""


def screenshot(page: Page, name: str, *, full_page: bool = False, doc: bool = False) -> None:
    """Save `page` as ``artifacts/screenshots/NAME.png``; a `doc` one also goes to
    ``docs/images/web-NAME.png`` when `DOC_ENV` is ``1`` (how the docs' copies are made)."""
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    path = SCREENSHOTS / f"{name}.png"
    page.screenshot(path=str(path), full_page=full_page)
    if doc and os.environ.get(DOC_ENV) == "1":
        shutil.copy(path, DOC_IMAGES / f"web-{name}.png")


def bearer(token: str) -> dict[str, str]:
    """The header a seat sends."""
    return {"Authorization": f"Bearer {token}"}


def create(client: httpx.Client, game: str, seats: list[str], **extra: Any) -> Json:
    """Create a match and return the creation response (fails the test if refused).

    `client` is a `TestClient` or a client of a live server (`http_from`).
    """
    response = client.post(
        "/api/matches", json={"game": game, "players": len(seats), "seats": seats, **extra}
    )
    assert response.status_code == 201, response.text
    data: Json = response.json()
    return data


def act(client: httpx.Client, match: str, token: str, action: str, version: int) -> httpx.Response:
    """Post a move as the seat holding `token`, at the match's `version`; the response."""
    return client.post(
        f"/api/matches/{match}/act",
        headers=bearer(token),
        json={"action": action, "version": version},
    )


POLL_SECONDS = 0.04
"""How often the tests poll: 25 a second stays under the default 30-a-second request limit,
so a slow bot under CI load never turns polling into 429s."""


def wait_until(
    done: Callable[[], bool], failure: str, timeout: float = 20.0, every: float = POLL_SECONDS
) -> None:
    """Poll `done` every `every` seconds until it holds: a test waits for an event, not a
    guess of how long it takes; `failure` says what did not happen in `timeout` seconds."""
    deadline = time.monotonic() + timeout
    while not done():
        assert time.monotonic() < deadline, f"{failure} (in {timeout} s)"
        time.sleep(every)


def settle(get_view: Callable[[], Json], timeout: float = 20.0) -> Json:
    """Poll a view until no bot is thinking; the settled view."""
    deadline = time.monotonic() + timeout
    while True:
        view = get_view()
        if not view["waiting_for_bots"]:
            return view
        assert time.monotonic() < deadline, "bots did not finish in time"
        time.sleep(POLL_SECONDS)


def hub_of(app: Starlette) -> Hub:
    """The app's hub (set by its lifespan)."""
    hub: Hub = app.state.hub
    return hub


class LiveServer:
    """A uvicorn server for one app on a free loopback port, in a thread."""

    def __init__(self, app: Starlette, **settings: Any) -> None:
        """`settings` go to ``uvicorn.Config`` too (``meeple.web.connections.uvicorn_settings``
        for the connection caps ``meeple serve`` uses)."""
        self.app = app
        self.port = 0
        """The port the server listens on, once started (the OS picks a free one)."""
        self.url = ""
        """Base URL, no trailing slash, once started."""
        # uvicorn binds the port itself: a socket handed to it is served without
        # TCP_NODELAY, which costs every request a 40 ms delayed ACK.
        config = uvicorn.Config(
            app,
            **{
                "host": "127.0.0.1",
                "port": 0,
                "log_level": "warning",
                "ws": "none",
                "lifespan": "on",
                "timeout_graceful_shutdown": 2,
                "access_log": False,
                **settings,
            },
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

    @property
    def thread_ident(self) -> int | None:
        """The identity of the thread that runs the server's event loop."""
        return self._thread.ident

    def stop(self) -> None:
        """Ask the server to exit and wait for it."""
        self.server.should_exit = True
        self._thread.join(timeout=15)
        assert not self._thread.is_alive(), "the server did not stop"


@contextmanager
def live_server(app: Starlette, **settings: Any) -> Iterator[LiveServer]:
    """A running server for `app` (`settings` as for `LiveServer`), stopped afterwards."""
    server = LiveServer(app, **settings)
    server.start()
    try:
        yield server
    finally:
        server.stop()


@contextmanager
def edited(db: Path) -> Iterator[sqlite3.Connection]:
    """A connection to the database `db` for a test to change it by hand: committed and
    closed on leaving. (``with sqlite3.connect(db)`` commits but leaves the connection
    open, and Python 3.13 warns of each one left to the garbage collector.)"""
    connection = sqlite3.connect(db)
    try:
        with connection:
            yield connection
    finally:
        connection.close()


# clients from their own loopback address ---------------------------------------------------
#
# The server limits work per client address. Linux routes all of 127.0.0.0/8 to the
# loopback interface, so a test client that binds 127.0.0.N is, to the server, a
# different machine.


def http_from(url: str, address: str = "127.0.0.1", timeout: float = 20.0) -> httpx.Client:
    """An HTTP client to `url` whose connections come from loopback `address`.

    Plain HTTP on loopback: ``verify=False`` only skips loading the CA bundle, which
    costs a quarter of a second per client and would throttle the concurrent tests.
    """
    transport = httpx.HTTPTransport(local_address=address, verify=False)
    return httpx.Client(base_url=url, timeout=timeout, transport=transport, verify=False)


create_over_http = create
"""`create` through a client of a live server (the name says where the request goes)."""


def refused(response: httpx.Response, status: int, *words: str) -> str:
    """Check a JSON refusal: its status and that its reason mentions each word; the reason."""
    assert response.status_code == status, response.text
    body = response.json()
    assert body["status"] == status, body
    reason: str = body["error"]
    for word in words:
        assert word in reason, (word, reason)
    return reason


# a server in its own process, for kill -9 -----------------------------------------------------


def free_port() -> int:
    """A TCP port nobody listens on right now."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


class ServerProcess:
    """``meeple serve`` in a child process (so a test can kill -9 it) on a free port."""

    def __init__(self, db: Path, *flags: str, open_files: int | None = None) -> None:
        self.db = db
        self.flags = flags
        self.open_files = open_files
        """The server's limit on open files (None: this process's)."""
        self.port = 0
        self.url = ""
        """Base URL, no trailing slash, once started."""
        self.process: subprocess.Popen[bytes] | None = None
        self.log = db.with_suffix(".log")
        """Where the server's output goes (read it when a test fails)."""

    def start(self, timeout: float = 30.0) -> None:
        """Start the server and wait until it answers.

        A free port can be taken by another process between `free_port` and the
        server's bind (other test workers start servers too): the server then says
        so and exits, and another free port is tried. Nothing else is tried again."""
        for _ in range(5):
            begun = self.log.stat().st_size if self.log.exists() else 0
            if self._start_once(timeout):
                return
            refused = self.log.read_bytes()[begun:].decode("utf-8", "replace")
            assert "is in use" in refused, refused
        raise AssertionError("five free ports were taken before the server bound one")

    def _start_once(self, timeout: float) -> bool:
        """Start on a fresh free port: True once it answers, False if that port was taken."""
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        command = [
            sys.executable,
            "-c",
            "from meeple.cli.app import main; main()",
            "serve",
            "--host",
            "127.0.0.1",
            "--port",
            str(self.port),
            "--db",
            str(self.db),
            *self.flags,
        ]
        with self.log.open("ab") as log:
            limit = self._limit_files if self.open_files is not None else None
            self.process = subprocess.Popen(
                command, stdout=log, stderr=subprocess.STDOUT, preexec_fn=limit
            )
        deadline = time.monotonic() + timeout
        with http_from(self.url, timeout=1) as probe:
            while True:
                code = self.process.poll()
                if code == 2 and "is in use" in self.output()[-400:]:
                    return False  # the usage error `meeple serve` gives for a taken port
                assert code is None, f"the server exited with {code}\n{self.output()}"
                try:
                    if probe.get("/api/status").status_code == 200:
                        return True
                except httpx.TransportError:
                    pass
                assert time.monotonic() < deadline, "the server did not start\n" + self.output()
                time.sleep(0.05)

    def _limit_files(self) -> None:
        """In the child, before the server starts: its limit on open files."""
        assert self.open_files is not None
        resource.setrlimit(resource.RLIMIT_NOFILE, (self.open_files, self.open_files))

    def kill9(self) -> None:
        """SIGKILL: no shutdown code runs, exactly like a crash or the OOM killer."""
        assert self.process is not None
        self.process.send_signal(signal.SIGKILL)
        self.process.wait(timeout=10)

    def stop(self) -> None:
        """Stop politely (SIGTERM) if still running."""
        if self.process is not None and self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(timeout=15)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait(timeout=5)

    def output(self) -> str:
        """What the server printed so far."""
        return self.log.read_text(errors="replace", encoding="utf-8") if self.log.exists() else ""


@contextmanager
def server_process(db: Path, *flags: str) -> Iterator[ServerProcess]:
    """A running ``meeple serve`` child process, stopped afterwards."""
    server = ServerProcess(db, *flags)
    server.start()
    try:
        yield server
    finally:
        server.stop()

"""TCP connections: a deadline on every request, and caps on connections per address and in all.

uvicorn on its own waits for a request's head as long as the client takes (one byte
a second keeps a connection for ever: slowloris), waits as long as a client takes to
read an answer, and accepts every connection it is offered until the process runs
out of file descriptors, when nobody can connect at all. `GuardedH11Protocol` is
uvicorn's HTTP/1.1 protocol with three additions:

* a request (head and body) must arrive within `Limits.request_seconds` of the
  connection opening or of the previous answer, and an answer that the client does
  not read (the socket's buffer stays full) for as long is given up; either way the
  connection is closed (with a 408 if no request had begun);
* one address may hold `Limits.max_connections_per_client` connections; one more is
  answered 429 and closed. A trusted reverse proxy (``--forwarded-allow-ips``) is
  not counted this way: every client comes through it;
* the server holds at most `Limits.max_connections` (or fewer if the process may not
  open that many files): at the cap, a new connection closes one that is waiting for
  a request (an unfinished head, an idle keep-alive): of the address holding the
  most such connections, the one that has waited longest; so a client with one
  connection keeps it while others hold dozens. If every connection is busy with a
  request, the new one is answered 503 and closed.

Live-update streams are requests that last; `meeple.web.stream_slots` keeps their
number below the connection cap, so there is always room for other requests.
`uvicorn_settings` gathers everything ``meeple serve`` passes to uvicorn.
"""

from __future__ import annotations

import asyncio
import contextlib
import ipaddress
import itertools
import logging
from collections.abc import Callable
from typing import Any

import h11
from uvicorn.config import Config
from uvicorn.protocols.http.h11_impl import H11Protocol
from uvicorn.server import ServerState

from .clients import client_key
from .errors import send_refusal
from .limits import Limits

__all__ = [
    "BACKLOG",
    "FILE_RESERVE",
    "KEEP_ALIVE_SECONDS",
    "MAX_HEAD_BYTES",
    "ConnectionGuard",
    "GuardedH11Protocol",
    "HeadLimit",
    "TrustedProxies",
    "connection_cap",
    "uvicorn_settings",
]

log = logging.getLogger("meeple.web")

KEEP_ALIVE_SECONDS = 5
"""How long an idle keep-alive connection is kept after an answer (uvicorn's default)."""
MAX_HEAD_BYTES = 16_384
"""Largest request head (request line and headers): one still arriving past it gets 400
(h11), one that came whole in a single read 431 (`HeadLimit`)."""
BACKLOG = 128
"""Connections waiting to be accepted (the listen queue), and so the most accepted in one
go before the guard has closed the ones it refuses."""
FILE_RESERVE = 2 * BACKLOG + 64
"""File descriptors kept back from the connection cap: two bursts of accepted connections
(asyncio accepts a burst before the guard has seen the previous one, whose refused or
displaced connections are closed a moment later), the database, bot workers' pipes,
logs, the event loop's own."""


def _raw(status: str, text: str) -> bytes:
    body = text.encode()
    head = (
        f"HTTP/1.1 {status}\r\ncontent-type: text/plain; charset=utf-8\r\n"
        f"content-length: {len(body)}\r\nconnection: close\r\n\r\n"
    )
    return head.encode() + body


_TOO_SLOW = _raw("408 Request Timeout", "the request did not arrive in time\n")


class TrustedProxies:
    """The ``--forwarded-allow-ips`` setting: addresses or networks, or ``*`` for any."""

    def __init__(self, setting: str) -> None:
        items = [item.strip() for item in setting.split(",") if item.strip()]
        self.anyone = "*" in items
        """Whether every peer is trusted as a proxy."""
        self._networks = []
        self._names = set()
        for item in items:
            try:
                self._networks.append(ipaddress.ip_network(item, strict=False))
            except ValueError:
                self._names.add(item)  # a unix socket path, say: compared as given

    def __contains__(self, host: object) -> bool:
        if self.anyone:
            return True
        if not isinstance(host, str):
            return False
        try:
            address = ipaddress.ip_address(host)
        except ValueError:
            return host in self._names
        return any(address in network for network in self._networks)


def connection_cap(wanted: int) -> int:
    """`wanted`, or fewer if this process may not open that many files: the soft
    limit on open files is raised toward the hard one first. Where Python has no
    `resource` module (Windows), there is no such limit to read or raise: `wanted`."""
    try:
        import resource  # Unix only: imported here so that the server starts anywhere
    except ImportError:
        return wanted
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    needed = wanted + FILE_RESERVE
    if soft != resource.RLIM_INFINITY and soft < needed:
        raised = needed if hard == resource.RLIM_INFINITY else min(needed, hard)
        with contextlib.suppress(ValueError, OSError):
            resource.setrlimit(resource.RLIMIT_NOFILE, (raised, hard))
            soft = raised
    if soft == resource.RLIM_INFINITY:
        return wanted
    return max(1, min(wanted, soft - FILE_RESERVE))


class ConnectionGuard:
    """Every open connection of one server, the counts per address, and the connections
    waiting for a request in the order they started waiting."""

    def __init__(self, limits: Limits, trusted: TrustedProxies, cap: int | None = None) -> None:
        self.limits = limits
        """The limits in force."""
        self.trusted = trusted
        """Peers counted as proxies, not as clients."""
        self.cap = connection_cap(limits.max_connections) if cap is None else cap
        """Most connections held at once."""
        self._open: dict[GuardedH11Protocol, str | None] = {}
        # per client key (None: trusted proxies): connection -> when it began waiting
        self._waiting: dict[str | None, dict[GuardedH11Protocol, int]] = {}
        self._since = itertools.count()
        self._per_client: dict[str, int] = {}
        self.refused = 0
        """Connections refused (per-address or total cap) since start."""
        self.evicted = 0
        """Idle connections closed to make room for a new one since start."""
        self.timed_out = 0
        """Connections closed for a request or an answer that took too long."""

    @property
    def open(self) -> int:
        """Connections held now."""
        return len(self._open)

    def admit(self, conn: GuardedH11Protocol, host: object) -> bytes | None:
        """Count a new connection; None if admitted, else the answer refusing it."""
        key = None if host in self.trusted else client_key((host, 0))
        if (
            key is not None
            and self._per_client.get(key, 0) >= self.limits.max_connections_per_client
        ):
            self.refused += 1
            return _raw(
                "429 Too Many Requests",
                f"your address already has {self.limits.max_connections_per_client} "
                "connections open, the most one address may have\n",
            )
        if len(self._open) >= self.cap and not self._evict_idle():
            self.refused += 1
            return _raw(
                "503 Service Unavailable",
                f"the server holds {self.cap} connections, its limit, all busy; try again\n",
            )
        self._open[conn] = key
        self._waiting.setdefault(key, {})[conn] = next(self._since)
        if key is not None:
            self._per_client[key] = self._per_client.get(key, 0) + 1
        return None

    def busy(self, conn: GuardedH11Protocol) -> None:
        """`conn` started receiving a request: it may not be closed for room."""
        self._stop_waiting(conn)

    def waiting(self, conn: GuardedH11Protocol) -> None:
        """`conn` answered and waits for its next request, from now."""
        if conn in self._open:
            self._stop_waiting(conn)
            self._waiting.setdefault(self._open[conn], {})[conn] = next(self._since)

    def _stop_waiting(self, conn: GuardedH11Protocol) -> None:
        key = self._open.get(conn)
        mine = self._waiting.get(key)
        if mine is not None and mine.pop(conn, None) is not None and not mine:
            del self._waiting[key]

    def _evict_idle(self) -> bool:
        """Close a connection waiting for a request (a slow head, an idle keep-alive): of
        the address with the most such connections, the one that has waited longest
        (among addresses with as many, the longest wait). False if none is waiting."""
        ranked = (
            (len(mine), -next(iter(mine.values())), key) for key, mine in self._waiting.items()
        )
        chosen = max(ranked, key=lambda rank: rank[:2], default=None)
        if chosen is None:
            return False
        conn = next(iter(self._waiting[chosen[2]]))
        self.release(conn)
        self.evicted += 1
        conn.close_now()
        return True

    def release(self, conn: GuardedH11Protocol) -> None:
        """A connection closed (counted once, however often it is released)."""
        self._stop_waiting(conn)
        if conn not in self._open:
            return
        key = self._open.pop(conn)
        if key is not None:
            left = self._per_client[key] - 1
            if left:
                self._per_client[key] = left
            else:
                del self._per_client[key]


class GuardedH11Protocol(H11Protocol):
    """uvicorn's HTTP/1.1 protocol with a request deadline and the caps of a
    `ConnectionGuard` (made for one server by `guarded_protocol`)."""

    guard: ConnectionGuard
    """Shared by every connection of the server (set on the subclass)."""

    def __init__(
        self,
        config: Config,
        server_state: ServerState,
        app_state: dict[str, Any],
        _loop: asyncio.AbstractEventLoop | None = None,
    ) -> None:
        super().__init__(config, server_state, app_state, _loop)
        self._deadline: asyncio.TimerHandle | None = None

    # the caps ---------------------------------------------------------------------

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        """Admit the connection under the caps (or answer 429 or 503 and close), and start
        the clock on its first request."""
        assert isinstance(transport, asyncio.Transport)
        super().connection_made(transport)
        refusal = self.guard.admit(self, self.client[0] if self.client else None)
        if refusal is not None:
            transport.write(refusal)
            transport.close()
            return
        self._arm(self._request_too_slow)

    def connection_lost(self, exc: Exception | None) -> None:
        """Free its place under the caps and stop its clock."""
        self.guard.release(self)
        self._disarm()
        super().connection_lost(exc)

    def waiting_for_request(self) -> bool:
        """Whether no request is being received or answered (an idle keep-alive
        connection, or one whose request head has not all arrived)."""
        between = self.cycle is None or self.cycle.response_complete
        return between and self.conn.their_state is h11.IDLE

    def close_now(self) -> None:
        """Close the connection (it was waiting for a request: nothing is lost)."""
        self._disarm()
        self.transport.close()

    # the deadline -----------------------------------------------------------------

    def _arm(self, then: Callable[[], None]) -> None:
        self._disarm()
        self._deadline = self.loop.call_later(self.guard.limits.request_seconds, then)

    def _disarm(self) -> None:
        if self._deadline is not None:
            self._deadline.cancel()
            self._deadline = None

    def _request_received(self) -> bool:
        return self.conn.their_state in (h11.DONE, h11.MUST_CLOSE, h11.CLOSED, h11.ERROR)

    def data_received(self, data: bytes) -> None:
        """Mark the connection busy once a request starts; stop the clock once it has
        all arrived."""
        super().data_received(data)
        if not self.waiting_for_request():
            self.guard.busy(self)
        if self._request_received():
            self._disarm()

    def on_response_complete(self) -> None:
        """Back to waiting for the next request, on the clock again."""
        super().on_response_complete()
        if self.transport.is_closing():
            return
        if self.waiting_for_request():
            self.guard.waiting(self)
        if not self._request_received():
            self._arm(self._request_too_slow)

    def _request_too_slow(self) -> None:
        self._deadline = None
        if self.transport.is_closing():
            return
        self.guard.timed_out += 1
        if self.waiting_for_request():
            self.transport.write(_TOO_SLOW)
        self.transport.close()  # a body still arriving: the handler sees a disconnect

    def pause_writing(self) -> None:
        """The client stopped reading the answer: it has `request_seconds` to resume."""
        super().pause_writing()
        self._arm(self._answer_not_read)

    def resume_writing(self) -> None:
        """The client reads again: stop the clock."""
        super().resume_writing()
        self._disarm()

    def _answer_not_read(self) -> None:
        self._deadline = None
        if not self.transport.is_closing():
            self.guard.timed_out += 1
            self.transport.abort()  # the client does not read: drop what is buffered


def guarded_protocol(guard: ConnectionGuard) -> type[GuardedH11Protocol]:
    """The protocol class uvicorn makes every connection of one server from."""
    return type("ServerH11Protocol", (GuardedH11Protocol,), {"guard": guard})


class HeadLimit:
    """ASGI middleware: 431 for a request whose head is over `MAX_HEAD_BYTES`.

    h11 refuses a head only while it is still arriving (``h11_max_incomplete_event_size``);
    one that came whole in a single read, up to the size of a read, was served."""

    def __init__(self, app: Any) -> None:
        self.app = app

    async def __call__(self, scope: Any, receive: Any, send: Any) -> None:
        if scope["type"] == "http" and _head_bytes(scope) > MAX_HEAD_BYTES:
            reason = f"the request head is over {MAX_HEAD_BYTES} bytes"
            await send_refusal(send, 431, reason, (b"connection", b"close"))
            return
        await self.app(scope, receive, send)


def _head_bytes(scope: Any) -> int:
    """The size of a request's head as sent: its request line and headers."""
    query = scope.get("query_string") or b""
    target = len(scope.get("raw_path") or b"") + (len(query) + 1 if query else 0)  # "?"
    line = len(scope["method"]) + target + 12  # two spaces, "HTTP/1.1", CRLF
    return line + sum(len(name) + len(value) + 4 for name, value in scope["headers"]) + 2


def uvicorn_settings(limits: Limits, forwarded_allow_ips: str) -> dict[str, Any]:
    """Everything about connections that ``meeple serve`` passes to ``uvicorn.run`` (or a
    test to ``uvicorn.Config``): the guarded protocol (which counts a trusted proxy in
    `forwarded_allow_ips` as no client), keep-alive, head size, backstop."""
    guard = ConnectionGuard(limits, TrustedProxies(forwarded_allow_ips))
    return {
        "http": guarded_protocol(guard),
        "proxy_headers": False,  # the app reads them, from trusted proxies only
        "timeout_keep_alive": KEEP_ALIVE_SECONDS,
        "backlog": BACKLOG,
        "h11_max_incomplete_event_size": MAX_HEAD_BYTES,
        # a backstop only: uvicorn counts connections the guard has refused or displaced
        # until they are closed (two bursts of accepts at most), and answers 503 past it
        "limit_concurrency": guard.cap + 2 * BACKLOG + 1,
        "ws": "none",
    }

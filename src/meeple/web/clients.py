"""Per-client bookkeeping: who a client is, how fast it may go, what it holds open.

A client is its network address as the server sees it (after a trusted reverse
proxy's ``X-Forwarded-For``, which uvicorn applies): an IPv4 address, or an
IPv6 /64 network (one machine usually has a whole /64, so counting single IPv6
addresses would let one machine be millions of clients). `ClientLimiter` is an
ASGI middleware that refuses a client's requests with 429 past its request rate
or its number of requests in flight, before any work is done for them (and holds
the refusal up to `TARPIT_SECONDS`, so a client retrying in a tight loop slows
itself down); the create rate and the spectator streams are counted here too,
for the handlers. Limiting requests in flight is what keeps the sharing fair
whatever the machine's speed: one client's sixteen parallel connections get four
requests handled at a time, like anyone else's.

Memory stays bounded: at most `MAX_TRACKED` clients are remembered, and idle
ones (nothing in flight, buckets full again) are forgotten first.
"""

from __future__ import annotations

import asyncio
import ipaddress
import math
import time
from collections import OrderedDict
from typing import Any

from starlette.types import ASGIApp
from starlette.types import Receive
from starlette.types import Scope
from starlette.types import Send

from .errors import send_refusal
from .limits import Limits

__all__ = [
    "IPV6_CLIENT",
    "MAX_TRACKED",
    "STATIC_PREFIX",
    "TARPIT_SECONDS",
    "ClientLimiter",
    "ClientState",
    "Clients",
    "TokenBucket",
    "client_key",
]

IPV6_CLIENT = 64
"""Prefix length of the IPv6 network counted as one client."""

MAX_TRACKED = 10_000
"""Most client addresses remembered at once (the least recently seen idle ones go first)."""

STATIC_PREFIX = "/static/"
"""Where the pages' scripts and style are served: rate-limited, but not counted in flight."""

TARPIT_SECONDS = 1.0
"""Longest a refused request is held before its 429 is sent: a client that retries at
once, in a loop, is slowed to a few requests a second at almost no cost to the server."""


def client_key(client: Any) -> str:
    """The key one client is counted under: IPv4 address, or IPv6 /64 network."""
    host = client[0] if client else None
    if not host:
        return "unknown"
    try:
        address = ipaddress.ip_address(str(host))
    except ValueError:
        return str(host)[:100]  # not an IP (a unix socket, a test client): as given
    if isinstance(address, ipaddress.IPv6Address):
        if address.ipv4_mapped is not None:
            return str(address.ipv4_mapped)
        return str(ipaddress.IPv6Network((address, IPV6_CLIENT), strict=False))
    return str(address)


class TokenBucket:
    """`burst` tokens, refilled at `rate` per second; each action takes one."""

    __slots__ = ("_stamp", "_tokens", "burst", "rate")

    def __init__(self, rate: float, burst: float) -> None:
        self.rate = rate
        """Tokens added per second."""
        self.burst = burst
        """Most tokens held."""
        self._tokens = float(burst)
        self._stamp = time.monotonic()

    def _refill(self, now: float) -> None:
        self._tokens = min(self.burst, self._tokens + (now - self._stamp) * self.rate)
        self._stamp = now

    def take(self) -> float:
        """0.0 if a token was taken, else the seconds until one will be there."""
        now = time.monotonic()
        self._refill(now)
        if self._tokens >= 1.0:
            self._tokens -= 1.0
            return 0.0
        return (1.0 - self._tokens) / self.rate

    def wait(self) -> float:
        """0.0 if a token is there (none is taken), else the seconds until one will be."""
        self._refill(time.monotonic())
        return 0.0 if self._tokens >= 1.0 else (1.0 - self._tokens) / self.rate

    def full(self) -> bool:
        """Whether the bucket has refilled completely (the client has been quiet)."""
        self._refill(time.monotonic())
        return self._tokens >= self.burst


class ClientState:
    """What the server remembers of one client."""

    __slots__ = ("creates", "guesses", "inflight", "requests", "streams")

    def __init__(self, limits: Limits) -> None:
        self.requests = TokenBucket(limits.requests_per_second, limits.request_burst)
        """Its request rate."""
        self.creates = TokenBucket(limits.creates_per_minute / 60.0, limits.create_burst)
        """Its match-creation rate."""
        self.guesses = TokenBucket(limits.guesses_per_minute / 60.0, limits.guess_burst)
        """Its rate of wrong seat tokens and unknown match ids."""
        self.inflight = 0
        """Its requests being handled now (live-update streams not counted)."""
        self.streams = 0
        """Its open live-update connections without a seat token."""

    def idle(self) -> bool:
        """Nothing open and nothing to remember: it may be forgotten."""
        return (
            self.inflight == 0
            and self.streams == 0
            and self.requests.full()
            and self.creates.full()
            and self.guesses.full()
        )


class Clients:
    """Every client's state, bounded in number."""

    def __init__(self, limits: Limits) -> None:
        self.limits = limits
        """The limits in force."""
        self._states: OrderedDict[str, ClientState] = OrderedDict()
        self.refused = 0
        """Requests refused with 429 by rate or in-flight limits since start."""

    def get(self, key: str) -> ClientState:
        """The state of client `key` (created if new); marks it as recently seen."""
        state = self._states.get(key)
        if state is None:
            if len(self._states) >= MAX_TRACKED:
                self._forget_idle()
            state = self._states[key] = ClientState(self.limits)
        else:
            self._states.move_to_end(key)
        return state

    def _forget_idle(self) -> None:
        for key in list(self._states):
            if self._states[key].idle():
                del self._states[key]
            if len(self._states) < MAX_TRACKED * 0.9:
                return

    @property
    def tracked(self) -> int:
        """How many clients are remembered now."""
        return len(self._states)

    def spectator_streams(self) -> int:
        """Open live-update connections without a seat token, over all clients."""
        return sum(state.streams for state in self._states.values())

    def take_create(self, key: str) -> float:
        """0.0 if client `key` may create a match now, else the seconds to wait."""
        return self.get(key).creates.take()

    def guess_wait(self, key: str) -> float:
        """0.0 if client `key` may name a match or send a token now, else the seconds to
        wait: it sent too many wrong ones (nothing is counted here)."""
        return self.get(key).guesses.wait()

    def guessed_wrong(self, key: str) -> None:
        """Client `key` sent a wrong seat token or an unknown match id."""
        self.get(key).guesses.take()

    def open_stream(self, key: str) -> bool:
        """Count a spectator stream for client `key`; False (nothing counted) past its cap."""
        state = self.get(key)
        if state.streams >= self.limits.max_streams_per_client:
            return False
        state.streams += 1
        return True

    def close_stream(self, key: str) -> None:
        """A spectator stream of client `key` ended."""
        state = self._states.get(key)
        if state is not None and state.streams > 0:
            state.streams -= 1


def _app_path(scope: Scope) -> str:
    """The request's path inside the app (without a proxy's ``root_path`` prefix)."""
    path = str(scope.get("path", ""))
    root = str(scope.get("root_path", ""))
    if root and path.startswith(root):
        return path[len(root) :]
    return path


class ClientLimiter:
    """ASGI middleware: 429 for a client past its request rate or its requests in flight."""

    def __init__(self, app: ASGIApp, clients: Clients) -> None:
        self.app = app
        self.clients = clients

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        key = client_key(scope.get("client"))
        scope.setdefault("state", {})["client_key"] = key
        limits = self.clients.limits
        state = self.clients.get(key)
        wait = state.requests.take()
        path = _app_path(scope)
        streaming = path.endswith("/events")
        # The page's own files are not held to the in-flight cap: a browser loads a
        # page's scripts and style in parallel (up to six connections), and the cap,
        # which shares the handlers' work, refused the view the page then asked for.
        uncounted = streaming or path.startswith(STATIC_PREFIX)
        reason = None
        if wait > 0:
            reason = (
                f"too many requests from your address (at most {limits.requests_per_second:g} "
                f"a second, {limits.request_burst} in a burst); slow down"
            )
        elif not uncounted and state.inflight >= limits.max_inflight_per_client:
            reason = (
                f"your address already has {limits.max_inflight_per_client} requests in "
                "progress; wait for their answers"
            )
            wait = 1.0
        if reason is not None:
            self.clients.refused += 1
            await asyncio.sleep(min(wait, TARPIT_SECONDS))
            retry = str(max(1, math.ceil(wait)))
            await send_refusal(send, 429, reason, (b"retry-after", retry.encode()))
            return
        if uncounted:
            await self.app(scope, receive, send)
            return
        state.inflight += 1
        try:
            await self.app(scope, receive, send)
        finally:
            state.inflight -= 1

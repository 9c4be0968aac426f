"""The Starlette application: routes, error bodies, security headers, limits and lifespan.

The security headers wrap the whole application, outside Starlette's own error
middleware, so every response carries them, 500s included; every ``/api/``
response is also ``Cache-Control: no-store`` (tokens and private views must not
sit in a cache). A bug gives a JSON 500 on the API (an HTML page elsewhere)
whose text says nothing of the bug; the traceback goes to the log.
"""

from __future__ import annotations

import contextlib
import ipaddress
import logging
from collections.abc import AsyncIterator
from collections.abc import Mapping
from collections.abc import Sequence
from pathlib import Path

from starlette.applications import Starlette
from starlette.exceptions import HTTPException
from starlette.middleware import Middleware
from starlette.requests import Request
from starlette.responses import JSONResponse
from starlette.responses import Response
from starlette.routing import Mount
from starlette.routing import Route
from starlette.staticfiles import StaticFiles
from starlette.types import ASGIApp
from starlette.types import Message
from starlette.types import Receive
from starlette.types import Scope
from starlette.types import Send
from uvicorn.middleware.proxy_headers import ProxyHeadersMiddleware

from ..core.protocols import Game
from ..core.shown import MAX_REASON
from ..core.shown import shown
from . import api
from . import pages
from .access import match_and_seat
from .access import operator_hash
from .clients import ClientLimiter
from .clients import Clients
from .connections import HeadLimit
from .errors import ApiError
from .errors import error_body
from .hub import Hub
from .limits import Limits
from .openapi import OPENAPI
from .origin import SameOrigin
from .store import Store

__all__ = ["SecurityHeaders", "create_app"]

log = logging.getLogger("meeple.web")

STATIC = Path(__file__).parent / "static"

_SECURITY_HEADERS = [
    (
        b"content-security-policy",
        b"default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; "
        b"img-src 'self' data:; connect-src 'self'; frame-ancestors 'none'; base-uri 'none'; "
        b"form-action 'self'; object-src 'none'",
    ),
    (b"x-content-type-options", b"nosniff"),
    (b"referrer-policy", b"no-referrer"),
    (b"x-frame-options", b"DENY"),
]
_NO_STORE = (b"cache-control", b"no-store")


class SecurityHeaders:
    """Adds a strict content security policy and friends to every response; ``no-store``
    to every API response."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        api_path = str(scope.get("path", "")).startswith("/api/")

        async def send_with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                headers = [
                    (k, v)
                    for k, v in message.get("headers", [])
                    if not (api_path and k.lower() == b"cache-control")
                ]
                headers += _SECURITY_HEADERS
                if api_path:
                    headers.append(_NO_STORE)
                message["headers"] = headers
            await send(message)

        await self.app(scope, receive, send_with_headers)


class _App(Starlette):
    """Starlette with the security headers outside its error middleware."""

    def build_middleware_stack(self) -> ASGIApp:
        return SecurityHeaders(super().build_middleware_stack())


async def _api_error(request: Request, exc: Exception) -> Response:
    assert isinstance(exc, ApiError)
    if request.url.path.startswith("/api/"):
        return JSONResponse(exc.body(), status_code=exc.status, headers=exc.headers)
    return pages.error_page(request, exc.status, shown(exc.reason, MAX_REASON))


async def _http_error(request: Request, exc: Exception) -> Response:
    assert isinstance(exc, HTTPException)
    headers = dict(exc.headers or {})  # a 405's Allow, say
    reason = str(exc.detail)
    if exc.status_code == 405 and "Allow" in headers:
        reason = (
            f"method {request.method[:20]} is not allowed here; this path takes {headers['Allow']}"
        )
    if request.url.path.startswith("/api/"):
        body = error_body(exc.status_code, reason)
        return JSONResponse(body, status_code=exc.status_code, headers=headers)
    response = pages.error_page(request, exc.status_code, shown(reason))
    response.headers.update(headers)
    return response


async def _server_error(request: Request, exc: Exception) -> Response:
    """A bug: a short answer that reveals nothing; the traceback is logged by the server."""
    reason = "internal error: the server's log has the details"
    if request.url.path.startswith("/api/"):
        return JSONResponse(error_body(500, reason), status_code=500)
    return pages.error_page(request, 500, reason)


async def _openapi(request: Request) -> Response:
    return JSONResponse(OPENAPI)


async def _lobby(request: Request) -> Response:
    return pages.lobby_page(request)


async def _match(request: Request) -> Response:
    await match_and_seat(request)  # 404 unknown (a guess), 500 damaged
    return pages.match_page(request)


def create_app(
    db: str | Path | Store = ":memory:",
    *,
    limits: Limits | None = None,
    games: Mapping[str, Game] | None = None,
    trusted_proxies: str | Sequence[str] = (),
    operator_token: str | None = None,
) -> Starlette:
    """The web app, storing matches in SQLite file `db`.

    `games` serves extra game objects by name without registering them (a plugin
    under development, or a test's toy game). The store is opened (and an old
    one migrated) when the app starts; a file that is not a usable database
    makes the start fail with `meeple.web.store.StoreError`.

    `trusted_proxies` (addresses or networks, a list or one comma-separated text;
    ``"*"`` for any) are the reverse proxies whose ``X-Forwarded-For`` and
    ``X-Forwarded-Proto`` are believed: a request from one of them counts as coming
    from the right-most address in ``X-Forwarded-For`` that is not a trusted proxy.
    By default no proxy is trusted, so a forged header changes nothing. With
    `operator_token` (at least 16 characters), ``GET /api/status`` sent with it
    (``Authorization: Bearer ...``) also counts the bots' activity, which no one
    else is shown.
    """
    chosen = limits or Limits()
    clients = Clients(chosen)
    proxies = _proxies(trusted_proxies)

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        """Open the store and resume stored matches at startup; close the hub at shutdown."""
        hub = Hub(db, chosen, games, clients=clients)
        app.state.hub = hub
        try:
            await hub.start()  # a start that fails part way still closes what it opened
            yield
        finally:
            await hub.close()

    routes = [
        Route("/", _lobby, methods=["GET"]),
        Route("/m/{match_id}", _match, methods=["GET"]),
        Route("/openapi.json", _openapi, methods=["GET"]),
        Route("/api/status", api.status, methods=["GET"]),
        Route("/api/games", api.list_games, methods=["GET"]),
        Route("/api/matches", api.create_match, methods=["POST"]),
        Route("/api/matches/{match_id}/view", api.get_view, methods=["GET"]),
        Route("/api/matches/{match_id}/legal", api.get_legal, methods=["GET"]),
        Route("/api/matches/{match_id}/act", api.act, methods=["POST"]),
        Route("/api/matches/{match_id}/abandon", api.abandon, methods=["POST"]),
        Route("/api/matches/{match_id}/record", api.get_record, methods=["GET"]),
        Route("/api/matches/{match_id}/events", api.events, methods=["GET"]),
        Mount("/static", StaticFiles(directory=STATIC), name="static"),
    ]
    app = _App(
        routes=routes,
        middleware=[
            Middleware(HeadLimit),
            *([Middleware(ProxyHeadersMiddleware, trusted_hosts=proxies)] if proxies else []),
            Middleware(ClientLimiter, clients=clients),
            Middleware(SameOrigin),
        ],
        exception_handlers={
            ApiError: _api_error,
            HTTPException: _http_error,
            Exception: _server_error,
        },
        lifespan=lifespan,
    )
    app.state.clients = clients
    app.state.limits = chosen
    app.state.operator = operator_hash(operator_token)
    return app


def _proxies(trusted: str | Sequence[str]) -> list[str]:
    """The trusted proxies as a list of addresses or networks; ValueError for one that is
    neither (a typo would otherwise trust nobody, silently)."""
    items = trusted.split(",") if isinstance(trusted, str) else list(trusted)
    proxies = [item.strip() for item in items if item.strip()]
    for item in proxies:
        if item != "*":
            try:
                ipaddress.ip_network(item, strict=False)
            except ValueError:
                raise ValueError(
                    f"trusted proxy {item!r} is not an IP address or network (e.g. "
                    "127.0.0.1, 10.0.0.0/8, ::1; or * for any)"
                ) from None
    return proxies

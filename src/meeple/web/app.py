"""The Starlette application: routes, error bodies, security headers, limits and lifespan.

The security headers wrap the whole application, outside Starlette's own error
middleware, so every response carries them, 500s included; every ``/api/``
response is also ``Cache-Control: no-store`` (tokens and private views must not
sit in a cache). A bug gives a JSON 500 on the API (an HTML page elsewhere)
whose text says nothing of the bug; the traceback goes to the log.
"""

from __future__ import annotations

import contextlib
import logging
from collections.abc import AsyncIterator
from collections.abc import Mapping
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

from ..core.protocols import Game
from . import api
from . import pages
from .clients import ClientLimiter
from .clients import Clients
from .errors import ApiError
from .errors import error_body
from .hub import Hub
from .limits import Limits
from .openapi import OPENAPI
from .store import Store

__all__ = ["SecurityHeaders", "create_app"]

log = logging.getLogger("meeple.web")

STATIC = Path(__file__).parent / "static"

_SECURITY_HEADERS = [
    (
        b"content-security-policy",
        b"default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; "
        b"img-src 'self' data:; connect-src 'self'; frame-ancestors 'none'; base-uri 'none'",
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
    return pages.error_page(request, exc.status, exc.reason)


async def _http_error(request: Request, exc: Exception) -> Response:
    assert isinstance(exc, HTTPException)
    if request.url.path.startswith("/api/"):
        return JSONResponse(error_body(exc.status_code, exc.detail), status_code=exc.status_code)
    return pages.error_page(request, exc.status_code, str(exc.detail))


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
    hub: Hub = request.app.state.hub
    await hub.get(request.path_params["match_id"])  # 404 unknown, 500 damaged
    return pages.match_page(request)


def create_app(
    db: str | Path | Store = ":memory:",
    *,
    limits: Limits | None = None,
    games: Mapping[str, Game] | None = None,
) -> Starlette:
    """The web app, storing matches in SQLite file `db`.

    `games` serves extra game objects by name without registering them (a plugin
    under development, or a test's toy game). The store is opened (and an old
    one migrated) when the app starts; a file that is not a usable database
    makes the start fail with `meeple.web.store.StoreError`.
    """
    chosen = limits or Limits()
    clients = Clients(chosen)

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        """Open the store and resume stored matches at startup; close the hub at shutdown."""
        hub = Hub(db, chosen, games, clients=clients)
        app.state.hub = hub
        await hub.start()
        try:
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
        middleware=[Middleware(ClientLimiter, clients=clients)],
        exception_handlers={
            ApiError: _api_error,
            HTTPException: _http_error,
            Exception: _server_error,
        },
        lifespan=lifespan,
    )
    app.state.clients = clients
    app.state.limits = chosen
    return app

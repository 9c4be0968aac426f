"""The Starlette application: routes, error bodies, security headers and lifespan."""

from __future__ import annotations

import contextlib
from collections.abc import AsyncIterator, Mapping
from pathlib import Path

from starlette.applications import Starlette
from starlette.exceptions import HTTPException
from starlette.middleware import Middleware
from starlette.requests import Request
from starlette.responses import JSONResponse, PlainTextResponse, Response
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from ..core.protocols import Game
from . import api, pages
from .errors import ApiError
from .hub import Hub
from .limits import Limits
from .openapi import OPENAPI
from .store import Store

__all__ = ["create_app"]

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


class SecurityHeaders:
    """Adds a strict content security policy and friends to every response."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return

        async def send_with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                message["headers"] = [*message.get("headers", []), *_SECURITY_HEADERS]
            await send(message)

        await self.app(scope, receive, send_with_headers)


async def _api_error(request: Request, exc: Exception) -> Response:
    assert isinstance(exc, ApiError)
    return JSONResponse(exc.body(), status_code=exc.status)


async def _http_error(request: Request, exc: Exception) -> Response:
    assert isinstance(exc, HTTPException)
    if request.url.path.startswith("/api/"):
        return JSONResponse(
            {"error": exc.detail, "status": exc.status_code}, status_code=exc.status_code
        )
    return PlainTextResponse(str(exc.detail), status_code=exc.status_code)


async def _openapi(request: Request) -> Response:
    return JSONResponse(OPENAPI)


async def _lobby(request: Request) -> Response:
    return pages.lobby_page(request)


async def _match(request: Request) -> Response:
    hub: Hub = request.app.state.hub
    hub.get(request.path_params["match_id"])  # 404 for an unknown match
    return pages.match_page(request)


async def _match_error(request: Request, exc: Exception) -> Response:
    assert isinstance(exc, ApiError)
    if request.url.path.startswith("/api/"):
        return await _api_error(request, exc)
    return PlainTextResponse(exc.reason, status_code=exc.status)


def create_app(
    db: str | Path = ":memory:",
    *,
    limits: Limits | None = None,
    games: Mapping[str, Game] | None = None,
) -> Starlette:
    """The web app, storing matches in SQLite file `db`.

    `games` serves extra game objects by name without registering them (a plugin
    under development, or a test's toy game).
    """

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        """Open the store and resume stored matches at startup; close the hub at shutdown."""
        hub = Hub(Store(db), limits, games)
        app.state.hub = hub
        hub.resume()
        try:
            yield
        finally:
            await hub.close()

    routes = [
        Route("/", _lobby, methods=["GET"]),
        Route("/m/{match_id}", _match, methods=["GET"]),
        Route("/openapi.json", _openapi, methods=["GET"]),
        Route("/api/games", api.list_games, methods=["GET"]),
        Route("/api/matches", api.create_match, methods=["POST"]),
        Route("/api/matches/{match_id}/view", api.get_view, methods=["GET"]),
        Route("/api/matches/{match_id}/legal", api.get_legal, methods=["GET"]),
        Route("/api/matches/{match_id}/act", api.act, methods=["POST"]),
        Route("/api/matches/{match_id}/record", api.get_record, methods=["GET"]),
        Route("/api/matches/{match_id}/events", api.events, methods=["GET"]),
        Mount("/static", StaticFiles(directory=STATIC), name="static"),
    ]
    return Starlette(
        routes=routes,
        middleware=[Middleware(SecurityHeaders)],
        exception_handlers={ApiError: _match_error, HTTPException: _http_error},
        lifespan=lifespan,
    )

"""The JSON API: games, create match, view, legal actions, act, abandon, record, live updates,
status.

Every refusal is an `ApiError` turned into ``{"error": reason, "status": code}``:
403 for a wrong or missing seat token, 404 for an unknown match, 409 for a move
against a stale version or a finished or closed match (nothing changes), 413 for
a body over the limit, 422 for a malformed body or a move the rules refuse, 429
past a resource limit (with ``Retry-After`` where waiting helps), 500 for a
stored match that is damaged, 503 if a move could not be stored.
"""

from __future__ import annotations

import json
from collections.abc import AsyncIterator
from typing import Any

from starlette.background import BackgroundTask
from starlette.requests import Request
from starlette.responses import JSONResponse
from starlette.responses import Response
from starlette.responses import StreamingResponse

from ..bots import BOT_PARAMS
from ..core.codec import to_data
from .bodies import Abandoned
from .bodies import Act
from .bodies import Created
from .bodies import CreateMatch
from .bodies import Legal
from .bodies import Played
from .bodies import RecordBody
from .bodies import SeatEntry
from .bodies import read_body
from .bodies import structured
from .bodies import write_body
from .body import read_json
from .clients import client_key
from .errors import ApiError
from .event_stream import EVENT_GAP_SECONDS
from .event_stream import event_lines
from .hub import Hub
from .hub import LiveMatch
from .presenter import game_summary
from .presenter import match_payload
from .seats import SEAT_KINDS
from .seats import bot_caps
from .server_bodies import BotParamEntry
from .server_bodies import GameLimits
from .server_bodies import Games
from .server_bodies import GameSummary
from .server_bodies import Status

__all__ = ["EVENT_GAP_SECONDS", "bearer_token", "client_of"]


def _hub(request: Request) -> Hub:
    hub: Hub = request.app.state.hub
    return hub


def client_of(request: Request) -> str:
    """The key the request's client is counted under (see `meeple.web.clients.client_key`)."""
    key = request.scope.get("state", {}).get("client_key")
    return str(key) if key is not None else client_key(request.scope.get("client"))


def bearer_token(request: Request) -> str | None:
    """The seat token from ``Authorization: Bearer <token>``; None if absent; 403 if garbled."""
    header = request.headers.get("authorization")
    if header is None:
        return None
    scheme, _, token = header.partition(" ")
    if scheme.lower() != "bearer" or not token.strip():
        raise ApiError(403, "the Authorization header must be 'Bearer <seat token>'")
    return token.strip()


async def _body(request: Request) -> dict[str, Any]:
    limits = _hub(request).limits
    return await read_json(request, limits.max_body_bytes, limits.max_json_depth)


def _only_choices(options: dict[str, Any]) -> None:
    """422 unless every option value is what a remote player may choose: a JSON scalar,
    or a flat list of scalars for a list option (the lobby's comma-separated field).

    A custom board (or any other data given as an option) comes only through the CLI
    or a program on the server's side, never from a request: the server reads nothing
    on a client's behalf.
    """
    for name, value in options.items():
        items = value if isinstance(value, list) else [value]
        if any(isinstance(item, dict | list) for item in items):
            raise ApiError(
                422,
                f"option {name[:60]!r} must be a single value (text, a number, true/false "
                "or null) or a list of such values, not an object or nested data: custom "
                "boards and other data are given through the CLI or a program, not over "
                "the web",
            )


def _one_spelling(options: dict[str, Any]) -> None:
    """422 if an option is named twice, e.g. as ``max_rounds`` and ``max-rounds``."""
    seen: dict[str, str] = {}
    for name in options:
        key = name.replace("-", "_")
        if key in seen:
            raise ApiError(
                422,
                f"option {key!r} is given twice, as {seen[key]!r} and {name!r}; give it once",
            )
        seen[key] = name


async def _live(request: Request) -> LiveMatch:
    return await _hub(request).get(request.path_params["match_id"])


async def list_games(request: Request) -> Response:
    """GET /api/games (computed once: it changes only with the server)."""
    hub = _hub(request)
    if hub.games_payload is None:
        hub.games_payload = _games(hub)
    return Response(hub.games_payload, media_type="application/json")


def _games(hub: Hub) -> bytes:
    caps = bot_caps(hub.limits)
    bots = {
        kind: tuple(
            BotParamEntry(
                name=p.name,
                kind=p.kind.__name__,
                min=p.low,
                above_min=p.low_open,
                max=min(p.high, caps.get(p.name, p.high)),
                help=p.help,
            )
            for p in params
        )
        for kind, params in BOT_PARAMS.items()
    }
    limits = hub.limits
    body = Games(
        # broken plugins skipped; each summary held to its type
        games=tuple(structured(game_summary(g), GameSummary) for g in hub.registry.games()),
        seat_kinds=SEAT_KINDS,
        bots=bots,
        limits=GameLimits(
            max_mcts_iterations=limits.max_mcts_iterations,
            default_mcts_iterations=limits.default_mcts_iterations,
            max_seats=limits.max_seats,
        ),
    )
    return json.dumps(write_body(body), separators=(",", ":")).encode()


async def create_match(request: Request) -> Response:
    """POST /api/matches"""
    hub = _hub(request)
    body: CreateMatch = read_body(await _body(request), CreateMatch)
    options = body.options or {}
    _one_spelling(options)
    _only_choices(options)
    if body.seed is not None and not 0 <= body.seed < 2**63:
        raise ApiError(422, "field 'seed' must be between 0 and 2**63 - 1")
    live, tokens = await hub.create(
        body.game, body.players, options, body.seats, body.seed, client_of(request)
    )
    base = str(request.base_url).rstrip("/")
    seats = tuple(
        SeatEntry(seat, kind)
        if token is None
        else SeatEntry(seat, kind, token, f"{base}/m/{live.id}#token={token}")
        for seat, (kind, token) in enumerate(zip(live.seats, tokens, strict=True))
    )
    created = Created(
        live.id, live.game.spec.name, body.players, live.version, seats, f"{base}/m/{live.id}"
    )
    return JSONResponse(_without_nulls(write_body(created)), status_code=201)


def _without_nulls(data: dict[str, Any]) -> dict[str, Any]:
    """A new match's seats list a token and a link for human seats only."""
    data["seats"] = [{k: v for k, v in seat.items() if v is not None} for seat in data["seats"]]
    return data


async def get_view(request: Request) -> Response:
    """GET /api/matches/{id}/view"""
    live = await _live(request)
    seat = live.seat_of(bearer_token(request))
    return JSONResponse(match_payload(live, seat))


async def get_legal(request: Request) -> Response:
    """GET /api/matches/{id}/legal"""
    live = await _live(request)
    seat = live.seat_of(bearer_token(request))
    if seat is None:
        raise ApiError(403, "legal actions belong to a seat: send its token")
    state = live.match.state
    acting = seat in state.to_act and not live.finished
    actions = [str(a) for a in state.legal_actions(seat)] if acting else []
    prompt = state.prompt(seat) if acting else None
    return JSONResponse(write_body(Legal(live.version_for(seat), seat, prompt, tuple(actions))))


async def _seated(request: Request, doing: str) -> tuple[Hub, LiveMatch, int]:
    """The hub, the match and the token's seat; 403 without a seat token."""
    live = await _live(request)
    seat = live.seat_of(bearer_token(request))
    if seat is None:
        raise ApiError(403, f"{doing} needs a seat token (Authorization: Bearer <token>)")
    return _hub(request), live, seat


async def act(request: Request) -> Response:
    """POST /api/matches/{id}/act"""
    hub, live, seat = await _seated(request, "acting")
    body: Act = read_body(await _body(request), Act)
    if body.player is not None and body.player != seat:
        raise ApiError(403, f"this token acts for seat {seat}, not seat {body.player}")
    new_version, played = await hub.act(live, seat, body.action, body.version)
    return JSONResponse(write_body(Played(new_version, seat, played)))


async def abandon(request: Request) -> Response:
    """POST /api/matches/{id}/abandon: a seated player closes the match unfinished."""
    hub, live, seat = await _seated(request, "abandoning a match")
    await hub.abandon(live, seat)
    return JSONResponse(write_body(Abandoned(live.id, live.closed, live.version_for(seat))))


async def get_record(request: Request) -> Response:
    """GET /api/matches/{id}/record"""
    live = await _live(request)
    spec = live.game.spec
    if not live.finished and (spec.hidden_information or spec.has_chance):
        raise ApiError(
            403,
            f"{spec.name} has hidden information or chance, and a record (seed and every "
            "move) reveals it: it is available when the game is over",
        )
    over = live.match.state.is_over
    outcome = to_data(live.match.state.outcome()) if over else None
    body = RecordBody(to_data(live.match.record()), over, live.closed, outcome)
    return JSONResponse(write_body(body))


async def status(request: Request) -> Response:
    """GET /api/status: counts and limits for the operator (no match ids, no addresses)."""
    return JSONResponse(write_body(structured(await _hub(request).status(), Status)))


async def events(request: Request) -> Response:
    """GET /api/matches/{id}/events: server-sent events carrying only the version.

    With a seat token the connection takes one of that seat's slots (the oldest
    gives way); without one it takes a spectator slot, capped per match and per
    client.
    """
    hub = _hub(request)
    live = await _live(request)
    seat = live.seat_of(bearer_token(request))
    stream = hub.subscribe(live, seat, client_of(request))
    limits = hub.limits

    async def lines() -> AsyncIterator[str]:
        """Version numbers as they change, until the game ends or the time cap."""
        try:
            async for line in event_lines(
                live, stream, limits, hub.closing, request.is_disconnected
            ):
                yield line
        finally:
            hub.unsubscribe(live, stream)

    return StreamingResponse(
        lines(),
        media_type="text/event-stream",
        headers={"Cache-Control": "no-store", "X-Accel-Buffering": "no"},
        # gives the slot back even if the stream never started (the client left at once)
        background=BackgroundTask(hub.unsubscribe, live, stream),
    )

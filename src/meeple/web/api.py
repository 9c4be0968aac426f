"""The JSON API: games, create match, view, legal actions, act, abandon, record, live updates,
status.

Every refusal is an `ApiError` turned into ``{"error": reason, "status": code}``:
403 for a wrong or missing seat token, 404 for an unknown match, 409 for a move
against a stale version or a finished or closed match (nothing changes), 413 for
a body over the limit, 415 for a body not sent as JSON, 422 for a malformed body or
a move the rules refuse, 429
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
from ..core.public import keeps_secrets
from .access import client_of
from .access import is_operator
from .access import match_and_seat
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
from .errors import ApiError
from .event_stream import EVENT_GAP_SECONDS
from .event_stream import event_lines
from .hub import Hub
from .hub import LiveMatch
from .new_match import check_fields
from .presenter import game_summary
from .presenter import match_payload
from .seats import SEAT_KINDS
from .seats import bot_caps
from .server_bodies import BotParamEntry
from .server_bodies import GameLimits
from .server_bodies import Games
from .server_bodies import GameSummary
from .server_bodies import Status

__all__ = ["EVENT_GAP_SECONDS", "MAX_NOTATION"]

MAX_NOTATION = 200
"""Longest action notation a move may send (the built-in games' longest is under 30):
a refusal quotes the notation, and 16 KB of it would bury the reason."""


def _hub(request: Request) -> Hub:
    hub: Hub = request.app.state.hub
    return hub


async def _body(request: Request) -> dict[str, Any]:
    limits = _hub(request).limits
    return await read_json(request, limits.max_body_bytes, limits.max_json_depth)


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
    check_fields(hub, body)
    live, tokens = await hub.create(
        body.game, body.players, options, body.seats, body.seed_number(), client_of(request)
    )
    base = str(request.base_url).rstrip("/")
    seats = tuple(
        SeatEntry(seat, kind)
        if token is None
        else SeatEntry(seat, kind, token, f"{base}/m/{live.id}#token={token}")
        for seat, (kind, token) in enumerate(zip(live.seats, tokens, strict=True))
    )
    created = Created(
        live.id,
        live.game.spec.name,
        body.players,
        live.version_for(None),
        seats,
        f"{base}/m/{live.id}",
    )
    return JSONResponse(_without_nulls(write_body(created)), status_code=201)


def _without_nulls(data: dict[str, Any]) -> dict[str, Any]:
    """A new match's seats list a token and a link for human seats only."""
    data["seats"] = [{k: v for k, v in seat.items() if v is not None} for seat in data["seats"]]
    return data


async def get_view(request: Request) -> Response:
    """GET /api/matches/{id}/view"""
    live, seat = await match_and_seat(request)
    return JSONResponse(match_payload(live, seat))


async def get_legal(request: Request) -> Response:
    """GET /api/matches/{id}/legal"""
    live, seat = await match_and_seat(request)
    if seat is None:
        raise ApiError(403, "legal actions belong to a seat: send its token")
    state = live.match.state
    acting = seat in state.to_act and not live.finished
    actions = [str(a) for a in state.legal_actions(seat)] if acting else []
    prompt = state.prompt(seat) if acting else None
    return JSONResponse(write_body(Legal(live.version_for(seat), seat, prompt, tuple(actions))))


async def _seated(request: Request, doing: str) -> tuple[Hub, LiveMatch, int]:
    """The hub, the match and the token's seat; 403 without a seat token."""
    live, seat = await match_and_seat(request)
    if seat is None:
        raise ApiError(403, f"{doing} needs a seat token (Authorization: Bearer <token>)")
    return _hub(request), live, seat


async def act(request: Request) -> Response:
    """POST /api/matches/{id}/act"""
    hub, live, seat = await _seated(request, "acting")
    body: Act = read_body(await _body(request), Act)
    if len(body.action) > MAX_NOTATION:
        raise ApiError(
            422,
            f"field 'action' is {len(body.action)} characters long; a notation is at most "
            f"{MAX_NOTATION}",
            version=live.version_for(seat),
        )
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
    live, _ = await match_and_seat(request)
    spec = live.game.spec
    if not live.finished and keeps_secrets(live.game):
        raise ApiError(
            403,
            f"{spec.name} has hidden information or chance, and a record (seed and every "
            "move) reveals it: it is available when the game is over",
        )
    over = live.match.state.is_over
    outcome = to_data(live.match.state.outcome()) if over else None
    record = live.match.record()
    body = RecordBody(to_data(record), str(record.seed), over, live.closed, outcome)
    return JSONResponse(write_body(body))


async def status(request: Request) -> Response:
    """GET /api/status: counts and limits (no match ids, no addresses); the bots' activity
    only for the operator, since a bot thinking can be a bot asked in secret."""
    operator = is_operator(request)
    payload = await _hub(request).status()
    if not operator:
        payload["bots"] = None
    return JSONResponse(write_body(structured(payload, Status)))


async def events(request: Request) -> Response:
    """GET /api/matches/{id}/events: server-sent events carrying only the version.

    With a seat token the connection takes one of that seat's slots (the oldest
    gives way); without one it takes a spectator slot, capped per match and per
    client. A HEAD request is answered with the headers alone and takes no slot (it
    used to hold one, and its connection, for `Limits.stream_seconds`).
    """
    hub = _hub(request)
    live, seat = await match_and_seat(request)
    if request.method == "HEAD":
        return Response(media_type="text/event-stream", headers={"Cache-Control": "no-store"})
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

"""The JSON API: games, create match, view, legal actions, act, record, live updates.

Every refusal is an `ApiError` turned into ``{"error": reason, "status": code}``:
403 for a wrong or missing seat token, 404 for an unknown match, 413 for a body
over the limit, 422 for a malformed body or a move the rules refuse, 409 for a
move against a stale version (nothing changes), 429 past a resource limit.
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import AsyncIterator
from typing import Any

from starlette.requests import Request
from starlette.responses import JSONResponse, Response, StreamingResponse

from ..core.codec import to_data
from .errors import ApiError
from .hub import Hub, LiveMatch
from .presenter import game_summary, match_payload, outcome_payload
from .seats import SEAT_KINDS

__all__ = ["bearer_token", "read_json"]


def _hub(request: Request) -> Hub:
    hub: Hub = request.app.state.hub
    return hub


def bearer_token(request: Request) -> str | None:
    """The seat token from ``Authorization: Bearer <token>``; None if absent; 403 if garbled."""
    header = request.headers.get("authorization")
    if header is None:
        return None
    scheme, _, token = header.partition(" ")
    if scheme.lower() != "bearer" or not token.strip():
        raise ApiError(403, "the Authorization header must be 'Bearer <seat token>'")
    return token.strip()


async def read_json(request: Request, limit: int) -> dict[str, Any]:
    """The body as a JSON object; 413 past `limit` bytes, 422 if it is not a JSON object."""
    declared = request.headers.get("content-length")
    if declared is not None and declared.isdigit() and int(declared) > limit:
        raise ApiError(413, f"the request body is larger than {limit} bytes")
    chunks: list[bytes] = []
    size = 0
    async for chunk in request.stream():
        size += len(chunk)
        if size > limit:
            raise ApiError(413, f"the request body is larger than {limit} bytes")
        chunks.append(chunk)
    try:
        data = json.loads(b"".join(chunks))
    except ValueError as err:
        raise ApiError(422, f"the body is not valid JSON: {err}") from None
    if not isinstance(data, dict):
        raise ApiError(422, "the body must be a JSON object")
    return data


def _field(data: dict[str, Any], name: str, kind: type, *, required: bool = True) -> Any:
    if name not in data:
        if required:
            raise ApiError(422, f"the body needs the field {name!r}")
        return None
    value = data[name]
    if value is None and not required:
        return None
    if (isinstance(value, bool) and kind is not bool) or not isinstance(value, kind):
        raise ApiError(422, f"field {name!r} must be {_kind_name(kind)}, not {value!r}")
    return value


def _kind_name(kind: type) -> str:
    return {int: "a whole number", str: "a string", list: "a list", dict: "an object"}.get(
        kind, kind.__name__
    )


def _no_extra(data: dict[str, Any], allowed: set[str]) -> None:
    extra = sorted(set(data) - allowed)
    if extra:
        raise ApiError(422, f"unexpected fields {extra}; allowed: {sorted(allowed)}")


def _live(request: Request) -> LiveMatch:
    return _hub(request).get(request.path_params["match_id"])


async def list_games(request: Request) -> Response:
    """GET /api/games"""
    hub = _hub(request)
    return JSONResponse(
        {
            "games": [game_summary(hub.game(name)) for name in hub.game_names()],
            "seat_kinds": list(SEAT_KINDS),
            "limits": {
                "max_mcts_iterations": hub.limits.max_mcts_iterations,
                "default_mcts_iterations": hub.limits.default_mcts_iterations,
                "max_seats": hub.limits.max_seats,
            },
        }
    )


async def create_match(request: Request) -> Response:
    """POST /api/matches"""
    hub = _hub(request)
    data = await read_json(request, hub.limits.max_body_bytes)
    _no_extra(data, {"game", "players", "options", "seats", "seed"})
    game = _field(data, "game", str)
    players = _field(data, "players", int)
    options = _field(data, "options", dict, required=False) or {}
    seats = _field(data, "seats", list)
    seed = _field(data, "seed", int, required=False)
    if seed is not None and not 0 <= seed < 2**63:
        raise ApiError(422, "field 'seed' must be between 0 and 2**63 - 1")
    live, tokens = await hub.create(game, players, options, seats, seed)
    base = str(request.base_url).rstrip("/")
    seat_list = []
    for seat, (kind, token) in enumerate(zip(live.seats, tokens, strict=True)):
        entry: dict[str, Any] = {"seat": seat, "kind": kind}
        if token is not None:
            entry["token"] = token
            entry["url"] = f"{base}/m/{live.id}#token={token}"
        seat_list.append(entry)
    return JSONResponse(
        {
            "match": live.id,
            "game": live.game.spec.name,
            "players": players,
            "version": live.version,
            "seats": seat_list,
            "spectator_url": f"{base}/m/{live.id}",
        },
        status_code=201,
    )


async def get_view(request: Request) -> Response:
    """GET /api/matches/{id}/view"""
    live = _live(request)
    seat = live.seat_of(bearer_token(request))
    return JSONResponse(match_payload(live, seat))


async def get_legal(request: Request) -> Response:
    """GET /api/matches/{id}/legal"""
    live = _live(request)
    seat = live.seat_of(bearer_token(request))
    if seat is None:
        raise ApiError(403, "legal actions belong to a seat: send its token")
    state = live.match.state
    actions = [str(a) for a in state.legal_actions(seat)] if seat in state.to_act else []
    prompt = state.prompt(seat) if seat in state.to_act else None
    return JSONResponse(
        {"version": live.version, "seat": seat, "prompt": prompt, "actions": actions}
    )


async def act(request: Request) -> Response:
    """POST /api/matches/{id}/act"""
    hub = _hub(request)
    live = _live(request)
    seat = live.seat_of(bearer_token(request))
    if seat is None:
        raise ApiError(403, "acting needs a seat token (Authorization: Bearer <token>)")
    data = await read_json(request, hub.limits.max_body_bytes)
    _no_extra(data, {"action", "version", "player"})
    notation = _field(data, "action", str)
    version = _field(data, "version", int)
    player = _field(data, "player", int, required=False)
    if player is not None and player != seat:
        raise ApiError(403, f"this token acts for seat {seat}, not seat {player}")
    new_version, played = await hub.act(live, seat, notation, version)
    return JSONResponse({"version": new_version, "seat": seat, "action": played})


async def get_record(request: Request) -> Response:
    """GET /api/matches/{id}/record"""
    live = _live(request)
    spec = live.game.spec
    if not live.match.state.is_over and (spec.hidden_information or spec.has_chance):
        raise ApiError(
            403,
            f"{spec.name} has hidden information or chance, and a record (seed and every "
            "move) reveals it: it is available when the game is over",
        )
    return JSONResponse(
        {
            "record": to_data(live.match.record()),
            "over": live.match.state.is_over,
            "outcome": outcome_payload(live.match.state.outcome())
            if live.match.state.is_over
            else None,
        }
    )


async def events(request: Request) -> Response:
    """GET /api/matches/{id}/events: server-sent events carrying only the version."""
    hub = _hub(request)
    live = _live(request)
    wake = hub.subscribe(live)
    limits = hub.limits

    async def stream() -> AsyncIterator[str]:
        """Version numbers as they change, until the game ends or the time cap."""
        loop = asyncio.get_running_loop()
        ends = loop.time() + limits.stream_seconds
        sent: tuple[int, bool, str | None] | None = None
        try:
            yield "retry: 2000\n\n"
            while not hub.closing.is_set() and loop.time() < ends:
                now = (live.version, live.match.state.is_over, live.bot_error)
                if now != sent:
                    sent = now
                    data = json.dumps({"version": now[0], "over": now[1]})
                    yield f"event: version\ndata: {data}\n\n"
                wake.clear()
                try:
                    await asyncio.wait_for(wake.wait(), timeout=limits.heartbeat_seconds)
                except TimeoutError:
                    if await request.is_disconnected():
                        return
                    yield ": keep-alive\n\n"
        finally:
            live.listeners.discard(wake)

    return StreamingResponse(
        stream(),
        media_type="text/event-stream",
        headers={"Cache-Control": "no-store", "X-Accel-Buffering": "no"},
    )

"""The API's OpenAPI 3.1 description, served at ``/openapi.json``.

The paths (what each route does and answers) are written here; every body's
schema is generated from its type in `meeple.web.bodies`, the same type the
server reads or writes it with.
"""

from __future__ import annotations

from typing import Any

from .. import __version__
from .bodies import Abandoned
from .bodies import Act
from .bodies import ClosedEvent
from .bodies import Created
from .bodies import CreateMatch
from .bodies import ErrorBody
from .bodies import Legal
from .bodies import MatchView
from .bodies import Played
from .bodies import RecordBody
from .bodies import VersionEvent
from .schema import component_schemas
from .schema import ref
from .server_bodies import Games
from .server_bodies import Status

__all__ = ["OPENAPI"]


def _json(schema: dict[str, Any]) -> dict[str, Any]:
    return {"application/json": {"schema": schema}}


def _err(description: str) -> dict[str, Any]:
    return {"description": description, "content": _json(ref(ErrorBody))}


def _ok(description: str, body: type[Any]) -> dict[str, Any]:
    return {"description": description, "content": _json(ref(body))}


def _request(body: type[Any]) -> dict[str, Any]:
    return {"required": True, "content": _json(ref(body))}


_MATCH_ID = {
    "name": "match_id",
    "in": "path",
    "required": True,
    "schema": {"type": "string"},
    "description": "The match id returned on creation.",
}
_SEAT: list[dict[str, list[str]]] = [{"seatToken": []}]
_SEAT_OR_SPECTATOR: list[dict[str, list[str]]] = [{"seatToken": []}, {}]
_NOT_FOUND = _err("No such match.")
_DAMAGED = _err("The match is stored but damaged; the server's log says what is wrong.")
_TOO_MANY = _err(
    "Past a per-client limit (request rate, requests in flight): see the Retry-After header."
)
_FORBIDDEN = _err(
    "Missing, malformed or wrong seat token, or not allowed for that seat; or a request "
    "a browser made for another site's page (Sec-Fetch-Site)."
)
_CROSS_SITE = _err("A request a browser made for another site's page (Sec-Fetch-Site).")
_NOT_JSON = _err("The body was not sent as Content-Type: application/json.")
_GUESSING = _err(
    "Past a per-client limit (request rate, requests in flight, or too many wrong seat "
    "tokens and unknown match ids): see the Retry-After header."
)

OPENAPI: dict[str, Any] = {
    "openapi": "3.1.0",
    "info": {
        "title": "meeple web API",
        "version": __version__,
        "description": (
            "Create matches of any registered game, read a seat's view, act, and follow "
            "changes live. A seat acts and reads its own view with its secret token; "
            "without a token a client is a spectator and sees only the public view."
        ),
    },
    "components": {
        "securitySchemes": {
            "seatToken": {
                "type": "http",
                "scheme": "bearer",
                "description": "The seat token returned once when the match is created.",
            },
            "operatorToken": {
                "type": "http",
                "scheme": "bearer",
                "description": "The operator's token (MEEPLE_OPERATOR_TOKEN), if the server "
                "has one.",
            },
        },
        "schemas": component_schemas(
            CreateMatch,
            Act,
            ErrorBody,
            Created,
            MatchView,
            Legal,
            Played,
            Abandoned,
            RecordBody,
            Games,
            Status,
            VersionEvent,
            ClosedEvent,
        ),
    },
    "paths": {
        "/api/status": {
            "get": {
                "summary": "Counts (matches by status, damaged rows, streams) and the limits "
                "in force; no match ids or addresses. The bots' activity only with the "
                "operator's token.",
                "security": [{"operatorToken": []}, {}],
                "responses": {
                    "200": _ok("Status", Status),
                    "403": _err("A token that is not the operator's, or a cross-site request."),
                    "429": _GUESSING,
                },
            }
        },
        "/api/games": {
            "get": {
                "summary": "The games this server offers, with their options and seat kinds.",
                "responses": {"200": _ok("Games", Games), "403": _CROSS_SITE},
            }
        },
        "/api/matches": {
            "post": {
                "summary": "Create a match; returns one join link (with a token) per human seat.",
                "requestBody": _request(CreateMatch),
                "responses": {
                    "201": _ok("Created", Created),
                    "403": _CROSS_SITE,
                    "413": _err("Body too large."),
                    "415": _NOT_JSON,
                    "422": _err(
                        "Malformed body (also: nested too deep, a key twice, an option in two "
                        "spellings), unknown game, bad options or seats (a bot parameter out "
                        "of range is named with its range)."
                    ),
                    "429": _err(
                        "The server's or this client's limit of unfinished matches, or the "
                        "client's create rate (see Retry-After)."
                    ),
                },
            }
        },
        "/api/matches/{match_id}/view": {
            "get": {
                "summary": "The seat's view (with a token) or the spectator's (without).",
                "parameters": [_MATCH_ID],
                "security": _SEAT_OR_SPECTATOR,
                "responses": {
                    "200": _ok("The view", MatchView),
                    "403": _FORBIDDEN,
                    "404": _NOT_FOUND,
                    "429": _GUESSING,
                    "500": _DAMAGED,
                },
            }
        },
        "/api/matches/{match_id}/legal": {
            "get": {
                "summary": "The seat's legal actions now (empty when it is not to act).",
                "parameters": [_MATCH_ID],
                "security": _SEAT,
                "responses": {
                    "200": _ok("Legal actions", Legal),
                    "403": _FORBIDDEN,
                    "404": _NOT_FOUND,
                    "429": _GUESSING,
                },
            }
        },
        "/api/matches/{match_id}/act": {
            "post": {
                "summary": "Play an action for the token's seat against the version seen.",
                "parameters": [_MATCH_ID],
                "security": _SEAT,
                "requestBody": _request(Act),
                "responses": {
                    "200": _ok("Played", Played),
                    "403": _FORBIDDEN,
                    "404": _NOT_FOUND,
                    "409": _err("Stale version, game over or match closed; nothing changed."),
                    "413": _err("Body too large."),
                    "415": _NOT_JSON,
                    "422": _err("Malformed body or notation, or a move the rules refuse."),
                    "429": _GUESSING,
                    "500": _DAMAGED,
                    "503": _err("The move could not be stored; nothing changed."),
                },
            }
        },
        "/api/matches/{match_id}/abandon": {
            "post": {
                "summary": "A seated player closes the match unfinished (it then stops "
                "counting against the creator's limits).",
                "parameters": [_MATCH_ID],
                "security": _SEAT,
                "responses": {
                    "200": _ok("Closed", Abandoned),
                    "403": _FORBIDDEN,
                    "404": _NOT_FOUND,
                    "429": _GUESSING,
                    "409": _err("The game is over or the match is already closed."),
                },
            }
        },
        "/api/matches/{match_id}/record": {
            "get": {
                "summary": "The game record (seed, options, moves); for hidden-information "
                "or chance games only once the game is over.",
                "parameters": [_MATCH_ID],
                "responses": {
                    "200": _ok("The record", RecordBody),
                    "403": _err(
                        "The game is on and the record would reveal hidden information; or a "
                        "wrong seat token (none is needed), or a cross-site request."
                    ),
                    "404": _NOT_FOUND,
                    "429": _GUESSING,
                },
            }
        },
        "/api/matches/{match_id}/events": {
            "get": {
                "summary": "Server-sent events: `version` events with {version, over} on change; "
                "a `closed` event with {reason} when the server ends the stream. With a seat "
                "token the stream takes one of that seat's slots (the oldest gives way). Each "
                "event's data is the JSON object x-event-data names for its event name.",
                "parameters": [_MATCH_ID],
                "security": _SEAT_OR_SPECTATOR,
                "responses": {
                    "200": {
                        "description": "An event stream",
                        "content": {"text/event-stream": {"schema": {"type": "string"}}},
                        "x-event-data": {"version": ref(VersionEvent), "closed": ref(ClosedEvent)},
                    },
                    "403": _FORBIDDEN,
                    "404": _NOT_FOUND,
                    "429": _err(
                        "Too many spectators of this match, too many spectator streams from "
                        "this client, or too many wrong tokens and unknown match ids from it."
                    ),
                },
            }
        },
    },
}

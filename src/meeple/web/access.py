"""Who is asking: a seat (by its token), a spectator, the operator; and how many wrong
guesses its address has made.

Kept apart from the routes because every route asks it first. A seat token is read
from the ``Authorization`` header only (never from the URL, which would put it in
logs). A wrong token or an unknown match id counts as a guess against the client's
address (`Limits.guesses_per_minute`); past that, a request naming a match gets 429
before anything is looked up.
"""

from __future__ import annotations

import hmac

from starlette.requests import Request

from .clients import client_key
from .errors import ApiError
from .errors import too_many_guesses
from .hub import Hub
from .hub import LiveMatch
from .hub import hash_token

__all__ = [
    "MIN_OPERATOR_TOKEN",
    "bearer_token",
    "client_of",
    "is_operator",
    "match_and_seat",
    "operator_hash",
]


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


async def match_and_seat(request: Request) -> tuple[LiveMatch, int | None]:
    """The match the path names and the seat its token is for (None: a spectator).

    404 for an unknown match, 403 for a wrong token; each counts as a guess against
    the client's `Limits.guesses_per_minute`, and a client past it gets 429 for every
    request naming a match until it has waited: 192-bit tokens and 96-bit match ids
    cannot be guessed anyway, but nobody gets to try millions.
    """
    hub: Hub = request.app.state.hub
    client = client_of(request)
    wait = hub.clients.guess_wait(client)
    if wait > 0:
        raise too_many_guesses(hub.limits, wait)
    try:
        live = await hub.get(request.path_params["match_id"])
        return live, live.seat_of(bearer_token(request))
    except ApiError as err:
        if err.status in (403, 404):
            hub.clients.guessed_wrong(client)
        raise


MIN_OPERATOR_TOKEN = 16
"""Shortest operator token `create_app` accepts."""


def operator_hash(token: str | None) -> str | None:
    """What the app keeps of the operator's token; ValueError if it is too short to be
    a secret."""
    if token is None:
        return None
    if len(token) < MIN_OPERATOR_TOKEN or not token.isprintable():
        raise ValueError(
            f"the operator token must be at least {MIN_OPERATOR_TOKEN} printable characters"
        )
    return hash_token(token)


def is_operator(request: Request) -> bool:
    """Whether the request carries the operator's token; 403 (a guess) for another token."""
    token = bearer_token(request)
    if token is None:
        return False
    hub: Hub = request.app.state.hub
    client = client_of(request)
    wait = hub.clients.guess_wait(client)
    if wait > 0:
        raise too_many_guesses(hub.limits, wait)
    known: str | None = request.app.state.operator
    if known is not None and hmac.compare_digest(known, hash_token(token)):
        return True
    hub.clients.guessed_wrong(client)
    raise ApiError(403, "this token is not the operator's (the status needs none)")

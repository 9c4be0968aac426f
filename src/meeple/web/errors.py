"""One exception for every refusal the API makes, carrying its HTTP status and reason,
and the words of the refusals that explain a limit."""

from __future__ import annotations

import json
import math
from collections.abc import Awaitable
from collections.abc import Callable
from collections.abc import Mapping
from typing import Any

from ..core.shown import MAX_REASON
from ..core.shown import shown
from .limits import Limits
from .limits import duration
from .wire import ErrorBody
from .wire import write_body

__all__ = ["ApiError", "creating_too_quickly", "error_body", "too_many_guesses", "too_many_open"]


class ApiError(Exception):
    """A request the server refuses; becomes ``{"error": reason, "status": status}``."""

    def __init__(
        self,
        status: int,
        reason: str,
        *,
        headers: Mapping[str, str] | None = None,
        **extra: object,
    ) -> None:
        super().__init__(reason)
        self.status = status
        """The HTTP status code (403, 404, 409, 413, 422, 429...)."""
        self.reason = reason
        """A sentence saying what was wrong."""
        self.headers = dict(headers or {})
        """Extra response headers, e.g. ``Retry-After`` on a 429."""
        self.extra = extra
        """More JSON fields for the body, e.g. the current ``version`` on a 409."""

    def body(self) -> dict[str, object]:
        """The JSON body of the error response (an `ErrorBody`)."""
        return error_body(self.status, self.reason, **self.extra)


def error_body(status: int, reason: str, **extra: Any) -> dict[str, object]:
    """The JSON body of every refusal, written from its type (`meeple.web.wire.ErrorBody`).

    The reason is made showable (`meeple.web.shown`): a refusal may quote what the
    client sent or what a plugin wrote, and neither may break the body's encoding or
    reorder the words a person reads.
    """
    return write_body(ErrorBody(shown(reason, MAX_REASON), status, **extra))


async def send_refusal(
    send: Callable[[dict[str, Any]], Awaitable[None]],
    status: int,
    reason: str,
    *headers: tuple[bytes, bytes],
) -> None:
    """Send the refusal `error_body` writes, from ASGI middleware that answers before the
    app (no Starlette response there), with `headers` after its own."""
    body = json.dumps(error_body(status, reason)).encode()
    start = [
        (b"content-type", b"application/json"),
        (b"content-length", str(len(body)).encode()),
        *headers,
    ]
    await send({"type": "http.response.start", "status": status, "headers": start})
    await send({"type": "http.response.body", "body": body})


def creating_too_quickly(limits: Limits, wait: float) -> ApiError:
    """The 429 for a client past its rate of new matches, with when to try again."""
    return ApiError(
        429,
        f"you are creating matches too quickly (at most {limits.creates_per_minute:g} "
        f"a minute, {limits.create_burst} in a burst); try again in {wait:.0f} seconds",
        headers={"Retry-After": str(max(1, round(wait)))},
    )


def too_many_guesses(limits: Limits, wait: float) -> ApiError:
    """The 429 for a client that sent too many wrong seat tokens or unknown match ids."""
    return ApiError(
        429,
        f"your address sent too many wrong seat tokens or unknown match ids (at most "
        f"{limits.guesses_per_minute:g} a minute, {limits.guess_burst} in a burst); try "
        f"again in {wait:.0f} seconds",
        headers={"Retry-After": str(max(1, round(wait)))},
    )


def too_many_open(limits: Limits, which: str, wait: float | None = None) -> ApiError:
    """The 429 for a new match past the cap on unfinished ones: the server's (``"total"``,
    with the seconds until the longest-idle match may give way), one network's
    (``"network"``) or one address's (``"client"``)."""
    if which == "total":
        minutes = max(1, math.ceil((wait or 60.0) / 60))
        return ApiError(
            429,
            f"the server is full: it holds {limits.max_matches} unfinished matches, its "
            f"limit; try again in {minutes} minute{'s' if minutes > 1 else ''} (a match "
            f"nobody moved in for {duration(limits.full_idle_seconds)} then makes room)",
            headers={"Retry-After": str(minutes * 60)},
        )
    if which == "network":
        return ApiError(
            429,
            f"your network (addresses sharing the first 24 bits, or 48 for IPv6) already "
            f"has {max(limits.max_matches_per_network, limits.max_matches_per_client)} "
            "unfinished matches on this server, the most one network may have: finish or "
            "abandon one",
        )
    return ApiError(
        429,
        f"your address already has {limits.max_matches_per_client} unfinished "
        "matches on this server, the most one address may have: finish or abandon "
        f"one (a match with no move for {duration(limits.idle_seconds)} is "
        "closed by itself)",
    )

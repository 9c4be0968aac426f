"""One exception for every refusal the API makes, carrying its HTTP status and reason."""

from __future__ import annotations

from collections.abc import Mapping

__all__ = ["ApiError", "error_body"]


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


def error_body(status: int, reason: str, **extra: object) -> dict[str, object]:
    """The JSON body of every refusal, written from its type (`meeple.web.bodies.ErrorBody`)."""
    from .bodies import ErrorBody, structured, write_body

    return write_body(structured({"error": reason, "status": status, **extra}, ErrorBody))

"""A local web front end for any registered game: lobby, match pages, JSON API.

Needs the ``web`` extra (Starlette and uvicorn). Start it with ``meeple serve``
or build the ASGI app yourself with `create_app`. `Limits` (every resource bound
of the server) imports without the extra, so the CLI can show its defaults.
"""

from __future__ import annotations

from typing import TYPE_CHECKING
from typing import Any

from .limits import Limits

if TYPE_CHECKING:
    from .app import create_app

__all__ = ["Limits", "create_app"]


def __getattr__(name: str) -> Any:
    """`create_app` is imported on first use (it needs Starlette)."""
    if name == "create_app":
        from .app import create_app

        return create_app
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")

"""A local web front end for any registered game: lobby, match pages, JSON API.

Needs the ``web`` extra (Starlette and uvicorn). Start it with ``meeple serve``
or build the ASGI app yourself with `create_app`.
"""

from .app import create_app
from .limits import Limits

__all__ = ["Limits", "create_app"]

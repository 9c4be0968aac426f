"""Requests that another site's page makes with a player's browser are refused.

The API has no cookies (a seat's token travels in the ``Authorization`` header, which
a page on another origin cannot read nor make a browser send), and it grants no CORS
(``Access-Control-Allow-Origin`` is never sent, so a preflight fails and a script on
another origin cannot read an answer). What a page on another origin can still do
without asking is a "simple" request: a form post, an image's GET. Bodies must be
``application/json`` (`meeple.web.body`), which a form cannot send; and every
``/api/`` request a browser marks as made by another site (``Sec-Fetch-Site:
cross-site`` or ``same-site``, a header no page can set) gets 403 before any work,
so such a page cannot even create matches in a visitor's name or hold live-update
slots from the visitor's address.

Programs (``curl``, a bot written in Python) send no ``Sec-Fetch-Site`` and are
served as before.
"""

from __future__ import annotations

import json

from starlette.types import ASGIApp
from starlette.types import Receive
from starlette.types import Scope
from starlette.types import Send

__all__ = ["ALLOWED_SITES", "SameOrigin"]

ALLOWED_SITES = frozenset({b"same-origin", b"none"})
"""``Sec-Fetch-Site`` values served: the page itself, or a person typing the address."""

_REFUSAL = json.dumps(
    {
        "error": "this API answers only its own pages and programs, not a page of another "
        "site (Sec-Fetch-Site)",
        "status": 403,
    }
).encode()


class SameOrigin:
    """ASGI middleware: 403 for an ``/api/`` request a browser made for another site."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "http" and str(scope.get("path", "")).startswith("/api/"):
            site = dict(scope.get("headers", ())).get(b"sec-fetch-site")
            if site is not None and site.strip().lower() not in ALLOWED_SITES:
                headers = [
                    (b"content-type", b"application/json"),
                    (b"content-length", str(len(_REFUSAL)).encode()),
                ]
                await send({"type": "http.response.start", "status": 403, "headers": headers})
                await send({"type": "http.response.body", "body": _REFUSAL})
                return
        await self.app(scope, receive, send)

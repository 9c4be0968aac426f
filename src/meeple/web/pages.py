"""The HTML pages: the lobby, the match page (the JavaScript fills them in) and errors.

Rendered from Jinja2 templates (``templates/``) through Starlette, with
autoescaping on for every template: a value put into a page (a match id from the
URL, an error's reason) is escaped by the template engine, never by hand.
"""

from __future__ import annotations

from pathlib import Path

import jinja2
from starlette.requests import Request
from starlette.responses import HTMLResponse
from starlette.responses import Response
from starlette.templating import Jinja2Templates

from .. import __version__

__all__ = ["TEMPLATES", "error_page", "lobby_page", "match_page"]

TEMPLATES = Jinja2Templates(
    env=jinja2.Environment(
        loader=jinja2.FileSystemLoader(Path(__file__).parent / "templates"),
        autoescape=True,
        undefined=jinja2.StrictUndefined,
    )
)
"""The page templates (autoescaped; an undefined name is an error, not blank)."""


def lobby_page(request: Request) -> Response:
    """GET / : pick a game, seats and options; get join links."""
    context = {"title": "meeple lobby", "script": "lobby.js", "version": __version__}
    return TEMPLATES.TemplateResponse(request, "lobby.html", context)


def match_page(request: Request) -> Response:
    """GET /m/{id} : one seat's view (token in the URL fragment) or the spectator's."""
    context = {
        "title": "meeple match",
        "script": "match.js",
        "scripts": ["touch.js", "changes.js"],
        "match_id": request.path_params["match_id"],
    }
    return TEMPLATES.TemplateResponse(request, "match.html", context)


def error_page(request: Request, status: int, reason: str) -> HTMLResponse:
    """An HTML error page (outside the API, whose errors are JSON)."""
    context = {"title": str(status), "script": None, "status": status, "reason": reason}
    response: HTMLResponse = TEMPLATES.TemplateResponse(
        request, "error.html", context, status_code=status
    )
    return response

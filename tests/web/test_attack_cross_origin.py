"""Attack class 2 (issue 31): a page on another origin using a player's browser.

The server sets no cookie (so there is no SameSite to get wrong: a seat's token
lives in the page's URL fragment and travels in the ``Authorization`` header, which
another origin can neither read nor make the browser send), grants no CORS, and may
not be framed. What another site's page can still make a browser send unasked is a
"simple" request: a form post (``text/plain``, url-encoded, multipart) or a GET.

Hole found: a form on any web page, posted ``enctype="text/plain"`` with a body that
happens to be JSON, created matches in the visitor's name (from the visitor's
address, so against its limits, with the bots it chose running on the server). Now
a body must be ``application/json`` (415 otherwise; a browser asks first for that,
and the server never says yes), and any ``/api/`` request a browser marks as made
for another site (``Sec-Fetch-Site: cross-site`` or ``same-site``) gets 403.
"""

from __future__ import annotations

import http.server
import json
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING
from typing import Any

import pytest
from starlette.testclient import TestClient

from .support import LiveServer
from .support import bearer
from .support import create
from .support import http_from
from .support import refused

if TYPE_CHECKING:
    from playwright.sync_api import Browser
    from playwright.sync_api import Response

Json = dict[str, Any]
CREATE: Json = {"game": "goofspiel", "players": 2, "seats": ["human", "random"]}
FORM_TYPES = ("text/plain", "application/x-www-form-urlencoded", "multipart/form-data; boundary=x")


def _open(client: Any) -> int:
    count: int = client.get("/api/status").json()["matches"]["open"]
    return count


@pytest.mark.parametrize("kind", FORM_TYPES)
def test_a_form_post_of_json_creates_nothing(client: TestClient, kind: str) -> None:
    """What ``<form enctype="text/plain">`` on another site sends: it created a match."""
    body = json.dumps(CREATE).encode()
    response = client.post("/api/matches", content=body, headers={"content-type": kind})
    refused(response, 415, "application/json")
    refused(client.post("/api/matches", content=body), 415)  # no type at all
    assert _open(client) == 0


def test_a_move_posted_as_a_form_is_refused(client: TestClient) -> None:
    data = create(client, "goofspiel", ["human", "human"])
    token, url = data["seats"][0]["token"], f"/api/matches/{data['match']}"
    move = json.dumps({"action": "bid 1", "version": 0}).encode()
    headers = {**bearer(token), "content-type": "text/plain"}
    refused(client.post(f"{url}/act", content=move, headers=headers), 415)
    assert client.get(f"{url}/view").json()["version"] == 0


@pytest.mark.parametrize("site", ["cross-site", "same-site", "CROSS-SITE"])
def test_every_api_request_a_browser_makes_for_another_site_gets_403(
    client: TestClient, site: str
) -> None:
    data = create(client, "goofspiel", ["human", "human"])
    token, url = data["seats"][0]["token"], f"/api/matches/{data['match']}"
    seat = {**bearer(token), "sec-fetch-site": site}
    anyone = {"sec-fetch-site": site}
    move = {"action": "bid 1", "version": 0}
    requests: list[tuple[str, str, dict[str, str], Json | None]] = [
        ("POST", "/api/matches", anyone, CREATE),
        ("GET", "/api/status", anyone, None),
        ("GET", "/api/games", anyone, None),
        ("GET", f"{url}/view", anyone, None),
        ("GET", f"{url}/legal", seat, None),
        ("POST", f"{url}/act", seat, move),
        ("POST", f"{url}/abandon", seat, None),
        ("GET", f"{url}/record", anyone, None),
        ("GET", f"{url}/events", seat, None),
    ]
    for method, path, headers, body in requests:
        response = client.request(method, path, headers=headers, json=body)
        refused(response, 403, "another site")
    assert _open(client) == 1
    assert client.get(f"{url}/view").json()["closed"] is None
    for own in ("same-origin", "none"):  # the page itself, or an address typed in
        assert client.get(f"{url}/view", headers={"sec-fetch-site": own}).status_code == 200


def test_no_response_grants_cors_or_sets_a_cookie(client: TestClient) -> None:
    origin = {"origin": "https://evil.example"}
    data = create(client, "goofspiel", ["human", "human"])
    url = f"/api/matches/{data['match']}"
    preflight = {**origin, "access-control-request-method": "POST"}
    responses = [
        client.options("/api/matches", headers=preflight),
        client.options(
            f"{url}/act", headers={**preflight, "access-control-request-headers": "authorization"}
        ),
        client.get("/api/games", headers=origin),
        client.get(f"{url}/view", headers={**origin, **bearer(data["seats"][0]["token"])}),
        client.post("/api/matches", json=CREATE, headers=origin),
        client.get("/", headers=origin),
        client.get(f"/m/{data['match']}", headers=origin),
    ]
    assert responses[0].status_code == 405
    for response in responses:
        granted = [h for h in response.headers if h.lower().startswith("access-control-")]
        assert granted == [], (response.request.url, granted)
        assert "set-cookie" not in response.headers


def test_no_page_may_be_framed(client: TestClient) -> None:
    match = create(client, "goofspiel", ["human", "human"])["match"]
    for path in ("/", f"/m/{match}", "/m/nosuchmatch00", "/api/games", "/static/style.css"):
        response = client.get(path)
        policy = response.headers["content-security-policy"]
        assert "frame-ancestors 'none'" in policy, path
        assert response.headers["x-frame-options"] == "DENY", path


@contextmanager
def evil_site(target: str) -> Iterator[str]:
    """Another origin on loopback (127.0.0.2, so the browser's private-network rules treat
    it as the server's neighbour, as a page on the LAN would be) serving `_evil_page`."""
    page = _evil_page(target).encode()

    class Evil(http.server.BaseHTTPRequestHandler):
        def do_GET(self) -> None:
            self.send_response(200)
            self.send_header("Content-Type", "text/html")
            self.send_header("Content-Length", str(len(page)))
            self.end_headers()
            self.wfile.write(page)

        def log_message(self, *args: Any) -> None:
            """Quiet."""

    with http.server.ThreadingHTTPServer(("127.0.0.2", 0), Evil) as site:
        thread = threading.Thread(target=site.serve_forever, daemon=True)
        thread.start()
        try:
            yield f"http://127.0.0.2:{site.server_address[1]}"
        finally:
            site.shutdown()


def _evil_page(target: str) -> str:
    """A page another site would serve: a form post of JSON as text/plain, a fetch that
    needs CORS, a no-cors fetch, and the lobby in a frame."""
    body = json.dumps(CREATE)
    name, value = body[:-1] + ', "x": "', '"}'
    post = f"fetch('{target}/api/matches', {{method: 'POST', body: JSON.stringify({body}), "
    return f"""<!doctype html><html><body>
<form id="f" method="post" action="{target}/api/matches" enctype="text/plain" target="sink">
<input type="hidden" name='{name}' value='{value}'></form>
<iframe name="sink"></iframe>
<iframe id="framed" src="{target}/"></iframe>
<script>
window.results = {{}};
document.getElementById("f").submit();
{post} headers: {{"Content-Type": "application/json"}}}})
  .then(r => r.status, e => "blocked").then(v => {{ window.results.cors = v; }});
{post} mode: "no-cors", headers: {{"Content-Type": "text/plain"}}}})
  .then(r => "sent", e => "failed").then(v => {{ window.results.simple = v; }});
</script></body></html>"""


@pytest.mark.heavy  # a browser: about 4 s with its start
def test_another_sites_page_in_a_real_browser_creates_nothing_and_frames_nothing(
    browser: Browser, server: LiveServer
) -> None:
    statuses: list[int] = []
    context = browser.new_context()
    try:
        page = context.new_page()
        page.on("response", lambda r: _note_post(r, statuses))
        with evil_site(server.url) as evil, page.expect_response(_is_form_post):
            page.goto(f"{evil}/", wait_until="load")  # "load" waits for the frames too
        page.wait_for_function("window.results.cors && window.results.simple")
        assert page.evaluate("window.results.cors") == "blocked"  # no preflight is granted
        assert page.frame_locator("#framed").locator("#create").count() == 0  # not framed
    finally:
        context.close()
    assert statuses  # the server answered the form and the no-cors fetch...
    assert set(statuses) <= {403, 415}, statuses  # ...and refused them (the form got 201)
    with http_from(server.url) as http:
        assert http.get("/api/status").json()["matches"]["open"] == 0


def _is_form_post(response: Response) -> bool:
    request = response.request
    return request.is_navigation_request() and request.method == "POST"


def _note_post(response: Response, statuses: list[int]) -> None:
    if response.request.method == "POST":
        statuses.append(response.status)

"""Attack class 3 (issue 31): hostile text shown on a page.

A plugin game whose every text is hostile (its title, its options' choices and
defaults, its prompt, its refusal reasons, its text picture, its outcome details:
``<script>``, ``"><img onerror=...>``, a ``javascript:`` URL, U+202E) is served,
and so are hostile values from clients (a free-text option, a match id in the
URL, notation, bot specs). Everything is escaped or refused wherever it shows: the
lobby, the match page, the record, error pages, and the balance report. (The web
has no player names: seats are numbers.) A game's own HTML picture is its author's
markup, trusted as its code is; the Content-Security-Policy still keeps any script
in it from running.

Holes found: U+202E and other bidirectional or control characters in a plugin's
texts (title, prompt, log, refusals, pictures) reached the pages as themselves and
reordered what a player read; the balance report showed them too.
"""

from __future__ import annotations

import html.parser
import json
from pathlib import Path
from typing import TYPE_CHECKING
from typing import Any
from typing import ClassVar
from typing import Literal

import attrs
import pytest
from starlette.testclient import TestClient

from meeple.core import Outcome
from meeple.web import Limits
from meeple.web import create_app
from tests.shared import prose
from tests.shared import spec_of_test_game
from tests.toy_game import Options
from tests.toy_game import State
from tests.toy_game import ToyGame

from .support import bearer
from .support import create
from .support import http_from
from .support import live_server
from .support import refused

if TYPE_CHECKING:
    from playwright.sync_api import Browser

SCRIPT = "<script>window.pwned = 'script'</script>"
IMG = '"><img src=x onerror="window.pwned = \'img\'">'
LINK = "javascript:window.pwned = 'link'"
BIDI = "harmless\u202etxt.exe"
HOSTILE = f"{SCRIPT} {IMG} {LINK} {BIDI}"
"""Every payload at once."""
MARKERS = ("<script>window", "<img", "\u202e")
"""What must never reach a page as markup (or, for U+202E, as itself)."""


@attrs.frozen
class HostileOptions(Options):
    """Options whose choices and default are hostile, and a free-text one."""

    mood: Literal["calm", "<script>window.pwned = 'choice'</script>", "\u202eevil"] = "calm"
    motto: str = IMG


class HostileState(State):
    """The toy, saying hostile things wherever a game says something."""

    GAME_NAME: ClassVar[str] = "hostile"

    def prompt(self, player: int | None = None) -> str:
        return f"{super().prompt(player)} {HOSTILE}"

    def _refusal(self, action: Any, player: int) -> str:
        return f"{super()._refusal(action, player)} {HOSTILE}"

    def outcome(self) -> Outcome:
        base = super().outcome()
        details = tuple((*d, (HOSTILE, HOSTILE)) for d in base.details)
        return attrs.evolve(base, details=details)


@attrs.define
class HostileGame(ToyGame):
    """A plugin game whose every text is hostile (no HTML picture: the generic one)."""

    def render(self, view: Any) -> str:
        return f"{super().render(view)} {HOSTILE}"


SPEC = spec_of_test_game("hostile", f"Hostile {HOSTILE}", 4, lambda n: 3 * (n + 1))
GAME = HostileGame(spec=SPEC, options_type=HostileOptions, state_type=HostileState)
FAST = Limits(requests_per_second=10_000, request_burst=10_000)


@pytest.fixture
def hostile(tmp_path: Path) -> Any:
    with TestClient(create_app(tmp_path / "db.sqlite3", limits=FAST, games={"hostile": GAME})) as c:
        yield c


class Markup(html.parser.HTMLParser):
    """Collects what in a page could run or fetch: script, img, frame, object and base
    elements, a meta refresh, event-handler attributes, ``javascript:`` URLs."""

    def __init__(self) -> None:
        super().__init__()
        self.found: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        names = {name for name, _ in attrs}
        if tag in ("script", "img", "iframe", "object", "embed", "base") or "http-equiv" in names:
            self.found.append(f"<{tag}> with {attrs}")
        for name, value in attrs:
            if name.startswith("on") or (value or "").strip().lower().startswith("javascript:"):
                self.found.append(f"<{tag} {name}={value!r}>")


def _runnable(page: str, allowed_scripts: int = 0) -> list[str]:
    """What in `page` could run, beyond its own `allowed_scripts` ``<script src>``."""
    parser = Markup()
    parser.feed(page)
    own = [f for f in parser.found if f.startswith("<script> with [('src', '/static/")]
    assert len(own) == allowed_scripts, parser.found
    return [f for f in parser.found if f not in own]


def _text_of(data: Any) -> str:
    return json.dumps(data, ensure_ascii=False)


def test_a_hostile_plugins_texts_are_escaped_in_every_payload(hostile: TestClient) -> None:
    games = hostile.get("/api/games")
    assert games.headers["content-type"] == "application/json"
    assert games.headers["x-content-type-options"] == "nosniff"
    (summary,) = [g for g in games.json()["games"] if g["name"] == "hostile"]
    assert "\u202e" not in _text_of(summary)
    assert "\\u202e" in summary["title"]  # shown as an escape, still readable
    data = create(hostile, "hostile", ["human", "human"], seed=1)
    token, url = data["seats"][0]["token"], f"/api/matches/{data['match']}"
    view = hostile.get(f"{url}/view", headers=bearer(token)).json()
    assert "\u202e" not in _text_of(view)
    assert SCRIPT in view["prompt"]  # as text: the page sets it as text, never as markup
    assert _runnable(view["html"]) == []
    assert "&lt;script&gt;window.pwned" in view["html"]
    refusal = hostile.post(
        f"{url}/act", headers=bearer(token), json={"action": "draw", "version": 0}
    )
    reason = refused(refusal, 422, "not possible")
    assert "\u202e" not in reason
    assert "\\u202e" in reason


def test_hostile_client_values_are_refused_or_shown_escaped(hostile: TestClient) -> None:
    # A free-text option is accepted as text: the game's picture escapes it.
    data = create(hostile, "hostile", ["human", "human"], options={"motto": SCRIPT + IMG})
    view = hostile.get(f"/api/matches/{data['match']}/view").json()
    assert _runnable(view["html"]) == []
    # U+202E in any field, or a choice that had to be escaped, is refused.
    for body in (
        {"options": {"motto": BIDI}},
        {"options": {"mood": "\\u202eevil"}},
        {"seats": ["human", f"mcts:{IMG}"]},
        {"seats": ["human", LINK]},
    ):
        full = {"game": "hostile", "players": 2, "seats": ["human", "human"], **body}
        refused(hostile.post("/api/matches", json=full), 422)
    move = {"action": SCRIPT, "version": 0}
    reason = refused(hostile.post(f"/api/matches/{data['match']}/act", json=move), 403)
    assert "<script" not in reason


def test_pages_escape_whatever_the_url_holds(hostile: TestClient) -> None:
    match = create(hostile, "hostile", ["human", "human"])["match"]
    assert (
        _runnable(hostile.get(f"/m/{match}").text, allowed_scripts=3) == []
    )  # touch, changes, match
    assert _runnable(hostile.get("/").text, allowed_scripts=1) == []
    for path in (f"/m/{SCRIPT}", f"/m/x{IMG}", "/m/%E2%80%AEevil", f"/static/{SCRIPT}.js"):
        page = hostile.get(path)
        assert page.status_code == 404, path
        assert _runnable(page.text) == [], path
        assert not any(marker in page.text for marker in MARKERS), path


def test_the_record_and_the_outcome_are_json_never_a_page(hostile: TestClient) -> None:
    data = create(hostile, "hostile", ["human", "random"], seed=2)
    token, url = data["seats"][0]["token"], f"/api/matches/{data['match']}"
    hostile.post(f"{url}/abandon", headers=bearer(token))
    record = hostile.get(f"{url}/record")
    assert record.status_code == 200
    assert record.headers["content-type"] == "application/json"
    assert record.headers["x-content-type-options"] == "nosniff"
    assert "frame-ancestors 'none'" in record.headers["content-security-policy"]


def test_the_content_security_policy_lets_no_injected_script_run(hostile: TestClient) -> None:
    """The backstop for a game's own HTML: no inline script, no handler attribute, no
    ``javascript:`` URL, no plugin object, no form posted elsewhere, no base URL."""
    policy = hostile.get("/").headers["content-security-policy"]
    directives = dict(d.strip().split(" ", 1) for d in policy.split(";"))
    assert directives["script-src"] == "'self'"
    assert directives["default-src"] == "'self'"
    assert directives["object-src"] == "'none'"
    assert directives["base-uri"] == "'none'"
    assert directives["form-action"] == "'self'"
    assert "unsafe-inline" not in directives["script-src"]
    docs = prose("docs/web.md")
    assert f"Content-Security-Policy: `{policy}`" in docs  # the docs quote it exactly


@pytest.mark.heavy  # a browser: about 5 s with its start
def test_nothing_hostile_runs_or_reorders_in_a_real_browser(browser: Browser, db: Path) -> None:
    """The lobby and the match page of the hostile game in Chromium, the CSP bypassed so
    that escaping alone has to hold: no payload runs, every one shows as text."""
    app = create_app(db, games={"hostile": GAME})
    with live_server(app) as server, http_from(server.url) as http:
        data = create(http, "hostile", ["human", "human"], seed=1)
        context = browser.new_context(bypass_csp=True)
        dialogs: list[str] = []
        try:
            page = context.new_page()
            page.on("dialog", lambda dialog: dialogs.append(dialog.message))
            page.goto(f"{server.url}/")
            page.wait_for_selector("body[data-ready='1']")
            page.select_option("#game", "hostile")
            lobby = page.locator("#game-info").inner_text()
            assert "\u202e" not in lobby
            page.goto(data["seats"][0]["url"])
            page.wait_for_selector("button.action")
            page.click("button.action >> nth=0")
            page.wait_for_selector("body[data-version='1']")
            assert page.evaluate("window.pwned") is None
            assert page.locator("#board img, #board script, [onerror]").count() == 0
            board = page.locator("#board").inner_text()
            assert "<script>window.pwned = 'script'</script>" in board
            assert "\u202e" not in page.locator("body").inner_text()
        finally:
            context.close()
    assert dialogs == []


def test_the_balance_report_escapes_a_plugins_texts() -> None:
    from meeple.sim.analysis import analyze
    from meeple.sim.page import render_html

    analysis = analyze("goofspiel", 2, ["random", "random"], deals=2, ladder=())
    variants = tuple(attrs.evolve(v, label=HOSTILE) for v in analysis.variants)
    hostile = attrs.evolve(analysis, title=HOSTILE, variants=variants, lineup=(IMG, LINK))
    page = render_html(hostile, f"meeple analyze {HOSTILE}", {HOSTILE: HOSTILE}, [])
    assert _runnable(page) == []
    assert not any(marker in page for marker in MARKERS)
    assert "&lt;script&gt;" in page
    assert "\\u202e" in page

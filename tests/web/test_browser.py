"""End to end in real headless Chromium (Debian's package) driven by Playwright.

Needs ``apt-get install chromium`` and ``pip install playwright`` (see
``.ci/web-deps.sh``); there is no skipping: without them these tests fail.
Screenshots go to ``artifacts/screenshots/``; with ``MEEPLE_DOC_SCREENSHOTS=1`` the
lobby and two-humans ones are also written to ``docs/images/`` (the copies docs/web.md shows).
"""

from __future__ import annotations

import json
import random
import time
from collections.abc import Callable
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser
from playwright.sync_api import Page
from playwright.sync_api import Response
from playwright.sync_api import Route
from playwright.sync_api import TimeoutError as PlaywrightTimeoutError

import meeple

from ..shared import heavy_but
from ..shared import number
from ..shared import says
from .support import Json
from .support import LiveServer
from .support import bearer
from .support import hub_of
from .support import screenshot

TIMEOUT_MS = 30_000
# Pages are opened with bypass_csp=True only because Playwright's wait_for_function
# evaluates its predicate with eval, which the app's Content-Security-Policy forbids
# (test_api checks that the header is sent).


def create(page: Page, server: LiveServer, body: Json) -> Json:
    response = page.request.post(f"{server.url}/api/matches", data=body)
    assert response.status == 201, response.text()
    data: Json = response.json()
    return data


def shot(page: Page, name: str, *, doc: bool = False, full_page: bool = True) -> None:
    """The whole page, or the window (`screenshot`); a `doc` one is a copy docs/web.md
    shows."""
    screenshot(page, name, full_page=full_page, doc=doc)


def wait_ready(page: Page) -> None:
    """Until the page has drawn a view and either may act or the game is over."""
    page.wait_for_function(
        "document.body.dataset.version !== '-1' && "
        "(document.body.dataset.over === '1' || document.body.dataset.canAct === '1')",
        timeout=TIMEOUT_MS,
    )


def click_an_action(page: Page, rng: random.Random) -> str | None:
    """Click one enabled action button; wait for the page to show the next version.

    None if the page moved on before the click (a bot's move, in Wypas one made in
    secret, redraws the buttons between reading and clicking them): nothing was clicked.
    """
    version = page.get_attribute("body", "data-version")
    shown: list[str] = page.locator("#actions button.action:enabled").evaluate_all(
        "buttons => buttons.map(b => b.dataset.action)"
    )
    if not shown:
        return None
    notation = shown[rng.randrange(len(shown))]
    button = page.locator(f"#actions button.action:enabled[data-action={json.dumps(notation)}]")
    try:
        button.first.click(timeout=5_000)
    except PlaywrightTimeoutError:
        if page.get_attribute("body", "data-version") != version:
            return None  # redrawn without that button: the next view decides again
        raise
    page.wait_for_function(f"document.body.dataset.version !== '{version}'", timeout=TIMEOUT_MS)
    return notation


def seats_for(game: str) -> list[str]:
    spec = meeple.get_game(game).spec
    players = min(max(2, spec.min_players), spec.max_players)
    bots = ["mcts:iterations=20", "greedy:worlds=2", "random", "random", "random"]
    return ["human", *bots[: players - 1]]


@pytest.mark.parametrize("game", heavy_but(meeple.game_names(), "bear_mountain", "goofspiel"))
def test_one_human_plays_a_full_game_against_bots(
    browser: Browser, server: LiveServer, game: str
) -> None:
    page = browser.new_page(viewport={"width": 1100, "height": 900}, bypass_csp=True)
    responses: list[Response] = []
    page.on("response", _collector(responses))
    try:
        seats = seats_for(game)
        data = create(
            page, server, {"game": game, "players": len(seats), "seats": seats, "seed": 7}
        )
        page.goto(data["seats"][0]["url"])
        rng = random.Random(game)
        clicks = 0
        while True:
            wait_ready(page)
            if page.get_attribute("body", "data-over") == "1":
                break
            if clicks == 2:
                shot(page, f"{game}-playing")
            if click_an_action(page, rng) is not None:
                clicks += 1
        assert clicks > 0
        rows = page.locator("#outcome tr[data-player]")
        assert rows.count() == len(seats)
        assert page.locator("#outcome tr.winner").count() >= 1
        assert page.locator("#log li").count() >= clicks
        shot(page, f"{game}-final")
        record = page.request.get(f"{server.url}/api/matches/{data['match']}/record").json()
        replayed = meeple.loads(json.dumps(record["record"])).replay()
        assert replayed.state.is_over
        # A click can lose a race: a bot offered a special card in secret (Wypas) plays
        # it first, and the page is told to look again (409) and refreshes.
        stale = sum(1 for r in responses if r.url.endswith("/act") and r.status == 409)
        assert sum(1 for player, _ in replayed.history if player == 0) == clicks - stale
    finally:
        page.close()


def _collector(box: list[Response]) -> Callable[[Response], None]:
    """A response handler that keeps every response (Playwright cannot take list.append)."""

    def keep(response: Response) -> None:
        box.append(response)

    return keep


def _view_bodies(responses: list[Response]) -> list[Json]:
    bodies: list[Json] = []
    for response in responses:
        if "/view" in response.url and response.ok:
            bodies.append(response.json())
    return bodies


def _hand_markup(hand: tuple[int, ...]) -> str:
    return '<ol class="seq">' + "".join(f"<li>{c}</li>" for c in hand) + "</ol>"


def test_two_humans_in_two_browsers_never_see_each_others_hand(
    browser: Browser, server: LiveServer
) -> None:
    """Toy High Card deals each player three distinct cards; each browser sees only its own."""
    contexts = [
        browser.new_context(viewport={"width": 900, "height": 900}, bypass_csp=True)
        for _ in range(2)
    ]
    pages = [context.new_page() for context in contexts]
    seen: list[list[Response]] = [[], []]
    try:
        for seat, page in enumerate(pages):
            page.on("response", _collector(seen[seat]))
        data = create(
            pages[0], server, {"game": "toy", "players": 2, "seats": ["human", "human"], "seed": 11}
        )
        live = hub_of(server.app).held(data["match"])
        ever_held: list[set[int]] = [set(), set()]
        for seat, page in enumerate(pages):
            page.goto(data["seats"][seat]["url"])
        rng = random.Random(3)

        def check_privacy() -> None:
            state: Any = live.match.state
            for seat, page in enumerate(pages):
                version = live.version_for(seat)
                page.wait_for_function(
                    f"document.body.dataset.version === '{version}'", timeout=TIMEOUT_MS
                )
                ever_held[seat] |= set(state.hands[seat])
            for seat, page in enumerate(pages):
                other = 1 - seat
                mine, theirs = state.hands[seat], state.hands[other]
                shown = page.locator('[data-field="hand"] li').all_inner_texts()
                assert shown == [str(c) for c in mine]
                if theirs:
                    assert _hand_markup(theirs) not in page.content()
                for body in _view_bodies(seen[seat]):
                    hand = body["view"]["hand"]
                    assert set(hand).isdisjoint(ever_held[other])
                    pick = body["view"]["my_pick"]
                    assert pick is None or pick not in ever_held[other]

        check_privacy()
        shot(pages[0], "two-humans-seat0-start", doc=True, full_page=False)
        shot(pages[1], "two-humans-seat1-start", doc=True, full_page=False)
        while not live.match.state.is_over:
            moved = False
            for page in pages:
                wait_ready(page)
                if page.get_attribute("body", "data-can-act") == "1":
                    click_an_action(page, rng)
                    moved = True
                    check_privacy()
            assert moved or live.match.state.is_over
        for seat, page in enumerate(pages):
            wait_ready(page)
            assert page.locator("#outcome tr[data-player]").count() == 2
            shot(page, f"two-humans-seat{seat}-final")
        assert all(len(bodies) > 3 for bodies in map(_view_bodies, seen))
    finally:
        for context in contexts:
            context.close()


def test_a_secret_bid_stays_in_its_own_browser(browser: Browser, server: LiveServer) -> None:
    """Goofspiel: after seat 0 bids, seat 1's browser shows that a bid was placed, not which."""
    contexts = [browser.new_context(bypass_csp=True) for _ in range(2)]
    pages = [context.new_page() for context in contexts]
    try:
        data = create(
            pages[0],
            server,
            {"game": "goofspiel", "players": 2, "seats": ["human", "human"], "seed": 1},
        )
        for seat, page in enumerate(pages):
            page.goto(data["seats"][seat]["url"])
            wait_ready(page)
        pages[0].locator('#actions button[data-action="bid 5"]').click()
        for page in pages:
            page.wait_for_function("document.body.dataset.version === '1'", timeout=TIMEOUT_MS)
        assert pages[0].locator('[data-field="my_bid"] td').inner_text() == "5"
        assert pages[1].locator('[data-field="my_bid"] td').inner_text() == "—"
        assert pages[1].locator('[data-field="bid_placed"] li').all_inner_texts() == ["yes", "no"]
        assert "(secret move)" in pages[1].locator("#log").inner_text()
        assert "bid 5" not in pages[1].locator("#log").inner_text()
        assert "bid 5" in pages[0].locator("#log").inner_text()
        shot(pages[1], "goofspiel-secret-bid-other-seat")
    finally:
        for context in contexts:
            context.close()


def test_the_lobby_creates_a_match_with_join_and_spectator_links(
    browser: Browser, server: LiveServer
) -> None:
    context = browser.new_context(viewport={"width": 1000, "height": 800}, bypass_csp=True)
    try:
        page = context.new_page()
        page.goto(f"{server.url}/")
        page.wait_for_selector("body[data-ready='1']", timeout=TIMEOUT_MS)
        page.select_option("#game", "goofspiel")
        page.fill("#players", "3")
        page.dispatch_event("#players", "change")
        page.fill('[data-option="cards"]', "4")
        page.select_option('select[data-seat="1"]', "random")
        page.select_option('select[data-seat="2"]', "human")
        page.click("#create-button")
        page.wait_for_selector("#links:not([hidden])", timeout=TIMEOUT_MS)
        shot(page, "lobby", doc=True)
        joins = page.locator("a.join")
        assert joins.count() == 2
        seat2_url = joins.nth(1).get_attribute("href") or ""
        spectator_url = page.locator("a.spectate").get_attribute("href") or ""
        player = context.new_page()
        player.goto(seat2_url)
        wait_ready(player)
        assert player.locator("#who").inner_text() == "You are player 2."
        assert player.locator("#actions button.action").count() == 4  # cards=4 took effect
        watcher = context.new_page()
        watcher.goto(spectator_url)
        watcher.wait_for_function("document.body.dataset.version !== '-1'", timeout=TIMEOUT_MS)
        assert "spectator" in watcher.locator("#who").inner_text()
        assert watcher.locator("#turn").is_hidden()
        assert watcher.locator('[data-field="hand"] td').inner_text() == "—"
    finally:
        context.close()


# live-update slots and back-off (issue 14 item 6) ------------------------------------------


@pytest.fixture
def crowded(tmp_path: Path) -> Iterator[tuple[LiveServer, Json, Any]]:
    """A server allowing one spectator stream per match, a match, and that stream taken."""
    from meeple.web import Limits
    from meeple.web import create_app

    from .support import http_from
    from .support import live_server

    app = create_app(tmp_path / "crowded.sqlite3", limits=Limits(max_spectators=1))
    with live_server(app) as running, http_from(running.url, "127.0.0.77") as http:
        response = http.post(
            "/api/matches",
            json={"game": "goofspiel", "players": 2, "seats": ["human", "human"], "seed": 2},
        )
        data: Json = response.json()
        with http.stream("GET", f"/api/matches/{data['match']}/events") as taken:
            lines = taken.iter_lines()  # kept: a dropped iterator closes the stream
            assert next(lines) == "retry: 2000"
            yield running, data, lines


def test_a_players_page_gets_live_updates_while_spectators_fill_the_slots(
    browser: Browser, crowded: tuple[LiveServer, Json, Any]
) -> None:
    server, data, _ = crowded
    page = browser.new_page(bypass_csp=True)
    try:
        page.goto(data["seats"][0]["url"])
        wait_ready(page)
        page.wait_for_function("document.body.dataset.live === 'on'", timeout=TIMEOUT_MS)
        token = data["seats"][1]["token"]
        response = page.request.post(
            f"{server.url}/api/matches/{data['match']}/act",
            headers={"Authorization": f"Bearer {token}"},
            data={"action": "bid 1", "version": 0},
        )
        assert response.status == 200
        # only the live-update stream can tell the page: it does not poll
        page.wait_for_function("document.body.dataset.version === '1'", timeout=TIMEOUT_MS)
    finally:
        page.close()


def test_the_match_page_backs_off_and_stops_after_repeated_refusals(
    browser: Browser, crowded: tuple[LiveServer, Json, Any]
) -> None:
    _, data, _ = crowded
    page = browser.new_page(bypass_csp=True)
    attempts: list[float] = []

    def count(request: Any) -> None:
        if request.url.endswith("/events"):
            attempts.append(time.monotonic())

    page.on("request", count)
    try:
        page.clock.install()
        page.goto(data["spectator_url"])
        page.wait_for_function("document.body.dataset.version !== '-1'", timeout=TIMEOUT_MS)
        for _ in range(40):  # ten minutes of page time, in steps
            page.clock.run_for(15_000)
            page.wait_for_timeout(50)
            if page.evaluate("window.meepleLive.stopped"):
                break
        assert page.evaluate("window.meepleLive.stopped")
        assert page.get_attribute("body", "data-live") == "stopped"
        assert "reload" in page.locator("#status").inner_text()
        assert len(attempts) == 6  # then it stops
        page.clock.run_for(600_000)
        page.wait_for_timeout(300)
        assert len(attempts) == 6
    finally:
        page.close()


BACKING_OFF = (
    r"backs off after a refused or dropped stream \((\d+), (\d+), (\d+) \.\.\. up to (\d+) "
    r"seconds, each wait spread by up to a (fifth) .*?, or longer when `Retry-After` says so, "
    r"up to a (minute)\) and stops after (\w+) failures in a row, saying so\. A view refused "
    r"for a passing reason \((\d+), (\d+)-(\d+), no connection\)"
)
"""docs/web.md's promise of how a match page waits, each number a group."""
PARTS = {"fifth": 5, "minute": 60}
"""Numbers the sentence gives as words: a fifth, a minute (in seconds)."""
WAITS = """([draws, told]) => {
  const real = Math.random;
  const waits = { failing: [], told: [], failures: MAX_FAILURES, passing: [...PASSING] };
  try {
    for (const draw of draws) {
      Math.random = () => draw;
      waits.failing.push([1, 2, 3, 4, 5, 6, 7, 8, 9, 10].map((n) => backoff(n, null)));
      waits.told.push(told.map((header) => backoff(1, header)));
    }
  } finally {
    Math.random = real;
  }
  return waits;
}"""
"""The page's own waits after 1 to 10 failures, and after one failure with each
Retry-After, for each value of Math.random."""


def test_the_page_waits_as_the_docs_say(browser: Browser, server: LiveServer) -> None:
    """The numbers of docs/web.md's sentence, read from the page, are the match page's:
    waits doubling from the first ones to the cap, spread at most a fifth either way and
    never past the cap; a Retry-After waited for in full up to a minute; the failures
    that stop it; the refusals that are worth asking again."""
    said = says("docs/web.md", BACKING_OFF).groups()
    first, second, third, cap = (number(n) * 1000 for n in said[:4])
    spread, told_cap = 1 / PARTS[said[4]], PARTS[said[5]] * 1000
    assert (second, third) == (2 * first, 4 * first)
    page = browser.new_page(bypass_csp=True)
    try:
        two = {"game": "goofspiel", "players": 2, "seats": ["human", "human"], "seed": 4}
        page.goto(create(page, server, two)["spectator_url"])
        page.wait_for_function("document.body.dataset.version !== '-1'", timeout=TIMEOUT_MS)
        told = ["1", "45", "600", "soon"]
        waits = page.evaluate(WAITS, [[0.5, 0, 0.999999], told])
    finally:
        page.close()
    middle, low, high = waits["failing"]
    doubling = [first * 2**k for k in range(10)]
    assert middle == [min(cap, w) for w in doubling]
    assert low == pytest.approx([min(cap, w * (1 - spread)) for w in doubling])
    assert high == pytest.approx([min(cap, w * (1 + spread)) for w in doubling], rel=1e-5)
    for draw, (one, most, too_long, not_a_number) in enumerate(waits["told"]):
        assert 1000 <= one <= 1000 * (1 + spread), draw  # never sooner than asked
        assert 45_000 <= most <= min(told_cap, 45_000 * (1 + spread)), draw
        assert too_long == told_cap, draw
        assert not_a_number == waits["failing"][draw][0], draw
    assert waits["failures"] == number(said[6])
    low_status, high_status = number(said[8]), number(said[9])
    passing = {number(said[7]), *range(low_status, high_status + 1)}
    assert set(waits["passing"]) == passing


def test_a_view_refused_for_a_passing_reason_is_asked_for_again(
    browser: Browser, server: LiveServer
) -> None:
    """Regression: the page asked for its view once; when that was refused (a busy
    server's 429 for requests in flight) and the live updates were refused as well (a
    client's request rate), it stayed blank: only a live update asked again. A refused
    view is asked for again after Retry-After."""
    page = browser.new_page(bypass_csp=True)
    views: list[str] = []

    def refuse_the_first(route: Route) -> None:
        views.append(route.request.url)
        if len(views) == 1:
            body = {"error": "your address already has 4 requests in progress", "status": 429}
            route.fulfill(status=429, json=body, headers={"Retry-After": "1"})
        else:
            route.continue_()

    try:
        two = {"game": "goofspiel", "players": 2, "seats": ["human", "human"], "seed": 3}
        data = create(page, server, two)
        page.route("**/view", refuse_the_first)
        busy = {"error": "too many requests from your address; slow down", "status": 429}
        page.route("**/events", lambda route: route.fulfill(status=429, json=busy))
        page.goto(data["seats"][0]["url"])
        wait_ready(page)
        assert len(views) == 2  # refused once, then drawn
    finally:
        page.close()


def test_a_view_drawn_while_a_move_is_sent_is_drawn_again_once_it_is_answered(
    browser: Browser, server: LiveServer
) -> None:
    """Regression: the live update of a seat's own move can arrive before the answer to
    its POST; the page drew that view with its buttons disabled (a move was being sent)
    and, the version being the same once the answer came, never drew it again, so the
    player could not move although it was their turn."""
    page = browser.new_page(viewport={"width": 900, "height": 900}, bypass_csp=True)
    try:
        data = create(
            page,
            server,
            {"game": "goofspiel", "players": 2, "seats": ["human", "human"], "seed": 5},
        )
        url = f"{server.url}/api/matches/{data['match']}"
        other = bearer(data["seats"][1]["token"])
        page.goto(data["seats"][0]["url"])
        wait_ready(page)
        first = page.request.get(f"{url}/view", headers=other).json()
        answer = {"action": first["legal"][0], "version": first["version"]}
        assert page.request.post(f"{url}/act", data=answer, headers=other).ok
        page.wait_for_function("document.body.dataset.version !== '0'", timeout=TIMEOUT_MS)
        wait_ready(page)
        before = page.get_attribute("body", "data-version")

        def answer_late(route: Route) -> None:
            response = route.fetch()  # the move is made; its live update is sent now
            page.wait_for_function(
                f"document.body.dataset.version !== '{before}'", timeout=TIMEOUT_MS
            )
            route.fulfill(response=response)

        page.route("**/act", answer_late)
        page.locator("#actions button.action:enabled").first.click()
        page.wait_for_function(
            f"document.body.dataset.version !== '{before}' && document.body.dataset.canAct === '1'",
            timeout=10_000,
        )
    finally:
        page.close()

"""The web table plays like a table (issue 33, item 8), in headless Chromium.

* at 1280x800 the page is one screen: it does not scroll, and the decision and every
  piece a legal move uses are in the window, not covered by anything;
* at a phone's width (390x844, touch) nothing runs off the side, and a move is played
  by taps alone while the decision stays in view;
* a "Bots are thinking…" said while bots think goes once it is your move;
* what changed since your last move is highlighted, your own move not;
* a click on a piece no move uses says why: Bear Went Over the Mountain's score
  cards by the rules' reason, any other piece in general words.

Bots are held at a gate (`held`) where a test needs them thinking, so nothing here
races them. The pages keep the app's Content-Security-Policy: the tests read
bounding boxes and selectors, never evaluated scripts. With
``MEEPLE_DOC_SCREENSHOTS=1`` the window of each game at both sizes is written to
``docs/images/web-<game>-desktop.png`` and ``-phone.png`` (docs/web.md shows them).
"""

from __future__ import annotations

import asyncio
import random
import re
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import pytest
from playwright.sync_api import Browser
from playwright.sync_api import Page
from playwright.sync_api import ViewportSize
from playwright.sync_api import expect

import meeple
from meeple.web.bot_seats import BotDriver

from ..shared import SHORT_OPTIONS
from ..shared import number
from ..shared import prose
from ..shared import says
from .support import Json
from .support import LiveServer
from .support import bearer
from .support import screenshot

TIMEOUT_MS = 60_000
GAMES = meeple.game_names()
DESKTOP: ViewportSize = {"width": 1280, "height": 800}
PHONE: ViewportSize = {"width": 390, "height": 844}
MOVES_IN = 3
"""Moves a seat makes on its page before the layout is checked (and the copy shot)."""
SMALLEST_TOUCH = 20
"""The least width and height (CSS pixels) of a piece a move uses, on a phone."""


class Gate:
    """Holds every bot decision of the server until the test lets one through."""

    def __init__(self) -> None:
        self.passes = threading.Semaphore(0)
        self.waiting = threading.Event()
        """Set when a bot decision is held at the gate."""

    def let_one_through(self) -> None:
        self.waiting.clear()
        self.passes.release()


@pytest.fixture
def held(server: LiveServer, monkeypatch: pytest.MonkeyPatch) -> Iterator[Gate]:
    """Bots (all but ``random``, which needs no worker) think only when let through."""
    gate = Gate()
    think = BotDriver._think

    async def gated(driver: BotDriver, client: str, bot: Any, view: Any, legal: Any) -> Any:
        gate.waiting.set()
        await asyncio.to_thread(gate.passes.acquire, True, 60)
        return await think(driver, client, bot, view, legal)

    monkeypatch.setattr(BotDriver, "_think", gated)
    yield gate
    gate.passes.release(1000)  # nothing stays held while the server stops


def create(page: Page, server: LiveServer, game: str, seats: list[str], **options: Any) -> Json:
    body: Json = {"game": game, "players": len(seats), "seats": seats, "seed": 7}
    if game in SHORT_OPTIONS or options:
        body["options"] = {**SHORT_OPTIONS.get(game, {}), **options}
    response = page.request.post(f"{server.url}/api/matches", data=body)
    assert response.status == 201, response.text()
    created: Json = response.json()
    return created


def ready(page: Page, server: LiveServer, created: Json) -> Json:
    """Wait until the page may act; the view it shows (read as its seat)."""
    page.wait_for_selector('body[data-can-act="1"]', state="attached", timeout=TIMEOUT_MS)
    shown = page.get_attribute("body", "data-version")
    url = f"{server.url}/api/matches/{created['match']}/view"
    data: Json = page.request.get(url, headers=bearer(created["seats"][0]["token"])).json()
    if str(data["version"]) != shown or not data["elements"]:
        return ready(page, server, created)  # the page is about to show a newer view
    return data


def element(page: Page, name: str) -> Any:
    return page.locator(f'#board [data-el="{name}"]').first


def touch(page: Page, name: str, *, tap: bool = False) -> None:
    """Click (or tap) a table element; one that holds others in its corner, off them."""
    target = element(page, name)
    corner = {"x": 3, "y": 3} if target.locator("[data-el]").count() else None
    if tap:
        target.tap(position=corner) if corner else target.tap()
    else:
        target.click(position=corner) if corner else target.click()


def play(page: Page, data: Json, choice: int, *, tap: bool = False) -> None:
    """Play legal move `choice` by touching its elements, then the last one again."""
    names = list(data["elements"][choice])
    for name in names:
        touch(page, name, tap=tap)
    expect(page.locator("#choice-text")).to_have_attribute("data-ready", data["legal"][choice])
    touch(page, names[-1], tap=tap)
    page.wait_for_selector(
        f'body:not([data-version="{data["version"]}"])', state="attached", timeout=TIMEOUT_MS
    )


def inside(box: Any, size: ViewportSize) -> bool:
    """Whether a bounding box lies wholly in a window of `size` (no scrolling needed)."""
    return bool(
        box
        and box["x"] >= -0.5
        and box["y"] >= -0.5
        and box["x"] + box["width"] <= size["width"] + 0.5
        and box["y"] + box["height"] <= size["height"] + 0.5
    )


def seats_for(game: str) -> list[str]:
    spec = meeple.get_game(game).spec
    players = min(max(2, spec.min_players), spec.max_players, 3)
    return ["human", *["random"] * (players - 1)]


@contextmanager
def playing(
    browser: Browser, server: LiveServer, game: str, size: ViewportSize
) -> Iterator[tuple[Page, Json]]:
    """A seat's page in a window of `size`, three moves (by clicks, or by taps on a
    phone) into a seeded game against random bots: the page and the view it shows."""
    phone = size == PHONE
    context = browser.new_context(viewport=size, has_touch=phone, is_mobile=phone)
    try:
        page = context.new_page()
        created = create(page, server, game, seats_for(game))
        page.goto(created["seats"][0]["url"])
        rng = random.Random(game)
        for _ in range(MOVES_IN):
            data = ready(page, server, created)
            play(page, data, rng.randrange(len(data["legal"])), tap=phone)
        yield page, ready(page, server, created)
    finally:
        context.close()


def test_the_page_gives_the_windows_and_the_moves_of_these_tests() -> None:
    """docs/web.md's window sizes (each width and height joined by a times sign, and "a
    390-pixel phone") are `DESKTOP` and `PHONE`; its screenshots are "three moves in"."""
    sizes = set(re.findall(r"(\d+)\N{MULTIPLICATION SIGN}(\d+)", prose("docs/web.md")))
    assert {(number(w), number(h)) for w, h in sizes} == {
        (size["width"], size["height"]) for size in (DESKTOP, PHONE)
    }
    assert number(says("docs/web.md", r"on a (\d+)-pixel phone")[1]) == PHONE["width"]
    assert number(says("docs/web.md", r"against random bots, (\w+) moves in")[1]) == MOVES_IN


@pytest.mark.parametrize("game", GAMES)
def test_the_table_and_the_decision_fit_one_1280x800_screen(
    browser: Browser, server: LiveServer, game: str
) -> None:
    with playing(browser, server, game, DESKTOP) as (page, data):
        assert inside(page.locator("body").bounding_box(), DESKTOP)  # the page never scrolls
        assert inside(page.locator("#turn").bounding_box(), DESKTOP)
        assert page.locator("#prompt").inner_text() == data["prompt"]
        used = sorted({name for names in data["elements"] for name in names})
        hand = page.locator('#board [data-field="hand"]')
        pieces = [element(page, name) for name in used] + ([hand] if hand.count() else [])
        for piece in pieces:
            assert inside(piece.bounding_box(), DESKTOP), piece
            piece.click(trial=True, timeout=5_000)  # fails if anything covers it
        element(page, data["elements"][0][0]).click()  # a decision under way, for the picture
        screenshot(page, f"{game}-desktop", doc=True)


@pytest.mark.parametrize("game", GAMES)
def test_a_phone_plays_by_touch_and_nothing_runs_off_the_side(
    browser: Browser, server: LiveServer, game: str
) -> None:
    with playing(browser, server, game, PHONE) as (page, data):  # three moves, by taps
        page.locator("#bar").scroll_into_view_if_needed()
        width = PHONE["width"] + 0.5
        for part in ("body", "#bar", "#board > *", "#turn", "#side"):
            box = page.locator(part).first.bounding_box()
            assert box, part
            assert box["x"] >= 0, part
            assert box["x"] + box["width"] <= width, part
        for names in data["elements"]:
            box = element(page, names[0]).bounding_box()
            assert box, names[0]
            assert min(box["width"], box["height"]) >= SMALLEST_TOUCH, names[0]
        touch(page, data["elements"][0][0], tap=True)
        assert inside(page.locator("#turn").bounding_box(), PHONE)  # held at the window's foot
        assert page.locator("#choice-text").inner_text()
        screenshot(page, f"{game}-phone", doc=True)


def bot_is_thinking(page: Page, server: LiveServer, held: Gate, created: Json) -> Json:
    """Play the first legal move while the bot is held: the page says so. The view then."""
    data = ready(page, server, created)
    play(page, data, 0)
    held.waiting.wait(timeout=30)
    expect(page.locator("#status")).to_contain_text("Bots are thinking")
    return data


def test_bots_are_thinking_goes_once_it_is_your_move(
    browser: Browser, server: LiveServer, held: Gate
) -> None:
    """Regression: a click or a hover while bots thought left "Bots are thinking…" on
    the page after they had moved, though the seat could act again."""
    page = browser.new_page(viewport=DESKTOP)
    try:
        created = create(page, server, "bear_mountain", ["human", "greedy:worlds=1"])
        page.goto(created["seats"][0]["url"])
        bot_is_thinking(page, server, held, created)
        touch(page, "slot-1")
        assert page.locator("#message").inner_text() == "Bots are thinking…"
        element(page, "slot-2").hover()
        assert page.locator("#hint").inner_text() == "Bots are thinking…"
        held.let_one_through()
        ready(page, server, created)
        for part in ("#message", "#hint", "#status"):
            assert "thinking" not in page.locator(part).inner_text(), part
        assert page.locator("#status").inner_text().startswith("Your move.")
    finally:
        page.close()


def test_what_changed_since_your_last_move_is_highlighted(
    browser: Browser, server: LiveServer, held: Gate
) -> None:
    page = browser.new_page(viewport=DESKTOP)
    try:
        created = create(page, server, "bear_mountain", ["human", "greedy:worlds=1"])
        page.goto(created["seats"][0]["url"])
        bot_is_thinking(page, server, held, created)
        mine = page.locator('#board [data-hike="0"] .bm-card').last
        assert "changed" not in (mine.get_attribute("class") or "")  # the picture after it
        held.let_one_through()
        ready(page, server, created)
        theirs = page.locator('#board [data-hike="1"] .bm-card').last
        expect(theirs).to_have_class("bm-card changed")
        expect(mine).to_have_class("bm-card")  # your own move is not news to you
        assert page.locator("#board [data-hike] .changed").count() == 1
        assert int(page.get_attribute("body", "data-changed") or 0) >= 2  # a slot refilled too
        log = page.locator("#log li")
        assert log.last.get_attribute("class") == "new"
        assert "new" not in (log.nth(log.count() - 2).get_attribute("class") or "")
        expect(page.locator("#changes")).to_contain_text("since your last move")
    finally:
        page.close()


def test_a_click_on_any_piece_no_move_uses_says_why(browser: Browser, server: LiveServer) -> None:
    """Regression: Bear Went Over the Mountain's score cards said nothing when clicked."""
    page = browser.new_page(viewport=DESKTOP)
    try:
        created = create(page, server, "bear_mountain", ["human", "random"])
        page.goto(created["seats"][0]["url"])
        play(page, ready(page, server, created), 0)  # a card in each hike
        data = ready(page, server, created)
        score = page.locator('#board [data-el^="score-"]').first
        name = score.get_attribute("data-el") or ""
        score.click()
        page.wait_for_selector(f'body[data-refused="{name}"]', state="attached")
        reason = data["refusals"][name]
        assert "score cards" in reason
        assert page.locator("#message").inner_text() == reason
        page.locator('#board [data-hike="1"] .bm-card').first.click()
        assert page.locator("#message").inner_text().startswith("No move uses this (")
        assert page.get_attribute("body", "data-version") == str(data["version"])
    finally:
        page.close()
